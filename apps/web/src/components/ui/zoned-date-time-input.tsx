import { TextInput } from '@mantine/core';
import { describeTimeZone, readZonedDateTime, zonedInputValue } from '@decor/core';
import { useT } from '../../lib/i18n.ts';
import { useZone } from '../../lib/use-dates.ts';
import { useTypedField } from './use-typed-field.ts';

/**
 * A date and time typed in the page's time zone (the project's), never the browser's (docs/dates.md): the zone
 * is named under the field, what is typed is read there, and a time the clocks skip or show twice
 * is refused at the field. `onChange` hears the moment (ISO), null when emptied, or undefined
 * while what is typed is not a moment.
 */
export function ZonedDateTimeInput({
  label,
  value,
  onChange,
  description,
  error,
  required,
  disabled,
  w,
  testId,
  'data-field': dataField,
}: {
  label: string;
  value: string | null | undefined;
  /** The moment, null when emptied, undefined (with what was typed) while it is not one. */
  onChange: (iso: string | null | undefined, typed: string) => void;
  description?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  w?: number;
  testId?: string;
  /** The field's path in a schema form (what tests and the error summary find it by). */
  'data-field'?: string;
}) {
  // The page's zone and language: every deadline typed anywhere is read the same way.
  const { timeZone, locale } = useZone();
  const t = useT();
  const field = useTypedField<string>({
    value,
    onChange,
    show: (iso) => zonedInputValue(iso, timeZone),
    read: (typed) => {
      const reading = readZonedDateTime(typed, timeZone);
      return reading.ok ? { value: reading.iso } : { problem: t(reading.key, reading.params) };
    },
  });
  const zone = describeTimeZone(timeZone, locale);
  return (
    <TextInput
      label={label}
      type="datetime-local"
      description={`${description ? `${description} ` : ''}${t('app.zone.in', { zone })}`}
      value={field.text}
      required={required}
      disabled={disabled}
      w={w}
      data-testid={testId}
      data-field={dataField}
      data-time-zone={timeZone}
      error={field.problem ?? error}
      onChange={(event) => field.type(event.currentTarget.value)}
    />
  );
}
