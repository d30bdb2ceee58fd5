import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareAlternatives,
  finishesByRoom,
  groupCartLines,
  type CatalogueView,
  type ViewCategory,
  type ViewOption,
} from './cart-view.ts';

const rooms = [
  { _id: 'bath', name: 'Main Bathroom' },
  { _id: 'kitchen', name: 'Kitchen' },
  { _id: 'foyer', name: 'Foyer' },
];
const categories = new Map<string, ViewCategory>([
  ['floor', { _id: 'floor', name: 'Flooring', order: 1, rooms: ['foyer', 'kitchen'], surface: 'floor' }],
  ['paint', { _id: 'paint', name: 'Wall Paint', order: 2, rooms: ['foyer', 'kitchen', 'bath'], surface: 'walls' }],
  ['light', { _id: 'light', name: 'Lighting', order: 3, rooms: ['kitchen'], surface: null }],
]);
const options = new Map<string, ViewOption>([
  [
    'oak',
    {
      _id: 'oak',
      name: 'Engineered Oak',
      category: 'floor',
      price: 185_000,
      swatch: { color: '#b9824a', roughness: 0.5 },
    },
  ],
  ['tile', { _id: 'tile', name: 'Porcelain Tile', category: 'floor', price: 290_000, swatch: { color: '#8d8d89' } }],
  ['white', { _id: 'white', name: 'Chantilly Lace', category: 'paint', price: 0, swatch: { color: '#f4f1ea' } }],
  ['pendant', { _id: 'pendant', name: 'Pendant Trio', category: 'light', price: 125_000 }],
]);
const view: CatalogueView = { rooms, options, categories };

describe('groupCartLines', () => {
  it('groups by room in room order, then category order, with amounts; room-less lines last', () => {
    const groups = groupCartLines(
      [
        { option: 'pendant', room: 'kitchen', quantity: 2 },
        { option: 'white', room: 'kitchen', quantity: 1 },
        { option: 'oak', room: 'kitchen', quantity: 1 },
        { option: 'white', room: 'foyer', quantity: 1 },
        { option: 'white', quantity: 1 },
        { option: 'gone', room: 'bath', quantity: 1 },
      ],
      view,
    );
    expect(groups.map((g) => g.room.name)).toEqual(['Foyer', 'Kitchen', 'Main Bathroom', 'Whole home']);
    expect(groups[1]!.lines.map((l) => [l.option?.name, l.amount])).toEqual([
      ['Engineered Oak', 185_000],
      ['Chantilly Lace', 0],
      ['Pendant Trio', 250_000],
    ]);
    expect(groups[2]!.lines[0]).toMatchObject({ optionId: 'gone', option: null, amount: 0 });
  });

  it('keeps every selection exactly once (property)', () => {
    const selection = fc.record({
      option: fc.constantFrom('oak', 'tile', 'white', 'pendant', 'gone'),
      room: fc.option(fc.constantFrom('bath', 'kitchen', 'foyer', 'elsewhere'), { nil: undefined }),
      quantity: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(selection, { maxLength: 25 }), (selections) => {
        const lines = groupCartLines(selections, view).flatMap((g) => g.lines);
        expect(lines).toHaveLength(selections.length);
        const sum = lines.reduce((total, line) => total + line.amount, 0);
        expect(sum).toBe(selections.reduce((total, s) => total + (options.get(s.option)?.price ?? 0) * s.quantity, 0));
      }),
    );
  });
});

describe('finishesByRoom', () => {
  it('maps a chosen swatch to its category’s surface in the room it was chosen for', () => {
    const finishes = finishesByRoom(
      [
        { option: 'oak', room: 'kitchen', quantity: 1 },
        { option: 'tile', room: 'foyer', quantity: 1 },
        { option: 'pendant', room: 'kitchen', quantity: 1 },
      ],
      view,
    );
    expect(finishes.get('kitchen')).toEqual({
      floor: {
        optionId: 'oak',
        name: 'Engineered Oak',
        color: '#b9824a',
        roughness: 0.5,
        metalness: 0,
        texture: null,
        scale: 1,
      },
    });
    expect(finishes.get('foyer')?.floor?.color).toBe('#8d8d89');
    expect(finishes.get('bath')).toEqual({});
  });

  it('applies a choice made for no particular room to every room of its category', () => {
    const finishes = finishesByRoom([{ option: 'white', quantity: 1 }], view);
    expect(['foyer', 'kitchen', 'bath'].map((room) => finishes.get(room)?.walls?.color)).toEqual([
      '#f4f1ea',
      '#f4f1ea',
      '#f4f1ea',
    ]);
  });
});

describe('compareAlternatives', () => {
  it('shows what differs per room and category and the price difference b − a', () => {
    const a = {
      selections: [
        { option: 'oak', room: 'kitchen', quantity: 1 },
        { option: 'white', room: 'kitchen', quantity: 1 },
      ],
    };
    const b = {
      selections: [
        { option: 'tile', room: 'kitchen', quantity: 1 },
        { option: 'white', room: 'kitchen', quantity: 1 },
      ],
      package: 'p',
    };
    const result = compareAlternatives(a, b, { ...view, packageAdjustment: () => -40_000 });
    expect(result.rows).toEqual([
      { room: rooms[1], category: 'Flooring', a: ['Engineered Oak'], b: ['Porcelain Tile'], isSame: false },
      { room: rooms[1], category: 'Wall Paint', a: ['Chantilly Lace'], b: ['Chantilly Lace'], isSame: true },
    ]);
    expect(result).toMatchObject({ totalA: 185_000, totalB: 250_000, difference: 65_000 });
  });
});
