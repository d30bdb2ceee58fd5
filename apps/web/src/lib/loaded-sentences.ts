import type { Language, Translate } from '@decor/core';

/**
 * The screens' sentences of each language once loaded, for what must not wait for them nor
 * load them itself: the error pages, shown when loading may be what failed. Kept apart from
 * `i18n.ts` so that the first page does not carry the ICU formatter.
 */
const loaded = new Map<Language, Translate>();

export function keepLoadedSentences(language: Language, translate: Translate): void {
  loaded.set(language, translate);
}

/** The screens' sentences of `language` if they have loaded, else null. */
export function loadedSentences(language: Language): Translate | null {
  return loaded.get(language) ?? null;
}
