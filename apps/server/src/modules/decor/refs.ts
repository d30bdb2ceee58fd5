import type { CollectionRef } from '@decor/core';

/** Every id a document refers to through one reference path (`category`, `rooms[]`, `selections[].option`). */
export function idsAt(data: Record<string, unknown>, path: string): string[] {
  let values: unknown[] = [data];
  for (const step of path.split('.')) {
    const isArray = step.endsWith('[]');
    const key = isArray ? step.slice(0, -2) : step;
    // A loop, not flatMap: every write walks its collection's paths twice, and flatMap's arrays showed.
    const next: unknown[] = [];
    for (const value of values) {
      const child = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      if (!isArray) next.push(child);
      else if (Array.isArray(child)) for (const item of child) next.push(item);
    }
    values = next;
  }
  return values.filter((value): value is string => typeof value === 'string');
}

/** The same path as an SQL/JSON path expression that yields each referenced id. */
export function jsonPathOf(path: string): string {
  return `$${path
    .split('.')
    .map((step) => (step.endsWith('[]') ? `."${step.slice(0, -2)}"[*]` : `."${step}"`))
    .join('')}`;
}

export function refsByCollection(refs: CollectionRef[], data: Record<string, unknown>): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const ref of refs) {
    for (const id of idsAt(data, ref.path)) {
      const set = wanted.get(ref.collection) ?? new Set<string>();
      set.add(id);
      wanted.set(ref.collection, set);
    }
  }
  return wanted;
}
