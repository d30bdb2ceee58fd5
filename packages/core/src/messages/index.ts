import { EN } from './en.ts';

/** The key of a sentence of the message catalogue. */
export type MessageKey = keyof typeof EN;
export type MessageParams = Record<string, string | number>;
/** A catalogue: the same keys, in another language. */
export type Catalogue = Record<MessageKey, string>;

/** The sentence of `key` with its `{parameters}` filled in; a missing parameter stays visible as `{name}`. */
export function message(key: MessageKey, params: MessageParams = {}, catalogue: Catalogue = EN): string {
  return catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export { EN };
