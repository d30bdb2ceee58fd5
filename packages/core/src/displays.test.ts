import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CLAIM_ALPHABET,
  CLAIM_CODE_LENGTH,
  displayMessageSchema,
  displayStateSchema,
  formatClaimCode,
  formatPairingCode,
  frameVerdict,
  newClaimCode,
  newPairingCode,
  readClaimCode,
  readPairingCode,
  roundTripVerdict,
} from './displays.ts';

describe('display claim codes', () => {
  it('are 8 characters of an alphabet without look-alikes, and rarely repeat', () => {
    const codes = Array.from({ length: 2_000 }, () => newClaimCode());
    expect(
      codes.every((code) => code.length === CLAIM_CODE_LENGTH && [...code].every((c) => CLAIM_ALPHABET.includes(c))),
    ).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z', '8', 'B'])
      expect(CLAIM_ALPHABET).not.toContain(lookAlike);
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

describe('pairing codes and the live protocol', () => {
  it('draws 8-digit pairing codes evenly and reads them as typed', () => {
    const codes = Array.from({ length: 20_000 }, () => newPairingCode());
    expect(codes.every((code) => /^\d{8}$/.test(code))).toBe(true);
    // Every digit appears in every place about a tenth of the time (20,000 draws: 2,000 ± 200).
    for (let place = 0; place < 8; place++) {
      const counts = Array.from(
        { length: 10 },
        (_, digit) => codes.filter((code) => code[place] === String(digit)).length,
      );
      for (const count of counts) expect(Math.abs(count - 2_000)).toBeLessThan(200);
    }
    expect(readPairingCode(formatPairingCode('04821093'))).toBe('04821093');
    expect(readPairingCode('0482-1093')).toBe('04821093');
    for (const typed of ['0482109', '048210934', '0482 109O', '', 'abcdefgh'])
      expect(readPairingCode(typed)).toBeNull();
  });

  it('takes from a phone only a whole look, reset, end and pings; from a screen only its hello, health and pings', () => {
    const look = { plan: null, room: 'r1', finishes: { c1: 'o1' }, camera: { yaw: 0, pitch: 27, zoom: 1 } };
    for (const message of [
      { v: 1, type: 'join', pairing: 'a.b' },
      { v: 1, type: 'look', look },
      { v: 1, type: 'reset' },
      { v: 1, type: 'end' },
      { v: 1, type: 'ping', t: 1 },
    ]) {
      expect(displayMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
    const refused = [
      { v: 1, type: 'look', look: { ...look, buyer: 'someone@example.test' } },
      { v: 1, type: 'look', look: { ...look, camera: { yaw: 400, pitch: 0, zoom: 1 } } },
      {
        v: 1,
        type: 'look',
        look: { ...look, finishes: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`c${i}`, 'o'])) },
      },
      { v: 1, type: 'save', cart: 'x' },
      { v: 1, type: 'end', reason: 'x' },
      { v: 2, type: 'reset' },
      { type: 'reset' },
    ];
    for (const message of refused)
      expect(displayMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
  });
});

describe('the sales-centre verdicts of the diagnostics', () => {
  it('say good enough from 20 frames a second, and what to change below, naming the processor when it drew', () => {
    expect(frameVerdict({ fps: 20, isSoftware: false })).toMatchObject({ isGood: true });
    expect(frameVerdict({ fps: 58.5, isSoftware: true }).text).toMatch(/^Good enough for a sales centre: 58.5 frames/);
    const slow = frameVerdict({ fps: 19.9, isSoftware: false });
    expect(slow.isGood).toBe(false);
    expect(slow.text).toContain('mini-PC');
    expect(frameVerdict({ fps: 7, isSoftware: true }).text).toContain('drawn by the processor');
  });

  it('say good enough up to a p99 of 100 ms, and how to mend the network above', () => {
    expect(roundTripVerdict({ p99: 100 })).toMatchObject({ isGood: true });
    expect(roundTripVerdict({ p99: 12.4 }).text).toContain('within 12 ms');
    const slow = roundTripVerdict({ p99: 100.6 });
    expect(slow.isGood).toBe(false);
    expect(slow.text).toContain('wired network');
  });
});
