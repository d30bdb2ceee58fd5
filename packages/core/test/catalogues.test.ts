import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES, EN } from '../src/messages/all.ts';
import { EN_FIRST_PAGE } from '../src/messages/en/first-page.ts';
import { EN_ACCESS } from '../src/messages/en/access.ts';
import { LANGUAGES } from '../src/messages/languages.ts';
import { pseudoCatalogue } from '../src/messages/pseudo.ts';
import { translator } from '../src/messages/index.ts';

/**
 * The catalogue checks (docs/languages.md, "Checks"): each fails the build (`npm test`) when a
 * language misses a key or has one English lacks, when a message's ICU arguments differ between
 * languages, when a key is used nowhere, or when French typography is not kept.
 */

type Argument = string;

/** The arguments of a message with their kind, e.g. `count:plural`, `names:argument`, and each select's options. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<Argument>()): Set<Argument> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.select)
      found.add(`${element.value}:options=${Object.keys(element.options).sort().join('|')}`);
    if (element.type === TYPE.select || element.type === TYPE.plural)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

function literalsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.literal) return [element.value];
    if (element.type === TYPE.select || element.type === TYPE.plural)
      return Object.values(element.options).flatMap((option) => literalsOf(option.value));
    return [];
  });
}

const parsed = (source: string) => parse(source, { ignoreTag: true });

/** Every TypeScript source of the product outside the catalogue itself. */
function sources(): string[] {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dirs = ['apps/web/src', 'apps/server/src', 'packages/core/src'].map((dir) => path.join(root, dir));
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return full.endsWith(path.join('core', 'src', 'messages')) ? [] : walk(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });
  return dirs.flatMap(walk).map((file) => fs.readFileSync(file, 'utf8'));
}

