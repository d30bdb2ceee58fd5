import { fail, type Page } from '@decor/core';

/**
 * Keyset pages of the back office's lists (docs/back-office.md): the answer is `{ items, next }`
 * and `next` is an opaque cursor — the last row's sort key as base64url JSON.
 */

function encodeCursor(key: object): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key in a cursor, if it has the expected shape; anything else is a 400 with a sentence. */
export function decodeCursor<T extends object>(
  text: string | undefined,
  shape: (value: Record<string, unknown>) => boolean,
): T | null {
  if (!text) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (value && typeof value === 'object' && shape(value)) return value as T;
  } catch {
    // Falls through to the refusal.
  }
  throw fail('bad_request', 'manage.bad-cursor', undefined, { field: 'after' });
}

/** A page of at most `size` rows of those read (one more was asked for, to know whether another page follows). */
export function pageOf<Row, Item>(
  rows: Row[],
  size: number,
  toItem: (row: Row) => Item,
  keyOf: (row: Row) => object,
): Page<Item> {
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { items: page.map(toItem), next: rows.length > size && last ? encodeCursor(keyOf(last)) : null };
}
