import { useRef, useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { amountFieldText, formatAmount, numberFieldText, readMoney, readNumber } from '@decor/core';

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
  w?: number | string;
  testId?: string;
  /** The field's path in a schema form (what tests and the error summary find it by). */
  'data-field'?: string;
  rightSection?: ReactNode;
}) {
  const shown = (n: number | null | undefined) =>
    n === null || n === undefined ? '' : money ? amountFieldText(n, money.currency, locale) : numberFieldText(n, locale);
  const [text, setText] = useState(() => shown(value));
  const [problem, setProblem] = useState<string | null>(null);
  // What this field last said; a value from elsewhere (a reset, a saved answer) is shown afresh.
  const said = useRef(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== said.current) {
      setText(shown(value));
      setProblem(null);
    }
  }
  const read = (typed: string): { value: number } | { problem: string } => {
    const reading = money ? readMoney(typed, { currency: money.currency, locale }) : readNumber(typed, locale, { integer });
    if (!reading.ok) return { problem: reading.problem };
    // Limits are said in the field's own units (an amount in the currency, not in cents).
    const amount = money ? Number(formatAmount(reading.value, money.currency)) : reading.value;
    if (min !== undefined && amount < min) return { problem: `Give ${numberFieldText(min, locale)} or more.` };
    if (max !== undefined && amount > max) return { problem: `Give ${numberFieldText(max, locale)} or less.` };
    return { value: reading.value };
  };
  return (
    <TextInput
      label={money ? `${label} (${money.currency})` : label}
      description={description}
      inputMode={integer ? 'numeric' : 'decimal'}
      value={text}
      required={required}
      disabled={disabled}
      w={w}
      data-testid={testId}
      data-field={dataField}
      rightSection={rightSection}
      error={problem ?? error}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        if (!typed.trim()) {
          setProblem(null);
          said.current = null;
          onChange(null, typed);
          return;
        }
        const result = read(typed);
        setProblem('problem' in result ? result.problem : null);
        said.current = 'value' in result ? result.value : undefined;
        onChange(said.current, typed);
      }}
    />
  );
}
