import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { currentOfConflict, useVersionedDraft } from '../../../lib/versioned-draft.ts';
import { ConflictNotice } from '../../../components/ui/conflict-notice.tsx';
import { formatProblems, ProjectFormatFields } from '../../../components/back-office/project-format-fields.tsx';
import { StickyActions } from '../../../components/ui/sticky-actions.tsx';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { EmbedSnippet } from './embed-snippet.tsx';
import { PaymentSettings, paymentTermsUnreadable } from './payment-settings.tsx';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_REMINDER_DAYS,
  DEFAULT_REVIEW_DAYS,
  DEFAULT_FIT_WEIGHTING,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  readableTextColour,
  PROJECT_FEATURES,
  hasFeature,
  type ProjectFeature,
  type ProjectResponse,
  EMBED_SECTIONS,
  type EmbedSection,
  LANGUAGE_NAMES,
  LANGUAGES,
  projectLanguages,
  type Language,
  formatList,
  type MessageKey,
  type TranslatableOption,
  type Translations,
  type PaymentTerms,
  paymentTermsSchema,
} from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { currentProjectKey } from '../../../config/env.ts';
import { projectQuery, useProjectAsWritten } from '../../../lib/project.ts';
import { MarkdownEditor } from '../../../components/ui/markdown-editor.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { ThemeColourFields } from '../../../components/back-office/theme-colour-fields.tsx';

interface Form {
  name: string;
  currency: string;
  locale: string;
  languages: Language[];
  defaultLanguage: Language;
  timeZone: string;
  unitSystem: 'metric' | 'imperial';
  primary: string;
  secondary: string;
  logoBg: string;
  termsOfService: string;
  tagline: string;
  /** The terms, the tagline and the hours in the project's other languages (docs/languages.md). */
  translations: Translations;
  depositPercent: number | string;
  defaultDeadlineDays: number | string;
  reviewDays: number | string;
  /** The reminder steps as typed: days before the deadline, separated by commas. */
  reminderDays: string;
  remindAfterDeadline: boolean;
  signing: 'one' | 'every';
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  contactHours: string;
  features: Record<ProjectFeature, boolean>;
  /** Fit my budget's weighting (docs/fit-my-budget.md, "Value"). */
  fitKeepBonus: number | string;
  fitPriorityWeight: number | string;
  showroomPrices: boolean;
  embedSections: EmbedSection[];
  /** The sites allowed to frame the widget, one per line. */
  embedOrigins: string;
  /** The inquiry form's budget bands and timelines, one per line (empty: the defaults). */
  budgets: string;
  timelines: string;
  /** Payment terms and taxes (docs/payments.md); a number not yet readable is NaN. */
  payments: PaymentTerms;
}

