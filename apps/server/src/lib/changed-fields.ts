/**
 * What a write changed, field by field: the top-level fields whose JSON differs, with their
 * value before and after. A field the write removed is `null` after it; one it added is `null`
 * before it. This is what an update's audit entry keeps (docs/data-model.md, `audit_log`; decision 051): the
 * unchanged rest of the document can be read from the entries around it.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (Object.hasOwn(before, key) && sameJson(before[key], after[key])) continue;
    was[key] = Object.hasOwn(before, key) ? before[key] : null;
    now[key] = after[key];
  }
  for (const key of Object.keys(before)) {
    if (Object.hasOwn(after, key)) continue;
    was[key] = before[key];
    now[key] = null;
  }
  return { before: was, after: now };
}

/** Whether two JSON values say the same (objects compared by their fields, whatever their order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((value, i) => sameJson(value, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}
