import { useT } from '../../lib/i18n.ts';
import type { ReactNode } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { amountFieldText, formatAmount, numberFieldText, readMoney, readNumber } from '@decor/core';
import { useTypedField } from './use-typed-field.ts';

/**
 * A number or an amount typed in the project's number format (docs/numbers.md): `3450,50` in a
 * French project, `3,450.50` in an English one. What could mean two numbers, a fraction where a
 * whole number is asked, or a value out of range is refused at the field in words, never
 * rounded or guessed. `onChange` hears the number (for money, in minor units), null when emptied,
 * or undefined while what is typed is not a number this field takes.
 */
export function NumberField({
  label,
  value,
  onChange,
  locale,
  money,
  integer = false,
  min,
  max,
  description,
  error,
  required,
  disabled,
  w,
  testId,
  'data-field': dataField,
  rightSection,
}: {
  label: string;
  value: number | null | undefined;
  /** The number, null when emptied, undefined (with what was typed) while it is not one. */
  onChange: (value: number | null | undefined, typed: string) => void;
  locale: string;
  /** An amount in this currency, kept in its smallest unit. */
  money?: { currency: string };
  integer?: boolean;
  min?: number | undefined;
  max?: number | undefined;
  description?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  w?: TextInputProps['w'];
  testId?: string;
  /** The field's path in a schema form (what tests and the error summary find it by). */
  'data-field'?: string;
  rightSection?: ReactNode;
}) {
  const t = useT();
  const field = useTypedField<number>({
    value,
    onChange,
    show: (n) => (money ? amountFieldText(n, money.currency, locale) : numberFieldText(n, locale)),
    read: (typed) => {
      const reading = money
        ? readMoney(typed, { currency: money.currency, locale })
        : readNumber(typed, locale, { integer });
      if (!reading.ok) return { problem: t(reading.key, reading.params) };
      // Limits are said in the field's own units (an amount in the currency, not in cents).
      const amount = money ? Number(formatAmount(reading.value, money.currency)) : reading.value;
      if (min !== undefined && amount < min)
        return { problem: t('app.number.at-least', { limit: numberFieldText(min, locale) }) };
      if (max !== undefined && amount > max)
        return { problem: t('app.number.at-most', { limit: numberFieldText(max, locale) }) };
      return { value: reading.value };
    },
  });
  return (
    <TextInput
      label={money ? `${label} (${money.currency})` : label}
      description={description}
      inputMode={integer ? 'numeric' : 'decimal'}
      value={field.text}
      required={required}
      disabled={disabled}
      w={w}
      data-testid={testId}
      data-field={dataField}
      rightSection={rightSection}
      error={field.problem ?? error}
      onChange={(event) => field.type(event.currentTarget.value)}
    />
  );
}
