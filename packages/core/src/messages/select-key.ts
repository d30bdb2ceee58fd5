/** A value as an ICU `select` names it: select keys carry no hyphen (`part-paid` is said as `partpaid`; docs/languages.md). */
export function selectKey(value: string): string {
  return value.replace(/-/g, '');
}
