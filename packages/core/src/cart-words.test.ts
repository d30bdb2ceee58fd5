import { describe, expect, it } from 'vitest';
import { cartActionWord, cartStatusWord } from './cart-status.ts';

describe('a cart’s status and actions in words (one set of catalogue keys for every screen, mail and the PDF)', () => {
  it('says each status to the buyer, to the design centre and on the signed document', () => {
    expect((['draft', 'submitted', 'approved', 'locked'] as const).map((s) => cartStatusWord(s))).toEqual([
      'In progress',
      'Submitted',
      'Approved',
      'Deadline passed',
    ]);
    expect(cartStatusWord('submitted', 'staff')).toBe('Awaiting approval');
    expect(cartStatusWord('submitted', 'document')).toBe('Submitted for approval');
    expect(cartStatusWord('approved', 'staff')).toBe('Approved');
  });

  it('says what each of the design centre’s actions did, and leaves an unknown one as it is', () => {
    expect(['submit', 'approve', 'return', 'reopen', 'extend'].map((action) => cartActionWord(action))).toEqual([
      'Signed and submitted',
      'Approved',
      'Returned for a change',
      'Reopened as a change order',
      'Deadline extended',
    ]);
    expect(cartActionWord('archive')).toBe('archive');
  });
});
