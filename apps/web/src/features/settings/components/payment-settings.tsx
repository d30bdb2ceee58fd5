import { ActionIcon, Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type Due,
  type Language,
  LANGUAGE_NAMES,
  type PaymentTerms,
  TAX_ROUNDINGS,
  type TaxRounding,
  TRANSLATABLE_PAYMENT_TEXT,
  type Translations,
} from '@decor/core';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { MarkdownEditor } from '../../../components/ui/markdown-editor.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT } from '../../../lib/i18n.ts';
import { api } from '../../../lib/api-client.ts';

/** Whether the portal takes cards: Stripe's keys are the platform's, not a project's (docs/payments.md). */
function CardNotice() {
  const t = useT();
  const setup = useQuery({
    queryKey: ['payments', 'setup'],
    queryFn: () => api<{ card: boolean }>('/api/manage/payments/setup'),
  });
  if (!setup.data) return null;
  return (
    <Alert color={setup.data.card ? 'teal' : 'gray'} data-testid="card-notice">
      {t(setup.data.card ? 'app.settings.pay.card-on' : 'app.settings.pay.card-off')}
    </Alert>
  );
}

/**
 * A number field's value as the form keeps it: the number, or NaN while what is typed is not one
 * (then the settings refuse to save, rather than save the last number read).
 */
const kept = (value: number | null | undefined, empty: number) => (value === undefined ? NaN : (value ?? empty));

/** Whether the terms as typed hold a field that could not be read (NaN). */
export function paymentTermsUnreadable(terms: PaymentTerms): boolean {
  const numbers = [
    terms.specialOrderPercent,
    terms.changeOrderDepositPercent,
    terms.depositAmount ?? 0,
    ...terms.taxes.map((tax) => tax.rate),
    ...terms.instalments.map((step) => step.percent),
  ];
  return numbers.some((n) => Number.isNaN(n));
}

/** When an amount falls due, chosen as a stage or a day. */
function DueField({ label, value, onChange }: { label: string; value: Due; onChange: (due: Due) => void }) {
  const t = useT();
  const byDate = 'date' in value;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={label}
        data={[
          { value: 'stage', label: t('app.settings.pay.at-stage') },
          { value: 'date', label: t('app.settings.pay.on-day') },
        ]}
        value={byDate ? 'date' : 'stage'}
        onChange={(kind) =>
          onChange(kind === 'date' ? { date: new Date().toISOString().slice(0, 10) } : { stage: 'Closing' })
        }
        allowDeselect={false}
        w={170}
      />
      {byDate ? (
        <TextInput
          aria-label={t('app.settings.pay.day')}
          type="date"
          value={value.date}
          onChange={(event) => onChange({ date: event.currentTarget.value })}
          w={170}
        />
      ) : (
        <TextInput
          aria-label={t('app.settings.pay.stage')}
          value={value.stage}
          maxLength={80}
          onChange={(event) => onChange({ stage: event.currentTarget.value })}
          w={200}
        />
      )}
    </Group>
  );
}

/**
 * The project's payment terms and taxes (docs/payments.md, "Terms and taxes"): what a selection
 * signed from now on owes, and when. A selection already signed keeps the terms it was signed under.
 */
export function PaymentSettings({
  terms,
  onChange,
  currency,
  locale,
  error,
  languages,
  defaultLanguage,
  translations,
  onTranslations,
}: {
  terms: PaymentTerms;
  onChange: (terms: PaymentTerms) => void;
  currency: string;
  locale: string;
  error?: string | undefined;
  /** The project's languages: how to pay offline is written in each (docs/languages.md). */
  languages: readonly Language[];
  defaultLanguage: Language;
  translations: Translations;
  onTranslations: (translations: Translations) => void;
}) {
  const t = useT();
  const others = languages.filter((language) => language !== defaultLanguage);
  const set = <K extends keyof PaymentTerms>(key: K, value: PaymentTerms[K]) => onChange({ ...terms, [key]: value });
  return (
    <SectionCard title={t('app.settings.section.payments')}>
      <Text size="sm" c="dimmed">
        {t('app.settings.pay.help')}
      </Text>
      <CardNotice />
      <Taxes terms={terms} set={set} locale={locale} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberField
          label={t('app.settings.pay.deposit-amount')}
          description={t('app.settings.pay.deposit-amount-help')}
          money={{ currency }}
          locale={locale}
          min={0}
          value={terms.depositAmount !== null && Number.isNaN(terms.depositAmount) ? undefined : terms.depositAmount}
          onChange={(n) => set('depositAmount', n === undefined ? NaN : n)}
        />
        <NumberField
          label={t('app.settings.pay.special-order')}
          description={t('app.settings.pay.special-order-help')}
          locale={locale}
          min={0}
          max={100}
          value={Number.isNaN(terms.specialOrderPercent) ? undefined : terms.specialOrderPercent}
          onChange={(n) => set('specialOrderPercent', kept(n, 0))}
        />
        <NumberField
          label={t('app.settings.pay.change-order')}
          description={t('app.settings.pay.change-order-help')}
          locale={locale}
          min={0}
          max={100}
          value={Number.isNaN(terms.changeOrderDepositPercent) ? undefined : terms.changeOrderDepositPercent}
          onChange={(n) => set('changeOrderDepositPercent', kept(n, 0))}
        />
      </SimpleGrid>
      <Instalments terms={terms} set={set} locale={locale} />
      <DueField
        label={t('app.settings.pay.balance-due')}
        value={terms.balanceDue}
        onChange={(due) => set('balanceDue', due)}
      />
      <MarkdownEditor
        maxLength={2000}
        label={
          others.length
            ? t('app.editor.in-language', {
                field: t('app.settings.pay.offline'),
                language: LANGUAGE_NAMES[defaultLanguage],
              })
            : t('app.settings.pay.offline')
        }
        description={t('app.settings.pay.offline-help')}
        minRows={3}
        value={terms.offlineInstructions}
        onChange={(value) => set('offlineInstructions', value)}
      />
      {others.map((language) => (
        <MarkdownEditor
          key={language}
          maxLength={2000}
          label={t('app.editor.in-language', {
            field: t('app.settings.pay.offline'),
            language: LANGUAGE_NAMES[language],
          })}
          minRows={3}
          value={translations[language]?.[TRANSLATABLE_PAYMENT_TEXT] ?? ''}
          onChange={(value) =>
            onTranslations({
              ...translations,
              [language]: { ...translations[language], [TRANSLATABLE_PAYMENT_TEXT]: value },
            })
          }
        />
      ))}
      <Switch
        label={t('app.settings.pay.deposit-first')}
        description={t('app.settings.pay.deposit-first-help')}
        checked={terms.depositBeforeApproval}
        onChange={(event) => set('depositBeforeApproval', event.currentTarget.checked)}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </SectionCard>
  );
}

