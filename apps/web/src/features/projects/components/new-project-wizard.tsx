import { useMemo, useState } from 'react';
import { ProjectFormatFields } from '../../../components/back-office/project-format-fields.tsx';
import {
  Alert,
  Anchor,
  Box,
  Button,
  FileInput,
  Group,
  Radio,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isCurrencyCode,
  isSupportedLocale,
  isTimeZone,
  likelyTimeZone,
  projectKeyProblem,
  readableTextColour,
  slugify,
  PROJECT_KEY_MAX,
  type Translate,
} from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/collection-store.ts';
import { portalHost } from '../../../config/env.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { ThemeColourFields } from '../../../components/back-office/theme-colour-fields.tsx';

interface Form {
  name: string;
  key: string;
  isKeyEdited: boolean;
  currency: string;
  locale: string;
  timeZone: string;
  unitSystem: 'metric' | 'imperial';
  primary: string;
  secondary: string;
  logoBg: string;
  catalogue: 'empty' | 'demo';
  managerEmail: string;
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const START: Form = {
  name: '',
  key: '',
  isKeyEdited: false,
  currency: 'CAD',
  locale: 'en-CA',
  timeZone: likelyTimeZone(browserZone, 'en-CA'),
  unitSystem: 'metric',
  primary: '#1f6f5c',
  secondary: '#e0a526',
  logoBg: '#14372f',
  catalogue: 'empty',
  managerEmail: '',
};

const STEPS = ['name', 'place', 'brand', 'catalogue', 'manager'] as const;
type FieldErrors = Partial<Record<string, string>>;

function localeProblem(tag: string, t: Translate): string | undefined {
  return isSupportedLocale(tag.trim()) ? undefined : t('app.wizard.locale-problem');
}

/** The problems of each step, in words, before anything is sent (the server checks again). */
function problemsOf(form: Form, takenKeys: Set<string>, t: Translate): FieldErrors[] {
  const colour = (value: string) => (/^#[0-9a-f]{6}$/i.test(value) ? undefined : t('app.wizard.colour-problem'));
  return [
    {
      ...(form.name.trim() ? {} : { name: t('app.wizard.name-problem') }),
      ...(projectKeyProblem(form.key)
        ? { key: t('project.key-problem', projectKeyProblem(form.key)) }
        : takenKeys.has(form.key)
          ? { key: t('app.wizard.key-taken', { key: form.key }) }
          : {}),
    },
    {
      ...(isCurrencyCode(form.currency.trim().toUpperCase()) ? {} : { currency: t('app.wizard.currency-problem') }),
      ...(localeProblem(form.locale, t) ? { 'options.locale': localeProblem(form.locale, t) } : {}),
      ...(isTimeZone(form.timeZone) ? {} : { 'options.timeZone': t('app.wizard.zone-problem') }),
    },
    {
      ...(colour(form.primary) ? { 'theme.primary': colour(form.primary) } : {}),
      ...(colour(form.secondary) ? { 'theme.secondary': colour(form.secondary) } : {}),
      ...(colour(form.logoBg) ? { 'theme.logoBg': colour(form.logoBg) } : {}),
    },
    {},
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.managerEmail.trim())
      ? {}
      : { 'manager.email': t('app.wizard.manager-problem') },
  ];
}

/** Which step a server-side problem belongs to, so the wizard can go back to it. */
const STEP_OF_FIELD: Record<string, number> = {
  name: 0,
  key: 0,
  currency: 1,
  'options.locale': 1,
  'options.timeZone': 1,
  'options.unitSystem': 1,
  'theme.primary': 2,
  'theme.secondary': 2,
  'theme.logoBg': 2,
  catalogue: 3,
  'manager.email': 4,
};

interface Created {
  _id: string;
  key: string;
  name: string;
  url: string;
  invitation: { email: string; url: string };
  /** Set when the project was made but its logo could not be stored. */
  logoProblem?: string;
}

/** `/admin/new`: a new builder's project in five short steps (docs/admin.md, "New project"). */
export function NewProjectWizard() {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const projects = useQuery(adminProjectsQuery());
  const takenKeys = useMemo(() => new Set((projects.data ?? []).map((p) => p.key)), [projects.data]);
  const [form, setForm] = useState<Form>(START);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const problems = problemsOf(form, takenKeys, t);
  // Until a zone is chosen, it follows the locale's region when the browser gives none (a machine on UTC).
  const [isZoneChosen, setZoneChosen] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    if (key === 'timeZone') setZoneChosen(true);
    setForm((current) => ({
      ...current,
      [key]: value,
      ...(key === 'locale' && !isZoneChosen ? { timeZone: likelyTimeZone(browserZone, String(value).trim()) } : {}),
    }));
  };
  // The address as a person types it, with this page's port when it has one.
  const host = new URL(hostUrl(`${form.key || 'key'}.${portalHost()}`)).host;

  const next = () => {
    const here = problems[step]!;
    setShown(here);
    if (Object.keys(here).length === 0) setStep((s) => s + 1);
  };

