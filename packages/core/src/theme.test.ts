import { describe, expect, it } from 'vitest';
import { colourShades, readableTextColour } from './theme.ts';

describe('colourShades', () => {
  it('makes ten shades with the colour itself at index 6, lightest first', () => {
    const shades = colourShades('#1F6F5C');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#1f6f5c');
    const lightness = shades.map((s) => [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(s.slice(i, i + 2), 16), 0));
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]!).toBeLessThan(lightness[i - 1]!);
  });

  it('refuses what is not a colour', () => {
    expect(() => colourShades('green')).toThrow('Not a colour');
  });
});

describe('readableTextColour', () => {
  it('picks white on dark and black on light', () => {
    expect(readableTextColour('#102030')).toBe('#ffffff');
    expect(readableTextColour('#f5f0e6')).toBe('#000000');
  });
});
