import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isTokenExpired, jwtExpiry, refreshBackoff, refreshDelay } from './tokens.ts';

const MINUTE = 60_000;

describe('access token timing (docs/api.md)', () => {
  it('counts a token as expired 30 s early', () => {
    const expiresAt = 1_000_000;
    expect(isTokenExpired(expiresAt, expiresAt - 30_001)).toBe(false);
    expect(isTokenExpired(expiresAt, expiresAt - 30_000)).toBe(true);
  });

  it('refreshes 5 minutes before expiry, at once when that moment has passed', () => {
    expect(refreshDelay(20 * MINUTE, 0)).toBe(15 * MINUTE);
    expect(refreshDelay(4 * MINUTE, 0)).toBe(0);
  });

  it('backs off from 30 s, doubling, up to 16 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(refreshBackoff)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });

  it('never backs off less than 30 s or more than 16 minutes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1000 }), (n) => {
        const delay = refreshBackoff(n);
        expect(delay).toBeGreaterThanOrEqual(30_000);
        expect(delay).toBeLessThanOrEqual(16 * MINUTE);
      }),
    );
  });

  it('reads the expiry of a JWT', () => {
    const payload = btoa(JSON.stringify({ exp: 1_800_000_000 })).replace(/=+$/, '');
    expect(jwtExpiry(`h.${payload}.s`)).toBe(1_800_000_000_000);
    expect(jwtExpiry('garbage')).toBeNull();
    expect(jwtExpiry('a.!!!.c')).toBeNull();
  });
});
