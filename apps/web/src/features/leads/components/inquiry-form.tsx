import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FORM_MIN_SECONDS, type InquiryForm as Form } from '@decor/core';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { arrivalOf, fetchInquiryForm, type InquiryFields, sendInquiry, solveProof } from '../api/inquiry.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

/**
 * The inquiry form (docs/public-pages.md, "Inquiries"): who the visitor is, what they are looking
 * for and how to reach them, with one unchecked box for news. The spam checks are invisible: the
 * form's token and a proof of work the browser solves while the person types.
 */
const EMPTY: InquiryFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
  interest: null,
  budget: null,
  timeline: null,
  agent: null,
  contact: 'email',
  news: false,
};
/** Refusals that a fresh form answers: the visitor's words are kept and sent again with it. */
const STALE_FORM = new Set(['inquiry.form-expired', 'inquiry.form-used', 'inquiry.no-proof']);

export function InquiryForm({ code, compact = false }: { code?: string; compact?: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  // A form per language: its consent sentence is the one the visitor reads (and the one kept as proof).
  const form = useQuery({
    queryKey: ['inquiry-form', language],
    queryFn: fetchInquiryForm,
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
  const proof = useRef<Promise<{ proof: string; ms: number }> | null>(null);
  const shownAt = useRef(0);
  const [fields, setFields] = useState<InquiryFields>(EMPTY);
  const [website, setWebsite] = useState('');
  const [state, setState] = useState<{
    busy?: boolean;
    sent?: boolean;
    problem?: string;
    errors?: Record<string, string>;
  }>({});
  const set = <K extends keyof InquiryFields>(key: K, value: InquiryFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  // The proof of work starts the moment the form arrives, long before the person has finished typing.
  useEffect(() => {
    if (!form.data) return;
    shownAt.current = Date.now();
    const solving = solveProof(form.data.challenge);
    solving.then(({ ms }) => document.documentElement.setAttribute('data-proof-ms', String(ms))).catch(() => undefined);
    proof.current = solving;
  }, [form.data]);

  const submit = async (data: Form) => {
    setState({ busy: true });
    try {
      const solved = await proof.current!;
      // A person whose browser filled the form in for them is not a robot: wait out the form's first seconds for them.
      const early = shownAt.current + FORM_MIN_SECONDS * 1000 + 250 - Date.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      await sendInquiry({
        ...fields,
        ...arrivalOf(window.location, document.referrer),
        code: code ?? null,
        website,
        token: data.token,
        proof: solved.proof,
      });
      setState({ sent: true });
    } catch (error) {
      const refusal = error instanceof ApiError ? error : null;
      if (refusal?.key && STALE_FORM.has(refusal.key)) void form.refetch();
      setState({
        problem: refusal ? refusal.message : error instanceof Error ? error.message : t('app.inquiry.failed'),
        errors: refusal ? fieldErrorsOf(refusal) : {},
      });
    }
  };

  if (state.sent) {
    return (
      <Paper withBorder p="lg" radius="md" data-testid="inquiry-sent" role="status">
        <Title order={2} fz="h3">
          {t('app.inquiry.thanks', { name: fields.firstName })}
        </Title>
        <Text mt="xs">
          {t('app.inquiry.received', {
            project: form.data?.projectName ?? t('app.inquiry.sales-team'),
            by: fields.contact ?? 'email',
          })}
        </Text>
      </Paper>
    );
  }
  if (form.isError) return <Alert color="red">{t('app.inquiry.not-loaded')}</Alert>;
  const data = form.data;
  const errors = state.errors ?? {};
  return (
    <form
      data-testid="inquiry-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (data) void submit(data);
      }}
    >
      <Stack gap="md">
        <InquiryFieldsView data={data} fields={fields} set={set} errors={errors} compact={compact} />
        {/* Only robots see this field: people never fill it. */}
        <div
          aria-hidden="true"
          style={{ position: 'absolute', left: -10_000, width: 1, height: 1, overflow: 'hidden' }}
        >
          <label>
            Website
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(e) => setWebsite(e.currentTarget.value)}
            />
          </label>
        </div>
        <Checkbox
          checked={fields.news ?? false}
          onChange={(e) => set('news', e.currentTarget.checked)}
          label={data?.newsText ?? ' '}
          data-testid="news-consent"
        />
        {state.problem && (
          <Alert color="red" role="alert" data-testid="inquiry-problem">
            {state.problem}
          </Alert>
        )}
        <Button type="submit" loading={state.busy} disabled={!data} size="md" style={{ alignSelf: 'flex-start' }}>
          {t('app.inquiry.send')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('app.inquiry.privacy')}
        </Text>
      </Stack>
    </form>
  );
}

/** The visitor's part of the form: who they are, what they look for, how to reach them. */
function InquiryFieldsView({
  data,
  fields,
  set,
  errors,
  compact,
}: {
  data: Form | undefined;
  fields: InquiryFields;
  set: <K extends keyof InquiryFields>(key: K, value: InquiryFields[K]) => void;
  errors: Record<string, string>;
  compact: boolean;
}) {
  const t = useT();
  const interestValue = fields.interest ? `${fields.interest.kind}:${fields.interest.id}` : null;
  const groups = data
    ? (['plan', 'unit', 'package'] as const)
        .map((kind) => ({
          group: t(
            ({ plan: 'app.inquiry.plans', unit: 'app.inquiry.homes', package: 'app.inquiry.packages' } as const)[kind],
          ),
          items: data.interests
            .filter((i) => i.kind === kind)
            .map((i) => ({ value: `${kind}:${i.id}`, label: i.name })),
        }))
        .filter((g) => g.items.length)
    : [];

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: compact ? 1 : 2 }}>
        <TextInput
          label={t('app.inquiry.first-name')}
          required
          autoComplete="given-name"
          maxLength={100}
          value={fields.firstName}
          onChange={(e) => set('firstName', e.currentTarget.value)}
          error={errors.firstName}
        />
        <TextInput
          label={t('app.inquiry.last-name')}
          required
          autoComplete="family-name"
          maxLength={100}
          value={fields.lastName}
          onChange={(e) => set('lastName', e.currentTarget.value)}
          error={errors.lastName}
        />
      </SimpleGrid>
      <SimpleGrid cols={1}>
        <TextInput
          label={t('app.inquiry.email')}
          required
          type="email"
          autoComplete="email"
          maxLength={254}
          value={fields.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label={t('app.inquiry.phone')}
          description={t('app.inquiry.optional')}
          type="tel"
          autoComplete="tel"
          maxLength={30}
          value={fields.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={errors.phone}
        />
      </SimpleGrid>
      <Select
        label={t('app.inquiry.interest')}
        placeholder={t('app.inquiry.any-home')}
        clearable
        data={groups}
        value={interestValue}
        onChange={(value) => {
          const [kind, id] = value?.split(':') ?? [];
          set('interest', kind && id ? { kind: kind as 'plan' | 'unit' | 'package', id } : null);
        }}
        error={errors.interest}
        comboboxProps={{ withinPortal: !compact }}
      />
      <SimpleGrid cols={1}>
        <Select
          label={t('app.inquiry.budget')}
          placeholder={t('app.inquiry.choose-range')}
          clearable
          data={data?.budgets ?? []}
          value={fields.budget ?? null}
          onChange={(v) => set('budget', v)}
          comboboxProps={{ withinPortal: !compact }}
        />
        <Select
          label={t('app.inquiry.timeline')}
          placeholder={t('app.inquiry.choose')}
          clearable
          data={data?.timelines ?? []}
          value={fields.timeline ?? null}
          onChange={(v) => set('timeline', v)}
          comboboxProps={{ withinPortal: !compact }}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('app.inquiry.agent')}
        value={fields.agent === null ? '' : fields.agent ? 'yes' : 'no'}
        onChange={(v) => set('agent', v === 'yes')}
      >
        <Group mt={4}>
          <Radio value="yes" label={t('app.inquiry.yes')} />
          <Radio value="no" label={t('app.inquiry.no')} />
        </Group>
      </Radio.Group>
      <Radio.Group
        label={t('app.inquiry.contact')}
        value={fields.contact}
        onChange={(v) => set('contact', v as 'email' | 'phone')}
        error={errors.contact}
      >
        <Group mt={4}>
          <Radio value="email" label={t('app.inquiry.by-email')} />
          <Radio value="phone" label={t('app.inquiry.by-phone')} disabled={!fields.phone?.trim()} />
        </Group>
      </Radio.Group>
      <Textarea
        label={t('app.inquiry.message')}
        description={t('app.inquiry.looking-for')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={5000}
        value={fields.message}
        onChange={(e) => set('message', e.currentTarget.value)}
        error={errors.message}
      />
    </>
  );
}
