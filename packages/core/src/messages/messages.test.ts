import { describe, expect, it } from 'vitest';
import { EN, message, type Catalogue } from './index.ts';

describe('the message catalogue', () => {
  it('fills in parameters by name', () => {
    expect(message('rule.requires', { names: 'Quartz, Oak' })).toBe('Needs Quartz, Oak first.');
    expect(message('engine.in-use', { singular: 'option', count: 3 })).toBe('This option is still used by 3 item(s); change those first.');
  });

  it('leaves a missing parameter visible rather than inventing one', () => {
    expect(message('rule.requires')).toBe('Needs {names} first.');
  });

  it('speaks another language from another catalogue with the same keys', () => {
    const fr = Object.fromEntries(
      Object.keys(EN).map((key) => [key, key === 'rule.requires' ? 'Il faut d’abord {names}.' : EN[key as keyof typeof EN]]),
    ) as Catalogue;
    expect(message('rule.requires', { names: 'Chêne' }, fr)).toBe('Il faut d’abord Chêne.');
  });

  it('has no sentence without words, and no key used twice for a parameter it does not take', () => {
    for (const [key, sentence] of Object.entries(EN)) {
      expect(sentence.trim().length, key).toBeGreaterThan(3);
      expect(sentence, key).not.toMatch(/\{\s*\}/);
    }
  });
});
