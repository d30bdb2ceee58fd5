import { EN } from './en/index.ts';
import { FR_CA } from './fr-CA/index.ts';
import { translator, type Catalogue, type Translate } from './index.ts';
import type { Language } from './languages.ts';

/** Every language's catalogue at once: for the server, which writes to people in any of them. */
export const CATALOGUES: Record<Language, Catalogue> = { en: EN, 'fr-CA': FR_CA };

const translators = new Map<Language, Translate>();

/** The sentences of `language` (its formats are kept, so each message is parsed once per process). */
export function translatorFor(language: Language): Translate {
  let translate = translators.get(language);
  if (!translate) {
    translate = translator(CATALOGUES[language], language);
    translators.set(language, translate);
  }
  return translate;
}

export { EN, FR_CA };
