import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSlug, slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Maple Residences', 'maple-residences'],
    ['  Harbour / Tower B ', 'harbour-tower-b'],
    ['Café Étoile', 'cafe-etoile'],
    ['UNIT_12A', 'unit-12a'],
    ['---', ''],
  ])('turns %j into %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('yields only lowercase letters, digits and single inner hyphens (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const slug = slugify(text);
        expect(slug === '' || isSlug(slug)).toBe(true);
      }),
    );
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(slugify(slugify(text))).toBe(slugify(text));
      }),
    );
  });
});

describe('isSlug', () => {
  it('accepts keys and refuses the rest', () => {
    expect(isSlug('demo')).toBe(true);
    expect(isSlug('harbour-2')).toBe(true);
    expect(isSlug('Demo')).toBe(false);
    expect(isSlug('-demo')).toBe(false);
    expect(isSlug('de--mo')).toBe(false);
    expect(isSlug('')).toBe(false);
  });
});
