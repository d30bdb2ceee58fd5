import type { Language } from '@decor/core';

/** The name of a kind of meeting in a language, the English one when it has none. */
export const typeName = (names: Record<string, string | undefined>, language: Language) =>
  names[language]?.trim() || names.en || '';
