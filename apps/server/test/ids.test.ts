import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '../src/lib/ids.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('ids (UUID version 7)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the version, the variant and the time of making', () => {
    const before = Date.now();
    const id = uuidv7();
    expect(id).toMatch(V7);
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(Date.now());
  });

  it('sorts in the order made, within one millisecond and across many, and never twice the same', () => {
    // More ids than one pool of random bytes holds, most of them in the same millisecond.
    const ids = Array.from({ length: 5_000 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps counting up when the clock stands still or steps back', () => {
    const now = Date.now() + 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    const first = Array.from({ length: 300 }, () => uuidv7());
    clock.mockReturnValue(now - 5_000);
    const after = Array.from({ length: 300 }, () => uuidv7());
    const ids = [...first, ...after];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map(msOf))).toEqual(new Set([now]));
  });

  it('draws the rest at random: two ids of one millisecond differ beyond their counters', () => {
    const now = Date.now() + 120_000;
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const [a, b] = [uuidv7(), uuidv7()];
    expect(a!.slice(-12)).not.toBe(b!.slice(-12));
    expect(a!.slice(-12)).not.toMatch(/^0+$/);
  });
});