/** The reminder steps typed ("14, 7, 2"), or null when they are not up to five different whole days from 1 to 90. */
function reminderDaysOf(text: string): number[] | null {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  const days = parts.map((part) => (/^\d{1,2}$/.test(part) ? Number(part) : NaN));
  if (
    days.some((day) => !Number.isInteger(day) || day < 1 || day > 90) ||
    days.length > 5 ||
    new Set(days).size !== days.length
  )
    return null;
  return days.sort((a, b) => b - a);
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function formOf(project: ProjectResponse): Form {
  const o = project.options;
  return {
    name: project.name,
    currency: project.currency,
    locale: o.locale,
    ...projectLanguages(o),
    timeZone: o.timeZone ?? DEFAULT_TIME_ZONE,
    unitSystem: o.unitSystem,
    primary: project.theme.primary,
    secondary: project.theme.secondary,
    logoBg: project.theme.logoBg,
    termsOfService: o.termsOfService ?? '',
    tagline: o.tagline ?? '',
    translations: o.translations ?? {},
    depositPercent: o.depositPercent ?? 0,
    defaultDeadlineDays: o.defaultDeadlineDays ?? '',
    reviewDays: o.reviewDays ?? '',
    reminderDays: (o.reminderDays ?? DEFAULT_REMINDER_DAYS).join(', '),
    remindAfterDeadline: o.remindAfterDeadline ?? false,
    signing: o.signing ?? 'one',
    contactName: o.contact?.name ?? '',
    contactEmail: o.contact?.email ?? '',
    contactPhone: o.contact?.phone ?? '',
    contactHours: o.contact?.hours ?? '',
    features: Object.fromEntries(
      Object.keys(PROJECT_FEATURES).map((f) => [f, hasFeature(project.features, f as ProjectFeature)]),
    ) as Form['features'],
    fitKeepBonus: o.fitBudget?.keepBonus ?? DEFAULT_FIT_WEIGHTING.keepBonus,
    fitPriorityWeight: o.fitBudget?.priorityWeight ?? DEFAULT_FIT_WEIGHTING.priorityWeight,
    showroomPrices: o.showroomPrices ?? false,
    embedSections: o.embed?.sections ?? [...EMBED_SECTIONS],
    embedOrigins: (o.embed?.origins ?? []).join('\n'),
    budgets: (o.inquiry?.budgets ?? []).join('\n'),
    timelines: (o.inquiry?.timelines ?? []).join('\n'),
    payments: paymentTermsSchema.parse(o.payments ?? {}),
  };
}

/** The body of a PATCH /api/projects/{id}: the whole of each part, on the version read. */
function patchOf(form: Form, version: number | undefined) {
  return {
    name: form.name.trim(),
    currency: form.currency.trim().toUpperCase(),
    options: {
      locale: form.locale.trim(),
      languages: form.languages,
      defaultLanguage: form.defaultLanguage,
      timeZone: form.timeZone,
      unitSystem: form.unitSystem,
      termsOfService: form.termsOfService,
      tagline: form.tagline.trim(),
      // Every language's words are kept, also of a language the project no longer offers: offered again, they are back.
      translations: form.translations,
      depositPercent: Number(form.depositPercent) || 0,
      ...(form.defaultDeadlineDays !== '' ? { defaultDeadlineDays: Number(form.defaultDeadlineDays) } : {}),
      ...(form.reviewDays !== '' ? { reviewDays: Number(form.reviewDays) } : {}),
      reminderDays: reminderDaysOf(form.reminderDays) ?? [],
      remindAfterDeadline: form.remindAfterDeadline,
      signing: form.signing,
      contact: {
        name: form.contactName.trim(),
        email: form.contactEmail.trim(),
        phone: form.contactPhone.trim(),
        hours: form.contactHours.trim(),
      },
      showroomPrices: form.showroomPrices,
      fitBudget: { keepBonus: Number(form.fitKeepBonus), priorityWeight: Number(form.fitPriorityWeight) },
      embed: { sections: form.embedSections, origins: linesOf(form.embedOrigins) },
      inquiry: { budgets: linesOf(form.budgets), timelines: linesOf(form.timelines) },
      payments: form.payments,
    },
    theme: { primary: form.primary, secondary: form.secondary, logoBg: form.logoBg },
    features: form.features,
    ...(version ? { _version: version } : {}),
  };
}

/** zod's issue paths ("options.locale", "theme.primary") to this form's fields. */
const FIELD_OF: Record<string, keyof Form> = {
  name: 'name',
  currency: 'currency',
  'options.locale': 'locale',
  'options.languages': 'languages',
  'options.defaultLanguage': 'defaultLanguage',
  'options.timeZone': 'timeZone',
  'options.depositPercent': 'depositPercent',
  'options.defaultDeadlineDays': 'defaultDeadlineDays',
  'options.reviewDays': 'reviewDays',
  'options.reminderDays': 'reminderDays',
  'options.fitBudget.keepBonus': 'fitKeepBonus',
  'options.fitBudget.priorityWeight': 'fitPriorityWeight',
  'options.contact.email': 'contactEmail',
  'theme.primary': 'primary',
  'theme.secondary': 'secondary',
  'theme.logoBg': 'logoBg',
  'options.embed.origins': 'embedOrigins',
  'options.embed.sections': 'embedSections',
  'options.inquiry.budgets': 'budgets',
  'options.inquiry.timelines': 'timelines',
};

function fieldErrorsOf(caught: ApiError): Partial<Record<keyof Form, string>> {
  const details = caught.details as { issues?: Array<{ field: string; message: string }> } | undefined;
  const errors: Partial<Record<keyof Form, string>> = {};
  for (const issue of details?.issues ?? []) {
    // A list's item ("options.embed.origins.1") is said at the list's field.
    const path = issue.field.replace(/^body\./, '').replace(/\.\d+$/, '');
    const field = path.startsWith('options.payments') ? 'payments' : FIELD_OF[path];
    if (field) errors[field] = issue.message;
  }
  return errors;
}

/** `/manage/settings`: everything about the project a manager may change, checked here and on the server. */
export function ProjectSettings() {
  const { data: project } = useProjectAsWritten();
  if (!project) return null;
  return <SettingsForm key={project._id} project={project} />;
}

/** Black or white text on a colour being typed (a half-typed colour gets black). */
const readableOn = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? readableTextColour(hex) : '#000000');

