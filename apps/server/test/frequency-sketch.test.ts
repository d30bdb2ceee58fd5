import { describe, expect, it } from 'vitest';
import { FrequencySketch } from '../src/lib/frequency-sketch.ts';

/** The frequency sketch the kept reads use to choose between a newcomer and what they would drop (docs/performance.md, "Memory"). */
describe('frequency sketch', () => {
  it('never counts a key less than it was asked, up to 15, and tells keys apart', () => {
    const sketch = new FrequencySketch(4096, () => 1_000_000);
    for (let n = 0; n < 200; n++) for (let k = 0; k <= n % 7; k++) sketch.add('shelf', `page ${n}`);
    for (let n = 0; n < 200; n++) expect(sketch.frequency('shelf', `page ${n}`)).toBeGreaterThanOrEqual((n % 7) + 1);
    // With 200 keys in 4,096 cells, nearly all are exact.
    const exact = Array.from({ length: 200 }, (_, n) => sketch.frequency('shelf', `page ${n}`) === (n % 7) + 1).filter(
      Boolean,
    ).length;
    expect(exact).toBeGreaterThanOrEqual(195);
    expect(sketch.frequency('shelf', 'never asked')).toBeLessThanOrEqual(1);
    for (let i = 0; i < 40; i++) sketch.add('shelf', 'hot');
    expect(sketch.frequency('shelf', 'hot')).toBe(15);
  });

  it('counts the parts of a key, not their joined text', () => {
    const sketch = new FrequencySketch(4096, () => 1_000_000);
    sketch.add('ab', 'c');
    sketch.add('ab', 'c');
    expect(sketch.frequency('ab', 'c')).toBe(2);
    expect(sketch.frequency('a', 'bc')).toBe(0);
  });

  it('halves every count after the set number of additions, so old asks weigh less', () => {
    const sketch = new FrequencySketch(1024, () => 12);
    for (let i = 0; i < 8; i++) sketch.add('old');
    for (let i = 0; i < 3; i++) sketch.add('new');
    expect(sketch.frequency('old')).toBe(8);
    sketch.add('new'); // the 12th addition: every count is halved
    expect(sketch.frequency('old')).toBe(4);
    expect(sketch.frequency('new')).toBe(2);
  });
});
