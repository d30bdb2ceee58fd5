import { IntlMessageFormat } from 'intl-messageformat';
import { EN_CORE } from './en/core.ts';
import type { EN } from './en/index.ts';
import type { Language } from './languages.ts';

/** The key of a sentence of the message catalogue (docs/languages.md). */
export type MessageKey = keyof typeof EN;
/** The key of a sentence the domain itself says (errors, statuses): the part of the catalogue core needs in English. */
export type CoreKey = keyof typeof EN_CORE;
export type MessageParams = Record<string, string | number>;
/** A catalogue: every key, in one language, as ICU messages. */
export type Catalogue = { readonly [Key in MessageKey]: string };
/** Says a sentence of the domain: English by default (`message`), or a reader's translator (docs/languages.md). */
export type Say = (key: CoreKey, params?: MessageParams) => string;
/** A sentence by key with its ICU arguments filled in, in one language. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * Says `key` of `catalogue` with `params`, read as ICU MessageFormat by FormatJS
 * (decision 035): plurals and selects follow `language`'s rules. A missing parameter is not
 * invented: the sentence is said without it, and the catalogue check keeps arguments the
 * same in every language.
 */
export function translator(catalogue: Readonly<Record<string, string>>, language: Language | string): Translate {
  const formats = new Map<string, IntlMessageFormat>();
  return (key, params = {}) => {
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(catalogue[key] ?? key, language, undefined, { ignoreTag: true });
      formats.set(key, format);
    }
    try {
      return String(format.format(params));
    } catch {
      // A value missing for an argument: the sentence as written, rather than no sentence.
      return catalogue[key] ?? key;
    }
  };
}

let english: Translate | undefined;

/** The domain's own sentence in English: an error's `message`, which the server says again in the reader's language. */
export function message(key: CoreKey, params: MessageParams = {}): string {
  english ??= translator(EN_CORE, 'en');
  return english(key, params);
}

export { EN_CORE };
export * from './languages.ts';
export { selectKey } from './select-key.ts';
