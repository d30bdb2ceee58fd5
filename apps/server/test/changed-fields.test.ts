import { describe, expect, it } from 'vitest';
import { changedFields } from '../src/lib/changed-fields.ts';

describe('changedFields (what an update changed, for its audit entry)', () => {
  const cart = {
    unit: 'u1',
    status: 'draft',
    notes: 'old',
    total: 1200,
    package: null,
    selections: [
      { option: 'a', quantity: 1 },
      { option: 'b', quantity: 2, room: { name: 'Kitchen', wall: 'north' } },
    ],
  };

  it('keeps only the fields whose value changed, before and after', () => {
    expect(changedFields(cart, { ...cart, notes: 'new', total: 1500 })).toEqual({
      before: { notes: 'old', total: 1200 },
      after: { notes: 'new', total: 1500 },
    });
  });

  it('compares nested values by what they say, not by identity or field order', () => {
    const same = {
      ...cart,
      selections: [
        { quantity: 1, option: 'a' },
        { option: 'b', room: { wall: 'north', name: 'Kitchen' }, quantity: 2 },
      ],
    };
    expect(changedFields(cart, same)).toEqual({ before: {}, after: {} });
    const deeper = {
      ...cart,
      selections: [cart.selections[0], { ...cart.selections[1], room: { name: 'Kitchen', wall: 'south' } }],
    };
    expect(changedFields(cart, deeper)).toEqual({
      before: { selections: cart.selections },
      after: { selections: deeper.selections },
    });
    const longer = { ...cart, selections: [...cart.selections, { option: 'c', quantity: 1 }] };
    expect(changedFields(cart, longer).after).toEqual({ selections: longer.selections });
  });

  it('tells null from a value, an empty list from an empty object, and a number from its text', () => {
    expect(changedFields({ a: null, b: [], c: 1 }, { a: 0, b: {}, c: '1' })).toEqual({
      before: { a: null, b: [], c: 1 },
      after: { a: 0, b: {}, c: '1' },
    });
  });

  it('writes a removed field as null after, and an added one as null before', () => {
    const { notes: _notes, ...withoutNotes } = cart;
    expect(changedFields(cart, { ...withoutNotes, signature: { name: 'Ada' } })).toEqual({
      before: { notes: 'old', signature: null },
      after: { notes: null, signature: { name: 'Ada' } },
    });
  });
});