/** The labels of the form's fields, to say at the Save button which ones need a correction. */
const LABELS: Partial<Record<keyof Form, MessageKey>> = {
  name: 'app.settings.name',
  currency: 'app.format.currency',
  locale: 'app.format.locale',
  timeZone: 'app.format.zone',
  contactEmail: 'app.settings.email',
  primary: 'app.settings.primary',
  secondary: 'app.settings.secondary',
  logoBg: 'app.settings.logo-band',
  depositPercent: 'app.settings.deposit-short',
  defaultDeadlineDays: 'app.settings.days-to-choose',
  reviewDays: 'app.settings.days-to-review',
  reminderDays: 'app.settings.reminder-days',
  fitKeepBonus: 'app.settings.fit-keep',
  fitPriorityWeight: 'app.settings.fit-priority',
  embedOrigins: 'app.settings.websites',
  budgets: 'app.settings.budgets-short',
  timelines: 'app.settings.timelines-short',
  payments: 'app.settings.section.payments',
};

/** What the form itself can tell is wrong before anything is sent, field by field. */
function localProblems(form: Form, t: ReturnType<typeof useT>): Partial<Record<keyof Form, string>> {
  return {
    ...(form.name.trim() ? {} : { name: t('app.settings.name-missing') }),
    ...Object.fromEntries(Object.entries(formatProblems(form)).map(([field, problem]) => [field, t(problem)])),
    ...(isTimeZone(form.timeZone) ? {} : { timeZone: t('app.settings.zone-problem') }),
    ...(reminderDaysOf(form.reminderDays) ? {} : { reminderDays: t('app.settings.reminder-days-problem') }),
    ...(linesOf(form.embedOrigins).every((origin) => EMBED_ORIGIN.test(origin))
      ? {}
      : { embedOrigins: t('app.settings.websites-problem') }),
    ...(form.contactEmail.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.contactEmail.trim())
      ? { contactEmail: t('app.settings.email-problem') }
      : {}),
    ...(paymentTermsUnreadable(form.payments) ? { payments: t('app.settings.a-number') } : {}),
    // What a number field could not read is kept as typed (and said at the field): it is never saved as 0.
    ...Object.fromEntries(
      (['depositPercent', 'defaultDeadlineDays', 'reviewDays', 'fitKeepBonus', 'fitPriorityWeight'] as const)
        .filter(
          (key) =>
            typeof form[key] === 'string' &&
            (form[key] !== '' || key === 'fitKeepBonus' || key === 'fitPriorityWeight'),
        )
        .map((key) => [key, t('app.settings.a-number')]),
    ),
  } as Partial<Record<keyof Form, string>>;
}