  const create = async () => {
    const firstBad = problems.findIndex((p) => Object.keys(p).length > 0);
    if (firstBad !== -1) {
      setShown(problems[firstBad]!);
      setStep(firstBad);
      return;
    }
    setCreating(true);
    setMessage(null);
    try {
      const result = await api<Created>('/api/admin/projects', {
        method: 'POST',
        body: {
          key: form.key,
          name: form.name.trim(),
          currency: form.currency.trim().toUpperCase(),
          options: { locale: form.locale.trim(), timeZone: form.timeZone, unitSystem: form.unitSystem },
          theme: { primary: form.primary, secondary: form.secondary, logoBg: form.logoBg },
          catalogue: form.catalogue,
          manager: { email: form.managerEmail.trim() },
        },
      });
      // The logo is a file of the project, so it is stored once the project exists.
      let logoProblem: string | undefined;
      if (logo) {
        try {
          const uploaded = await uploadFile({ file: logo, projectKey: result.key, configs: { purpose: 'logo' } });
          await api(`/api/projects/${result._id}`, { method: 'PATCH', body: { theme: { logoUrl: uploaded.url } } });
        } catch (caught) {
          logoProblem = errorText(caught, 'app.wizard.logo-not-stored');
        }
      }
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      await queryClient.invalidateQueries({ queryKey: ['deploys'] });
      setCreated({ ...result, ...(logoProblem ? { logoProblem } : {}) });
    } catch (caught) {
      if (caught instanceof ApiError) {
        const errors = fieldErrorsOf(caught);
        setShown(errors);
        const steps = Object.keys(errors).map((field) => STEP_OF_FIELD[field] ?? 4);
        if (steps.length) setStep(Math.min(...steps));
        setMessage(errorText(caught, 'app.wizard.not-created'));
      } else setMessage(t('app.wizard.not-created'));
    } finally {
      setCreating(false);
    }
  };

