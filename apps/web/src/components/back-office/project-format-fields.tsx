import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatDateTime, formatMoney, isCurrencyCode, isSupportedLocale, type MessageKey } from '@decor/core';
import { timeZoneChoices } from '../../lib/time-zone-choices.ts';
import { RichText } from '../ui/rich-text.tsx';
import { useT } from '../../lib/i18n.ts';

/** How a project writes money, numbers and moments: the same four fields wherever a project is made or set. */
export interface ProjectFormat {
  currency: string;
  locale: string;
  timeZone: string;
  unitSystem: 'metric' | 'imperial';
}

/** The same rules the server applies (packages/core): an ISO 4217 code, a language with its region. */
export function formatProblems(
  format: Pick<ProjectFormat, 'currency' | 'locale'>,
): Partial<Record<'currency' | 'locale', MessageKey>> {
  return {
    ...(isCurrencyCode(format.currency.trim().toUpperCase()) ? {} : { currency: 'app.format.currency-problem' }),
    ...(isSupportedLocale(format.locale.trim()) ? {} : { locale: 'app.format.locale-problem' }),
  };
}

/**
 * Currency, locale, time zone and unit of area, with a price and today's date as the project
 * will print them (the new-project wizard, the admin's project dialog, the project's settings).
 */
export function ProjectFormatFields({
  value,
  onChange,
  errors = {},
}: {
  value: ProjectFormat;
  /** A field changed: its key and what it holds now (the unit system is one of its two words). */
  onChange: (key: keyof ProjectFormat, next: string) => void;
  errors?: Partial<Record<keyof ProjectFormat, string | undefined>>;
}) {
  const t = useT();
  const typed = formatProblems(value);
  const money =
    typed.currency || typed.locale
      ? '—'
      : formatMoney(1_234_500, { currency: value.currency.trim().toUpperCase(), locale: value.locale.trim() });
  let date = '—';
  try {
    if (!typed.locale)
      date = formatDateTime(new Date(), { locale: value.locale.trim(), timeZone: value.timeZone }, { weekday: true });
  } catch {
    // A zone not known yet: the sample waits.
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('app.format.currency')}
          description={t('app.format.currency-help')}
          value={value.currency}
          onChange={(e) => onChange('currency', e.currentTarget.value)}
          error={errors.currency}
          maxLength={8}
        />
        <TextInput
          label={t('app.format.locale')}
          description={t('app.format.locale-help')}
          value={value.locale}
          onChange={(e) => onChange('locale', e.currentTarget.value)}
          error={errors.locale}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('app.format.areas')}
          </Text>
          <SegmentedControl
            value={value.unitSystem}
            onChange={(next) => onChange('unitSystem', next)}
            data={[
              { value: 'metric', label: 'm²' },
              { value: 'imperial', label: 'ft²' },
            ]}
          />
        </Stack>
      </SimpleGrid>
      <Select
        label={t('app.format.zone')}
        description={t('app.format.zone-help')}
        data={timeZoneChoices()}
        value={value.timeZone}
        onChange={(zone) => zone && onChange('timeZone', zone)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('app.format.no-zone')}
        error={errors.timeZone}
        maw={420}
      />
      <Text size="sm" c="dimmed" data-testid="format-sample">
        <RichText
          text={t('app.format.sample', { money, date })}
          tags={{ b: (chunk) => <b>{chunk}</b>, date: (chunk) => <b data-testid="date-sample">{chunk}</b> }}
        />
      </Text>
    </Stack>
  );
}