function SettingsForm({ project }: { project: ProjectResponse }) {
  const queryClient = useQueryClient();
  const t = useT();
  const errorText = useErrorText();
  const { locale } = useLanguage();
  // What the manager types, saved against the version last read; a 409 shows the current settings and keeps theirs aside.
  const draft = useVersionedDraft<Form>(formOf(project), project._version);
  const form = draft.values;
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => draft.set((current) => ({ ...current, [key]: value }));
  const isDirty = draft.isDirty;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const local = localProblems(form, t);
  const shown = { ...errors, ...local };

  const save = async () => {
    setMessage(null);
    setErrors({});
    if (Object.keys(local).length) {
      // Said where the person is (at the Save button), naming the fields marked beside them.
      const fields = Object.keys(local).map((key) => {
        const label = LABELS[key as keyof Form];
        return label ? t(label) : key;
      });
      setMessage({ color: 'red', text: t('app.settings.not-saved', { fields: formatList(fields, locale) }) });
      return;
    }
    setSaving(true);
    try {
      const saved = await api<ProjectResponse>(`/api/projects/${project._id}`, {
        method: 'PATCH',
        body: patchOf(form, draft.version),
      });
      queryClient.setQueryData(projectQuery(currentProjectKey()).queryKey, saved);
      draft.settle(formOf(saved), saved._version);
      setMessage({ color: 'green', text: t('app.settings.saved') });
    } catch (caught) {
      const current = currentOfConflict<ProjectResponse>(caught);
      if (current) {
        queryClient.setQueryData(projectQuery(currentProjectKey()).queryKey, current);
        draft.takeCurrent(formOf(current), current._version);
      } else if (caught instanceof ApiError && caught.code === 'conflict') {
        setMessage({ color: 'orange', text: errorText(caught, 'app.settings.not-saved-retry') });
      } else if (caught instanceof ApiError) {
        setErrors(fieldErrorsOf(caught));
        setMessage({ color: 'red', text: errorText(caught, 'app.settings.not-saved-retry') });
      } else {
        setMessage({ color: 'red', text: t('app.settings.not-saved-retry') });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="lg" maw={900}>
        <ProjectSection form={form} set={set} shown={shown} />

        <ThemeSection form={form} set={set} shown={shown} />

        <SelectionsSection form={form} set={set} shown={shown} />

        <PaymentSettings
          terms={form.payments}
          onChange={(terms) => set('payments', terms)}
          currency={form.currency}
          locale={form.locale.trim() || 'en-CA'}
          error={shown.payments}
          languages={form.languages}
          defaultLanguage={form.defaultLanguage}
          translations={form.translations}
          onTranslations={(translations) => set('translations', translations)}
        />

        <ContactSection form={form} set={set} shown={shown} />

        <WebsiteSection form={form} set={set} shown={shown} saved={!isDirty} />

        <StickyActions>
          <Button type="submit" loading={isSaving} disabled={!isDirty}>
            {t('app.settings.save')}
          </Button>
          <Button
            variant="default"
            disabled={!isDirty}
            onClick={() => {
              draft.set(() => formOf(project));
              setErrors({});
              setMessage(null);
            }}
          >
            {t('app.settings.undo')}
          </Button>
          {draft.keptAside && (
            <ConflictNotice
              fields={draft.keptAside.map((key) => {
                const label = LABELS[key];
                return label ? t(label) : key;
              })}
              onReapply={draft.reapply}
            />
          )}
          {/* Said beside the button pressed, wherever the page is scrolled. */}
          {message && (
            <Alert
              color={message.color}
              data-testid="settings-message"
              py={6}
              style={{ flex: '1 1 260px' }}
              role="status"
            >
              {message.text}
            </Alert>
          )}
        </StickyActions>
      </Stack>
    </form>
  );
}

/** What a section of the settings is given: the form, how to change a field, and what is wrong where. */
interface SectionProps {
  form: Form;
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
  shown: Partial<Record<keyof Form, string>>;
}

/** Name, money and time: with a price and today's date as the project will print them. */
function ProjectSection({ form, set, shown }: SectionProps) {
  const t = useT();
  return (
    <SectionCard title={t('app.settings.section.project')}>
      <TextInput
        label={t('app.settings.name')}
        value={form.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={shown.name}
        maxLength={120}
      />
      <InEachLanguage form={form} set={set} field="tagline">
        {(label, value, onChange) => (
          <TextInput
            label={label}
            description={t('app.settings.tagline-help')}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            maxLength={200}
          />
        )}
      </InEachLanguage>
      <ProjectFormatFields
        value={form}
        onChange={(key, next) => set(key, next as Form[typeof key])}
        errors={{ currency: shown.currency, locale: shown.locale, timeZone: shown.timeZone }}
      />
      <Checkbox.Group
        label={t('app.settings.languages')}
        description={t('app.settings.languages-text')}
        value={form.languages}
        onChange={(value) => {
          const languages = LANGUAGES.filter((language) => value.includes(language));
          set('languages', languages);
          if (languages.length && !languages.includes(form.defaultLanguage)) set('defaultLanguage', languages[0]!);
        }}
        error={shown.languages}
      >
        <Group gap="md" mt={6}>
          {LANGUAGES.map((language) => (
            <Checkbox key={language} value={language} label={LANGUAGE_NAMES[language]} lang={language} />
          ))}
        </Group>
      </Checkbox.Group>
      <Select
        label={t('app.settings.default-language')}
        description={t('app.settings.default-language-text')}
        data={form.languages.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
        value={form.defaultLanguage}
        onChange={(value) => value && set('defaultLanguage', value as Language)}
        allowDeselect={false}
        error={shown.defaultLanguage}
        maw={280}
      />
    </SectionCard>
  );
}

const LABEL_OF: Record<TranslatableOption, MessageKey> = {
  tagline: 'app.settings.tagline',
  hours: 'app.settings.hours',
  termsOfService: 'app.settings.terms',
};
const FORM_FIELD: Record<TranslatableOption, 'tagline' | 'contactHours' | 'termsOfService'> = {
  tagline: 'tagline',
  hours: 'contactHours',
  termsOfService: 'termsOfService',
};

/**
 * A setting written in each of the project's languages (docs/languages.md): the default
 * language's field, then one per other language, each labelled with its language. With one
 * language, the one field as before.
 */
function InEachLanguage({
  form,
  set,
  field,
  children,
}: Pick<SectionProps, 'form' | 'set'> & {
  field: TranslatableOption;
  children: (label: string, value: string, onChange: (value: string) => void) => ReactNode;
}) {
  const t = useT();
  const label = t(LABEL_OF[field]);
  const others = form.languages.filter((language) => language !== form.defaultLanguage);
  const own = FORM_FIELD[field];
  if (!others.length) return children(label, form[own], (value) => set(own, value));
  const inLanguage = (language: Language) =>
    t('app.editor.in-language', { field: label, language: LANGUAGE_NAMES[language] });
  return (
    <>
      {children(inLanguage(form.defaultLanguage), form[own], (value) => set(own, value))}
      {others.map((language) => (
        <Fragment key={language}>
          {children(inLanguage(language), form.translations[language]?.[field] ?? '', (value) =>
            set('translations', {
              ...form.translations,
              [language]: { ...form.translations[language], [field]: value },
            }),
          )}
        </Fragment>
      ))}
    </>
  );
}

/** Whom buyers reach at the design centre, and the terms they accept before they start. */
function ContactSection({ form, set, shown }: SectionProps) {
  const t = useT();
  return (
    <>
      <SectionCard title={t('app.settings.section.contact')}>
        <Text size="sm" c="dimmed">
          {t('app.settings.contact-help')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('app.settings.name')}
            value={form.contactName}
            onChange={(e) => set('contactName', e.currentTarget.value)}
            maxLength={120}
          />
          <TextInput
            label={t('app.settings.email')}
            type="email"
            value={form.contactEmail}
            onChange={(e) => set('contactEmail', e.currentTarget.value)}
            error={shown.contactEmail}
          />
          <TextInput
            label={t('app.settings.phone')}
            value={form.contactPhone}
            onChange={(e) => set('contactPhone', e.currentTarget.value)}
            maxLength={40}
          />
          <InEachLanguage form={form} set={set} field="hours">
            {(label, value, onChange) => (
              <TextInput
                label={label}
                value={value}
                onChange={(e) => onChange(e.currentTarget.value)}
                maxLength={200}
              />
            )}
          </InEachLanguage>
        </SimpleGrid>
      </SectionCard>

      <SectionCard title={t('app.settings.terms')}>
        <InEachLanguage form={form} set={set} field="termsOfService">
          {(label, value, onChange) => (
            <MarkdownEditor
              label={label}
              description={t('app.settings.terms-help')}
              minRows={6}
              value={value}
              onChange={onChange}
            />
          )}
        </InEachLanguage>
      </SectionCard>
    </>
  );
}

/** The theme's colours with a preview as the portal draws them. */
function ThemeSection({ form, set, shown }: SectionProps) {
  const t = useT();
  // The logo uploaded above, on the band as every page draws it.
  const logoUrl = useProjectAsWritten().data?.theme.logoUrl;
  return (
    <SectionCard title={t('app.settings.section.theme')}>
      <ThemeColourFields value={form} onChange={set} errors={shown} />
      <Box
        data-testid="theme-preview"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}
      >
        {/* As the portal draws them: text on a colour in black or white, whichever reads. */}
        <Box p="sm" style={{ background: form.logoBg, color: readableOn(form.logoBg) }}>
          {logoUrl ? (
            <Image
              src={logoUrl}
              alt={form.name || t('app.settings.section.project')}
              h={32}
              w="auto"
              data-testid="theme-preview-logo"
            />
          ) : (
            <Text fw={700}>{form.name || t('app.settings.section.project')}</Text>
          )}
        </Box>
        <Group p="sm" gap="sm">
          <Box px="md" py={6} style={{ background: form.primary, color: readableOn(form.primary), borderRadius: 6 }}>
            {t('app.settings.preview-continue')}
          </Box>
          <Box px="md" py={6} style={{ border: `2px solid ${form.secondary}`, borderRadius: 6 }}>
            {t('app.settings.preview-explore')}
          </Box>
        </Group>
      </Box>
    </SectionCard>
  );
}

/** What buyers are given to choose: deposit, days to choose and to review, and the project's features. */
function SelectionsSection({ form, set, shown }: SectionProps) {
  const t = useT();
  return (
    <SectionCard title={t('app.settings.section.selections')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField
          label={t('app.settings.deposit')}
          min={0}
          max={100}
          locale={form.locale.trim() || 'en-CA'}
          value={numberOf(form.depositPercent)}
          onChange={(n, typed) => set('depositPercent', n === null ? '' : (n ?? typed))}
          error={shown.depositPercent}
        />
        <NumberField
          label={t('app.settings.deadline-days')}
          description={t('app.settings.deadline-days-help')}
          integer
          min={1}
          max={730}
          locale={form.locale.trim() || 'en-CA'}
          value={numberOf(form.defaultDeadlineDays)}
          onChange={(n, typed) => set('defaultDeadlineDays', n === null ? '' : (n ?? typed))}
          error={shown.defaultDeadlineDays}
        />
        <NumberField
          label={t('app.settings.review-days')}
          description={t('app.settings.review-days-help', { days: DEFAULT_REVIEW_DAYS })}
          integer
          min={1}
          max={60}
          locale={form.locale.trim() || 'en-CA'}
          value={numberOf(form.reviewDays)}
          onChange={(n, typed) => set('reviewDays', n === null ? '' : (n ?? typed))}
          error={shown.reviewDays}
        />
        <TextInput
          label={t('app.settings.reminder-days')}
          description={t('app.settings.reminder-days-help')}
          value={form.reminderDays}
          onChange={(event) => set('reminderDays', event.currentTarget.value)}
          error={shown.reminderDays}
          inputMode="numeric"
        />
      </SimpleGrid>
      <Switch
        label={t('app.settings.remind-after')}
        checked={form.remindAfterDeadline}
        onChange={(e) => set('remindAfterDeadline', e.currentTarget.checked)}
      />
      <Select
        label={t('app.settings.signing')}
        data={[
          { value: 'one', label: t('app.settings.signing-one') },
          { value: 'every', label: t('app.settings.signing-every') },
        ]}
        value={form.signing}
        onChange={(value) => set('signing', value === 'every' ? 'every' : 'one')}
        allowDeselect={false}
        maw={360}
      />
      {(Object.keys(PROJECT_FEATURES) as ProjectFeature[]).map((feature) => (
        <Switch
          key={feature}
          label={t(`app.settings.feature.${feature}`)}
          checked={form.features[feature]}
          onChange={(e) => set('features', { ...form.features, [feature]: e.currentTarget.checked })}
        />
      ))}
      {form.features.fitBudget && <FitWeightsFields form={form} set={set} shown={shown} />}
      <Switch
        label={t('app.settings.showroom-prices')}
        description={t('app.settings.showroom-prices-help')}
        checked={form.showroomPrices}
        onChange={(e) => set('showroomPrices', e.currentTarget.checked)}
      />
    </SectionCard>
  );
}

/** Fit my budget's weighting, when the project offers it (docs/fit-my-budget.md, "Value"). */
function FitWeightsFields({ form, set, shown }: SectionProps) {
  const t = useT();
  const locale = form.locale.trim() || 'en-CA';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberField
        label={t('app.settings.fit-keep')}
        description={t('app.settings.fit-keep-help')}
        integer
        min={0}
        max={100}
        locale={locale}
        value={numberOf(form.fitKeepBonus)}
        onChange={(n, typed) => set('fitKeepBonus', n === null ? '' : (n ?? typed))}
        error={shown.fitKeepBonus}
      />
      <NumberField
        label={t('app.settings.fit-priority')}
        description={t('app.settings.fit-priority-help')}
        min={1}
        max={5}
        locale={locale}
        value={numberOf(form.fitPriorityWeight)}
        onChange={(n, typed) => set('fitPriorityWeight', n === null ? '' : (n ?? typed))}
        error={shown.fitPriorityWeight}
      />
    </SimpleGrid>
  );
}

/** A number field's value from the form: the number, null when empty, undefined while what was typed is not one. */
const numberOf = (value: number | string): number | null | undefined =>
  typeof value === 'number' ? value : value === '' ? null : undefined;

const EMBED_ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/;
const SECTION_LABELS: Record<EmbedSection, MessageKey> = {
  packages: 'app.settings.embed.packages',
  availability: 'app.settings.embed.availability',
  grid: 'app.settings.embed.grid',
  gallery: 'app.settings.embed.gallery',
  form: 'app.settings.embed.form',
};

/** The builder's widget and the inquiry form's choices (docs/public-pages.md). */
function WebsiteSection({ form, set, shown, saved }: SectionProps & { saved: boolean }) {
  const t = useT();
  return (
    <SectionCard title={t('app.settings.section.website')}>
      <Checkbox.Group
        label={t('app.settings.embed.shows')}
        value={form.embedSections}
        onChange={(value) => set('embedSections', value as EmbedSection[])}
      >
        <Stack gap={6} mt={6}>
          {EMBED_SECTIONS.map((section) => (
            <Checkbox key={section} value={section} label={t(SECTION_LABELS[section])} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Textarea
        label={t('app.settings.websites')}
        description={t('app.settings.websites-help')}
        autosize
        minRows={2}
        value={form.embedOrigins}
        onChange={(e) => set('embedOrigins', e.currentTarget.value)}
        error={shown.embedOrigins}
      />
      <EmbedSnippet sections={form.embedSections} projectName={form.name} saved={saved} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t('app.settings.budgets')}
          description={t('app.settings.budgets-help')}
          autosize
          minRows={3}
          value={form.budgets}
          onChange={(e) => set('budgets', e.currentTarget.value)}
          error={shown.budgets}
        />
        <Textarea
          label={t('app.settings.timelines')}
          description={t('app.settings.timelines-help')}
          autosize
          minRows={3}
          value={form.timelines}
          onChange={(e) => set('timelines', e.currentTarget.value)}
          error={shown.timelines}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
