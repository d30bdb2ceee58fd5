import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLAIM_ALPHABET, CLAIM_CODE_LENGTH, displayStateSchema, formatClaimCode, newClaimCode, readClaimCode } from './displays.ts';

describe('display claim codes', () => {
  it('are 8 characters of an alphabet without look-alikes, and rarely repeat', () => {
    const codes = Array.from({ length: 2_000 }, () => newClaimCode());
    expect(codes.every((code) => code.length === CLAIM_CODE_LENGTH && [...code].every((c) => CLAIM_ALPHABET.includes(c)))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z', '8', 'B']) expect(CLAIM_ALPHABET).not.toContain(lookAlike);
  });

  it('are read back however they are typed, and anything else is refused', () => {
    for (let i = 0; i < 200; i++) {
      const code = newClaimCode();
      expect(readClaimCode(formatClaimCode(code).toLowerCase())).toBe(code);
      expect(readClaimCode(` ${code.slice(0, 4)} ${code.slice(4)} `)).toBe(code);
    }
    // Any string that is not eight characters of the alphabet is refused.
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (typed) => {
        const read = readClaimCode(typed);
        return read === null || (read.length === 8 && [...read].every((c) => CLAIM_ALPHABET.includes(c)));
      }),
    );
    expect(readClaimCode('ACDE-FGH')).toBeNull();
    expect(readClaimCode('ACDE-FGH0')).toBeNull();
    expect(readClaimCode('')).toBeNull();
  });

  it('shows a display only what the schema allows', () => {
    expect(displayStateSchema.safeParse({ mode: 'register', claimCode: 'ACDEFGHJ' }).success).toBe(true);
    expect(displayStateSchema.safeParse({ mode: 'paired' }).success).toBe(false);
    expect(displayStateSchema.safeParse({ mode: 'register', claimCode: 'SHORT' }).success).toBe(false);
  });
});
