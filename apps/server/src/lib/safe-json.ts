import { fail } from '@decor/core';

/** Deepest nesting a request's JSON may have; our own documents stay far below it. */
export const MAX_JSON_DEPTH = 32;

/**
 * Parses JSON a client sent (docs/security.md, "Bad input"), refusing with a 400 before any
 * of our code walks it: nesting deeper than MAX_JSON_DEPTH (which would overflow the stack
 * of whatever recurses over it later), a NUL character anywhere (PostgreSQL cannot store
 * it), and `__proto__` or `constructor.prototype` keys (prototype pollution). The depth is
 * measured on the text, before parsing, so a hostile document costs one linear scan.
 */
export function parseClientJson(text: string, what = 'The request body'): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw fail('bad_request', 'request.too-deep', { what, max: MAX_JSON_DEPTH });
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail('bad_request', 'request.not-json', { what });
  }
  assertStorable(value, what);
  return value;
}

/** Walks a parsed document (depth already bounded) for what may not be stored. */
function assertStorable(value: unknown, what: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw fail('bad_request', 'request.nul', { what });
    return;
  }
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) assertStorable(item, what);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__' || (key === 'constructor' && item && typeof item === 'object' && 'prototype' in item)) {
      throw fail('bad_request', 'request.forbidden-key', { what, key });
    }
    if (key.includes('\u0000')) throw fail('bad_request', 'request.nul', { what });
    assertStorable(item, what);
  }
}
