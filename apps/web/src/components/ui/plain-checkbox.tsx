import { useId, type ChangeEvent } from 'react';

/**
 * A checkbox as the browser draws it, in the project's colour (styles.css `.plain-checkbox`):
 * for the first page, where Mantine's Checkbox would cost more script than the page itself.
 */
export function PlainCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <div className="plain-checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={onChange} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
