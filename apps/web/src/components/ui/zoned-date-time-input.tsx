import { useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { describeTimeZone, readZonedDateTime, zonedInputValue } from '@decor/core';

/**
 * A date and time typed in the project's time zone, never the browser's (docs/dates.md): the zone
 * is named under the field, what is typed is read there, and a time the clocks skip or show twice
 * is refused at the field. `onChange` hears the moment (ISO), null when emptied, or undefined
 * while what is typed is not a moment.
 */
export function ZonedDateTimeInput({
  label,
  value,
  onChange,
  timeZone,
  locale,
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
  timeZone: string;
  locale: string;
  description?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  w?: number;
  testId?: string;
  /** The field's path in a schema form (what tests and the error summary find it by). */
  'data-field'?: string;
}) {
  const [text, setText] = useState(() => (value ? zonedInputValue(value, timeZone) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  // What this field last said; a value from elsewhere (a reset, a saved answer) is shown afresh.
  const said = useRef(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== said.current) {
      setText(value ? zonedInputValue(value, timeZone) : '');
      setProblem(null);
    }
  }
  const zone = describeTimeZone(timeZone, locale);
  return (
    <TextInput
      label={label}
      type="datetime-local"
      description={`${description ? `${description} ` : ''}In ${zone}.`}
      value={text}
      required={required}
      disabled={disabled}
      w={w}
      data-testid={testId}
      data-field={dataField}
      data-time-zone={timeZone}
      error={problem ?? error}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        if (!typed) {
          setProblem(null);
          said.current = null;
          onChange(null, typed);
          return;
        }
        const reading = readZonedDateTime(typed, timeZone);
        setProblem(reading.ok ? null : reading.problem);
        said.current = reading.ok ? reading.iso : undefined;
        onChange(said.current, typed);
      }}
    />
  );
}