/** The project's taxes, whether prices include them, and where they are rounded. */
function Taxes({
  terms,
  set,
  locale,
}: {
  terms: PaymentTerms;
  set: <K extends keyof PaymentTerms>(key: K, value: PaymentTerms[K]) => void;
  locale: string;
}) {
  const t = useT();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('app.settings.pay.taxes')}</Text>
      {terms.taxes.map((tax, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('app.settings.pay.tax-name')}
            value={tax.name}
            maxLength={40}
            onChange={(event) =>
              set(
                'taxes',
                terms.taxes.map((other, j) => (j === i ? { ...other, name: event.currentTarget.value } : other)),
              )
            }
            w={160}
          />
          <NumberField
            label={t('app.settings.pay.tax-rate')}
            locale={locale}
            min={0.0001}
            max={100}
            value={Number.isNaN(tax.rate) ? undefined : tax.rate}
            onChange={(n) =>
              set(
                'taxes',
                terms.taxes.map((other, j) => (j === i ? { ...other, rate: kept(n, NaN) } : other)),
              )
            }
            w={140}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('app.settings.pay.remove-tax', { name: tax.name || String(i + 1) })}
            onClick={() =>
              set(
                'taxes',
                terms.taxes.filter((_, j) => j !== i),
              )
            }
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {terms.taxes.length < 4 && (
        <Button
          variant="light"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => set('taxes', [...terms.taxes, { name: '', rate: NaN }])}
        >
          {t('app.settings.pay.add-tax')}
        </Button>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Switch
          label={t('app.settings.pay.prices-include-tax')}
          checked={terms.pricesIncludeTax}
          onChange={(event) => set('pricesIncludeTax', event.currentTarget.checked)}
        />
        <Select
          label={t('app.settings.pay.rounding')}
          data={TAX_ROUNDINGS.map((value) => ({ value, label: t('app.settings.pay.rounding-choice', { value }) }))}
          value={terms.rounding}
          onChange={(value) => value && set('rounding', value as TaxRounding)}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The instalments between the deposit and the balance, each a share of the total due at a stage or on a day. */
function Instalments({
  terms,
  set,
  locale,
}: {
  terms: PaymentTerms;
  set: <K extends keyof PaymentTerms>(key: K, value: PaymentTerms[K]) => void;
  locale: string;
}) {
  const t = useT();
  const change = (i: number, step: Partial<PaymentTerms['instalments'][number]>) =>
    set(
      'instalments',
      terms.instalments.map((other, j) => (j === i ? { ...other, ...step } : other)),
    );
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('app.settings.pay.instalments')}</Text>
      {terms.instalments.map((step, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('app.settings.pay.instalment-label')}
            value={step.label}
            maxLength={80}
            onChange={(event) => change(i, { label: event.currentTarget.value })}
            w={160}
          />
          <NumberField
            label={t('app.settings.pay.instalment-percent')}
            locale={locale}
            min={0.01}
            max={100}
            value={Number.isNaN(step.percent) ? undefined : step.percent}
            onChange={(n) => change(i, { percent: kept(n, NaN) })}
            w={120}
          />
          <DueField
            label={t('app.settings.pay.instalment-due')}
            value={step.due}
            onChange={(due) => change(i, { due })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('app.settings.pay.remove-instalment', { name: step.label || String(i + 1) })}
            onClick={() =>
              set(
                'instalments',
                terms.instalments.filter((_, j) => j !== i),
              )
            }
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {terms.instalments.length < 6 && (
        <Button
          variant="light"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => set('instalments', [...terms.instalments, { label: '', percent: NaN, due: { stage: '' } }])}
        >
          {t('app.settings.pay.add-instalment')}
        </Button>
      )}
    </Stack>
  );
}