describe('the catalogues', () => {
  it('give every language exactly the English keys', () => {
    const keys = Object.keys(EN).sort();
    for (const language of LANGUAGES) {
      const theirs = Object.keys(CATALOGUES[language]).sort();
      expect(
        keys.filter((key) => !theirs.includes(key)),
        `${language} lacks`,
      ).toEqual([]);
      expect(
        theirs.filter((key) => !keys.includes(key)),
        `${language} has keys English lacks`,
      ).toEqual([]);
    }
  });

  it('are valid ICU messages with the same arguments, kinds and select options in every language', () => {
    const mismatches: string[] = [];
    for (const [key, source] of Object.entries(EN)) {
      const expected = [...argumentsOf(parsed(source))].sort().join(', ');
      for (const language of LANGUAGES) {
        const theirs = [...argumentsOf(parsed(CATALOGUES[language][key as keyof typeof EN]))].sort().join(', ');
        if (theirs !== expected) mismatches.push(`${language} ${key}: {${theirs}} but English has {${expected}}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('use every key somewhere in the product (a key built from a prefix counts for its family)', () => {
    const text = sources().join('\n');
    const prefixes = [
      ...text.matchAll(
        /`((?:app|cart|rule|mail|pdf|engine|link|identity|display|inquiry|widget|import)\.[\w.-]*)\$\{/g,
      ),
    ].map((match) => match[1]!);
    // Every quoted word of the sources, read once (a search of the whole text per key took seconds).
    const quoted = new Set([...text.matchAll(/'([\w.-]+)'|"([\w.-]+)"/g)].map((match) => match[1] ?? match[2]));
    const unused = Object.keys(EN).filter(
      (key) => !quoted.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('keep French typography: a no-break space before : ; ! ? and inside « », and no typewriter apostrophe', () => {
    const faults: string[] = [];
    for (const [key, source] of Object.entries(CATALOGUES['fr-CA'])) {
      for (const literal of literalsOf(parsed(source))) {
        if (
          /(^|[^\u00a0\u202f])[;!?]/.test(literal.replace(/^[;!?]/, (mark) => `\u202f${mark}`)) &&
          /[^\u00a0\u202f][;!?]/.test(literal)
        )
          faults.push(`${key}: ; ! ? need a narrow no-break space before them`);
        // An address's "https://" is no punctuation, nor a time typed as a field reads it ("17:00").
        if (/[^\u00a0\u202f\d]:(?!\/\/)|[^\d\u00a0\u202f]:\d|\d:(?!\d)/.test(literal))
          faults.push(`${key}: “:” needs a no-break space before it`);
        if (/«(?!\u00a0)|(?<!\u00a0)»/.test(literal)) faults.push(`${key}: « » need no-break spaces inside`);
        if (literal.includes("'")) faults.push(`${key}: use ’, not '`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('keep the first page’s sentences plain text, so that page needs no ICU formatter', () => {
    for (const language of LANGUAGES) {
      for (const key of Object.keys(EN_FIRST_PAGE)) {
        const elements = parsed(CATALOGUES[language][key as keyof typeof EN]);
        expect(
          elements.every((element) => element.type === TYPE.literal || element.type === TYPE.argument),
          `${language} ${key}`,
        ).toBe(true);
      }
      // Said as they are written, with no formatter at all.
      for (const key of Object.keys(EN_ACCESS)) {
        const elements = parsed(CATALOGUES[language][key as keyof typeof EN]);
        expect(
          elements.every((element) => element.type === TYPE.literal),
          `${language} ${key}`,
        ).toBe(true);
      }
    }
  });

  it('say plurals and selects by each language’s rules', () => {
    const fr = translator(CATALOGUES['fr-CA'], 'fr-CA');
    const en = translator(EN, 'en');
    expect(en('engine.in-use', { collection: 'options', singular: 'option', count: 1 })).toBe(
      'This option is still used by 1 item; change those first.',
    );
    expect(en('engine.in-use', { collection: 'options', singular: 'option', count: 3 })).toBe(
      'This option is still used by 3 items; change those first.',
    );
    // French counts 0 and 1 as singular.
    expect(fr('import.has-problems', { count: 0 })).toContain('0 problème à corriger');
    expect(fr('import.has-problems', { count: 2 })).toContain('2 problèmes à corriger');
    expect(en('cart.cannot.approve', { status: 'approved' })).toBe('An approved selection cannot be approved.');
    expect(fr('cart.cannot.approve', { status: 'approved' })).toBe(
      'Une sélection approuvée ne peut pas être approuvée.',
    );
    // A built-in collection is named in the reader's language; one an administrator built keeps its own name.
    expect(fr('engine.no-item', { collection: 'options', singular: 'option' })).toBe('Cette option n’existe pas.');
    expect(fr('engine.no-item', { collection: 'showrooms', singular: 'showroom' })).toBe(
      'Cet élément (showroom) n’existe pas.',
    );
  });

  // A sweep of every sentence: seconds on a busy two-core machine, so more than the default 5.
  it('every message of every language, and of the pseudo-language, can be said', () => {
    // One assertion over the whole list: thousands of `expect`s cost seconds, the parsing milliseconds.
    const unsayable: string[] = [];
    for (const catalogue of [...LANGUAGES.map((language) => CATALOGUES[language]), pseudoCatalogue(EN)]) {
      for (const [key, source] of Object.entries(catalogue)) {
        try {
          parsed(source);
        } catch (error) {
          unsayable.push(`${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(unsayable).toEqual([]);
  }, 30_000);

  it('make a pseudo-language with the same arguments, every word marked and longer', () => {
    const pseudo = pseudoCatalogue(EN);
    for (const [key, source] of Object.entries(EN)) {
      const made = pseudo[key as keyof typeof EN];
      expect(made.startsWith('⟦') && made.endsWith('⟧'), key).toBe(true);
      expect(made.length, key).toBeGreaterThanOrEqual(Math.round(source.length * 1.3));
      expect([...argumentsOf(parsed(made))].sort(), key).toEqual([...argumentsOf(parsed(source))].sort());
    }
    expect(translator(pseudo, 'en')('rule.requires', { names: 'Oak' })).toMatch(/^⟦Nééds Oak fírst\. ·+⟧$/);
  });
});