  if (created) {
    return (
      <WizardDone
        created={created}
        onAnother={() => {
          setLogo(null);
          setCreated(null);
          setForm(START);
          setZoneChosen(false);
          setStep(0);
        }}
      />
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      {message && <Alert color="red">{message}</Alert>}
      <Stepper
        active={step}
        onStepClick={(target) => target < step && setStep(target)}
        size="sm"
        allowNextStepsSelect={false}
        wrap
      >
        <Stepper.Step label={t('app.wizard.step', { step: STEPS[0] })}>
          <NameStep form={form} setForm={setForm} shown={shown} host={host} />
        </Stepper.Step>
        <Stepper.Step label={t('app.wizard.step', { step: STEPS[1] })}>
          <PlaceStep form={form} set={set} shown={shown} />
        </Stepper.Step>
        <Stepper.Step label={t('app.wizard.step', { step: STEPS[2] })}>
          <BrandStep form={form} set={set} shown={shown} logo={logo} onLogo={setLogo} />
        </Stepper.Step>
        <Stepper.Step label={t('app.wizard.step', { step: STEPS[3] })}>
          <Radio.Group
            mt="md"
            value={form.catalogue}
            onChange={(v) => set('catalogue', v as Form['catalogue'])}
            label={t('app.wizard.starts-with')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="empty" label={t('app.wizard.empty')} description={t('app.wizard.empty-help')} />
              <Radio value="demo" label={t('app.wizard.demo')} description={t('app.wizard.demo-help')} />
            </Stack>
          </Radio.Group>
        </Stepper.Step>
        <Stepper.Step label={t('app.wizard.step', { step: STEPS[4] })}>
          <ManagerStep form={form} set={set} shown={shown} host={host} />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
          {t('app.wizard.back')}
        </Button>
        {step < STEPS.length - 1 ? (
          <Button onClick={next}>{t('app.wizard.next')}</Button>
        ) : (
          <Button onClick={() => void create()} loading={isCreating}>
            {t('app.wizard.create')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The wizard's end: where the new project answers, who was invited, and the way in. */
function WizardDone({ created, onAnother }: { created: Created; onAnother: () => void }) {
  const t = useT();
  const address = hostUrl(`${created.key}.${portalHost()}`);
  return (
    <Alert color="green" title={t('app.adm.data.ready', { name: created.name })} data-testid="wizard-done">
      <Stack gap="xs">
        <Text size="sm">
          {t('app.adm.data.answers-at')}{' '}
          <Anchor href={address} data-testid="new-project-link">
            {new URL(address).host}
          </Anchor>
          .{' '}
          <RichText
            text={t('app.wizard.invited', { email: created.invitation.email })}
            tags={{ b: (chunk) => <b>{chunk}</b> }}
          />
        </Text>
        {created.logoProblem && (
          <Text size="sm" c="red">
            {t('app.wizard.logo-problem', { problem: created.logoProblem })}
          </Text>
        )}
        <Group gap="sm">
          <Button
            component="a"
            href={hostUrl(`${created.key}.${portalHost()}`, '/manage')}
            data-testid="open-new-project"
          >
            {t('app.wizard.open')}
          </Button>
          <Button variant="light" onClick={onAnother}>
            {t('app.wizard.another')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** What a step of the wizard is given: the form, how to change a field, and what is wrong where. */
interface StepProps {
  form: Form;
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
  shown: Partial<Record<string, string>>;
}

/** Step 2: the currency, language, time zone and unit of area, with how prices and dates will read. */
function PlaceStep({ form, set, shown }: StepProps) {
  return (
    <Stack gap="sm" mt="md">
      <ProjectFormatFields
        value={form}
        onChange={(key, next) => set(key, next as Form[typeof key])}
        errors={{ currency: shown.currency, locale: shown['options.locale'], timeZone: shown['options.timeZone'] }}
      />
    </Stack>
  );
}

/** Step 3: the brand's colours and logo, previewed as the portal will draw them. */
function BrandStep({
  form,
  set,
  shown,
  logo,
  onLogo: setLogo,
}: StepProps & { logo: File | null; onLogo: (file: File | null) => void }) {
  const t = useT();
  return (
    <Stack gap="sm" mt="md">
      <ThemeColourFields
        value={form}
        onChange={set}
        errors={{ primary: shown['theme.primary'], secondary: shown['theme.secondary'], logoBg: shown['theme.logoBg'] }}
      />
      <FileInput
        label={t('app.wizard.logo')}
        description={t('app.wizard.logo-help')}
        accept="image/png,image/jpeg,image/webp"
        value={logo}
        onChange={setLogo}
        clearable
        w={{ base: '100%', sm: 360 }}
      />
      <Box
        data-testid="brand-preview"
        style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Box
          px="md"
          py="sm"
          style={{
            background: /^#[0-9a-f]{6}$/i.test(form.logoBg) ? form.logoBg : '#333',
            color: /^#[0-9a-f]{6}$/i.test(form.logoBg) ? readableTextColour(form.logoBg) : '#fff',
          }}
        >
          <Text fw={700}>{form.name || t('app.wizard.your-project')}</Text>
        </Box>
        <Group p="md" gap="sm">
          <Button
            style={{
              background: /^#[0-9a-f]{6}$/i.test(form.primary) ? form.primary : undefined,
              color: /^#[0-9a-f]{6}$/i.test(form.primary) ? readableTextColour(form.primary) : undefined,
            }}
          >
            {t('app.wizard.choose-finishes')}
          </Button>
          <Text size="sm" c="dimmed">
            {logo ? t('app.wizard.logo-file', { name: logo.name }) : t('app.wizard.no-logo')}
          </Text>
        </Group>
      </Box>
    </Stack>
  );
}

/** Step 1: the project's name and its key (the key follows the name until it is edited). */
function NameStep({
  form,
  setForm,
  shown,
  host,
}: Omit<StepProps, 'set'> & { setForm: (change: (current: Form) => Form) => void; host: string }) {
  const t = useT();
  return (
    <Stack gap="sm" mt="md">
      <TextInput
        label={t('app.wizard.project-name')}
        placeholder="Cedar Park"
        value={form.name}
        onChange={(e) => {
          const name = e.currentTarget.value;
          setForm((current) => ({
            ...current,
            name,
            key: current.isKeyEdited ? current.key : slugify(name).slice(0, PROJECT_KEY_MAX),
          }));
        }}
        error={shown.name}
        data-autofocus
      />
      <TextInput
        label={t('app.adm.flags.key')}
        description={t('app.wizard.address', { host })}
        value={form.key}
        onChange={(e) => {
          const key = e.currentTarget.value.toLowerCase().trim();
          setForm((current) => ({ ...current, key, isKeyEdited: true }));
        }}
        error={shown.key}
        maxLength={PROJECT_KEY_MAX}
      />
    </Stack>
  );
}

/** Step 5: the first manager's address, and the project as it will be made. */
function ManagerStep({ form, set, shown, host }: StepProps & { host: string }) {
  const t = useT();
  return (
    <Stack gap="sm" mt="md">
      <TextInput
        label={t('app.wizard.manager-email')}
        description={t('app.wizard.manager-help')}
        type="email"
        value={form.managerEmail}
        onChange={(e) => set('managerEmail', e.currentTarget.value)}
        error={shown['manager.email']}
      />
      <Stack gap={2} data-testid="wizard-summary">
        <Title order={2} fz="md">
          {t('app.wizard.ready')}
        </Title>
        <Text size="sm">
          <b>{form.name || '—'}</b> · {host} · {form.currency.toUpperCase()} · {form.locale} · {form.timeZone} ·{' '}
          {form.unitSystem === 'metric' ? 'm²' : 'ft²'} ·{' '}
          {t('app.wizard.summary-catalogue', { catalogue: form.catalogue })}
        </Text>
      </Stack>
    </Stack>
  );
}
