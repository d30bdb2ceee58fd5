import { describe, expect, it } from 'vitest';
import { message } from './index.ts';
import { EN_CORE } from './en/core.ts';

describe('the domain’s sentences in English', () => {
  it('fill in parameters by name, with ICU plurals', () => {
    expect(message('rule.requires', { names: 'Quartz, Oak' })).toBe('Needs Quartz, Oak first.');
    expect(message('engine.in-use', { collection: 'options', singular: 'option', count: 3 })).toBe(
      'This option is still used by 3 items; change those first.',
    );
  });

  it('say the sentence as written rather than invent a missing parameter', () => {
    expect(message('rule.requires')).toBe('Needs {names} first.');
  });

  it('have words in every sentence', () => {
    for (const [key, sentence] of Object.entries(EN_CORE)) {
      expect(sentence.trim().length, key).toBeGreaterThan(1);
      expect(sentence, key).not.toMatch(/\{\s*\}/);
    }
  });
});
