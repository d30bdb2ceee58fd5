import { useRef, useState } from 'react';

/** What a typed field makes of its text: a value, nothing (emptied), or why it is not one. */
export type TypedReading<T> = { value: T } | { empty: true } | { problem: string };

/**
 * The state of a field a person types a value into as text (a number, a date and time): the
 * text as typed, the problem said at the field, and the value heard by `onChange` — the value,
 * null when emptied, undefined (with the text) while the text is not one. A value set from
 * elsewhere (a reset, a saved answer) is shown afresh; the field's own answers are not.
 */
export function useTypedField<T>({
  value,
  show,
  read,
  onChange,
}: {
  value: T | null | undefined;
  show: (value: T) => string;
  read: (typed: string) => TypedReading<T>;
  onChange: (value: T | null | undefined, typed: string) => void;
}) {
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : show(value)));
  const [problem, setProblem] = useState<string | null>(null);
  const said = useRef(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== said.current) {
      setText(value === null || value === undefined ? '' : show(value));
      setProblem(null);
    }
  }
  const type = (typed: string) => {
    setText(typed);
    const reading = typed.trim() ? read(typed) : ({ empty: true } as const);
    setProblem('problem' in reading ? reading.problem : null);
    said.current = 'value' in reading ? reading.value : 'empty' in reading ? null : undefined;
    onChange(said.current, typed);
  };
  return { text, problem, type };
}
