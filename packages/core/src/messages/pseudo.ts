import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

/** The pseudo-language's tag: English made longer and marked, for the sweep that finds words not from the catalogue. */
export const PSEUDO_LANGUAGE = 'en-XA';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
};

/** Plain words as the pseudo-language writes them (accented), for a test that looks for a label in either. */
export function pseudoText(text: string): string {
  return text.replace(/[aeiouAEIOUcny]/g, (letter) => ACCENTED[letter] ?? letter);
}

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([name, option]) => [name, { ...option, value: transform(option.value) }]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    return element;
  });
}

/**
 * A message of the pseudo-language: the same ICU arguments, its words accented, ~35 % longer
 * and between ⟦ ⟧, so that a screen shows at a glance (and a test finds) any text that did not
 * come from the catalogue, and any label that cannot grow as French does.
 */
export function pseudoMessage(source: string): string {
  const printed = printAST(transform(parse(source, { ignoreTag: true })));
  // A third longer than the source as written, whatever the printer tidied.
  const padding = '·'.repeat(Math.max(1, Math.round(source.length * 1.35) - printed.length - 3));
  return `⟦${printed} ${padding}⟧`;
}

/** A whole catalogue in the pseudo-language. */
export function pseudoCatalogue<Catalogue extends Readonly<Record<string, string>>>(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, source]) => [key, pseudoMessage(source)]),
  ) as Catalogue;
}
