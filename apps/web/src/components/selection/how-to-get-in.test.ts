import { describe, expect, it } from 'vitest';
import { accessCodeFrom } from './how-to-get-in.tsx';

describe('accessCodeFrom', () => {
  it('finds the code in a pasted invitation link or takes a typed one', () => {
    expect(accessCodeFrom('https://maple.portal.example/link/abcd2345efgh6789jkmn')).toBe('abcd2345efgh6789jkmn');
    expect(accessCodeFrom('  https://maple.portal.example/go/ABCD2345EFGH?x=1 ')).toBe('abcd2345efgh');
    expect(accessCodeFrom('abcd2345efgh6789jkmn')).toBe('abcd2345efgh6789jkmn');
  });

  it('refuses what cannot be a code', () => {
    expect(accessCodeFrom('')).toBeNull();
    expect(accessCodeFrom('short')).toBeNull();
    expect(accessCodeFrom('https://maple.portal.example/configure')).toBeNull();
    expect(accessCodeFrom('../../admin')).toBeNull();
  });
});
