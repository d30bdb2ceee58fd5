import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatDateTime, formatMoney, isCurrencyCode, isSupportedLocale } from '@decor/core';
import { timeZoneChoices } from '../../lib/time-zone-choices.ts';

/** How a project writes money, numbers and moments: the same four fields wherever a project is made or set. */
export interface ProjectFormat {
  currency: string;
  locale: string;
  timeZone: string;
  unitSystem: 'metric' | 'imperial';
}

/** The same rules the server applies (packages/core): an ISO 4217 code, a language with its region. */
export function formatProblems(format: Pick<ProjectFormat, 'currency' | 'locale'>): Partial<Record<'currency' | 'locale', string>> {
  return {
    ...(isCurrencyCode(format.currency.trim().toUpperCase()) ? {} : { currency: 'An ISO 4217 currency code such as CAD, USD or EUR' }),
    ...(isSupportedLocale(format.locale.trim()) ? {} : { locale: 'A language and region the portal supports, such as en-CA or fr-CA' }),
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
  const typed = formatProblems(value);
  const money = typed.currency || typed.locale ? '—' : formatMoney(1_234_500, { currency: value.currency.trim().toUpperCase(), locale: value.locale.trim() });
  let date = '—';
  try {
    if (!typed.locale) date = formatDateTime(new Date(), { locale: value.locale.trim(), timeZone: value.timeZone }, { weekday: true });
  } catch {
    // A zone not known yet: the sample waits.
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Currency"
          description="ISO code, e.g. CAD, USD, EUR"
          value={value.currency}
          onChange={(e) => onChange('currency', e.currentTarget.value)}
          error={errors.currency}
          maxLength={8}
        />
        <TextInput
          label="Locale"
          description="Language and region, e.g. en-CA, fr-CA"
          value={value.locale}
          onChange={(e) => onChange('locale', e.currentTarget.value)}
          error={errors.locale}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Areas in
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
        label="Time zone"
        description="Deadlines, mails and the signed PDF give dates and times in this zone, wherever the reader is."
        data={timeZoneChoices()}
        value={value.timeZone}
        onChange={(zone) => zone && onChange('timeZone', zone)}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No such time zone"
        error={errors.timeZone}
        maw={420}
      />
      <Text size="sm" c="dimmed" data-testid="format-sample">
        Prices will read <b>{money}</b>; dates <b data-testid="date-sample">{date}</b>. Prices are kept in the currency's smallest unit: changing the currency
        does not convert them.
      </Text>
    </Stack>
  );
}
