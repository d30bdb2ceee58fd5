import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roomOrder, sortRooms, type RoomLike } from './rooms.ts';

describe('roomOrder', () => {
  it.each([
    ['Foyer', 0],
    ['Main entrance', 0],
    ['Living room', 1],
    ['Family Room', 1],
    ['Kitchen', 2],
    ['Primary bedroom', 10],
    ['Ensuite bath', 10],
  ])('puts %s at %i', (name, expected) => {
    expect(roomOrder({ name })).toBe(expected);
  });

  it('puts a room without a name last', () => {
    expect(roomOrder({})).toBe(Number.POSITIVE_INFINITY);
    expect(roomOrder({ name: '   ' })).toBe(Number.POSITIVE_INFINITY);
  });

  it('lets an explicit numeric order win over the name', () => {
    expect(roomOrder({ name: 'Kitchen', order: 7 })).toBe(7);
    expect(roomOrder({ name: 'Kitchen', order: 0 })).toBe(0);
  });

  it('ignores an order that is not a finite number', () => {
    expect(roomOrder({ name: 'Kitchen', order: Number.NaN })).toBe(2);
    expect(roomOrder({ name: 'Kitchen', order: null })).toBe(2);
  });
});

describe('sortRooms', () => {
  it('orders foyer, living, kitchen, others, unnamed', () => {
    const rooms = [{ name: 'Bedroom 2' }, {}, { name: 'Kitchen' }, { name: 'Living' }, { name: 'Foyer' }];
    expect(sortRooms(rooms).map((r) => r.name ?? null)).toEqual(['Foyer', 'Living', 'Kitchen', 'Bedroom 2', null]);
  });

  it('does not change the array it is given', () => {
    const rooms = [{ name: 'Kitchen' }, { name: 'Foyer' }];
    sortRooms(rooms);
    expect(rooms[0]!.name).toBe('Kitchen');
  });

  const room = fc.record(
    {
      name: fc.oneof(fc.constantFrom('Foyer', 'Living', 'Kitchen', 'Bath', 'Den'), fc.string()),
      order: fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constant(null)),
    },
    { requiredKeys: [] },
  );

  it('gives the same order whatever the input order (property)', () => {
    fc.assert(
      fc.property(fc.array(room, { maxLength: 12 }), fc.nat(), (rooms, seed) => {
        const shuffled = [...rooms].sort((a, b) => (JSON.stringify(a) + seed).localeCompare(JSON.stringify(b) + seed));
        const key = (r: RoomLike) => `${roomOrder(r)}|${r.name ?? ''}`;
        expect(sortRooms(shuffled).map(key)).toEqual(sortRooms(rooms).map(key));
      }),
    );
  });

  it('never places a room before one with a smaller order (property)', () => {
    fc.assert(
      fc.property(fc.array(room, { maxLength: 12 }), (rooms) => {
        const orders = sortRooms(rooms).map(roomOrder);
        for (let i = 1; i < orders.length; i++) expect(orders[i]!).toBeGreaterThanOrEqual(orders[i - 1]!);
      }),
    );
  });
});
