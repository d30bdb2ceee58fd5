import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { catalogueProblems, type CheckCategory, type CheckRoom } from './catalogue-check.ts';
import { minimapBoxes } from './rooms.ts';
import type { RuleOption } from './selection-rules.ts';

const option = (id: string, fields: Partial<RuleOption> = {}): RuleOption => ({
  _id: id,
  name: id,
  category: 'floor',
  price: 0,
  plans: [],
  requires: [],
  excludes: [],
  active: true,
  ...fields,
});
const category = (id: string, fields: Partial<CheckCategory> = {}): CheckCategory => ({
  _id: id,
  name: id,
  required: false,
  multiple: false,
  allowance: 0,
  rooms: [],
  ...fields,
});
const map = <T extends { _id: string }>(items: T[]) => new Map(items.map((i) => [i._id, i]));
const plans = [
  { _id: 'birch', name: 'Birch', rooms: ['living', 'kitchen'] },
  { _id: 'maple', name: 'Maple', rooms: ['living'] },
];

describe('catalogueProblems', () => {
  it('finds nothing in a sound catalogue', () => {
    const options = map([
      option('oak'),
      option('pale', { category: 'paint' }),
      option('trim', { category: 'paint', requires: ['pale'], multiple: false } as Partial<RuleOption>),
    ]);
    const categories = map([category('floor', { required: true }), category('paint', { multiple: true })]);
    expect(
      catalogueProblems({
        options,
        categories,
        packages: [{ _id: 'p', name: 'Warm', options: ['oak', 'pale'] }],
        plans,
      }),
    ).toEqual([]);
  });

  it('names an option that needs one it excludes, either side declaring it', () => {
    const options = map([
      option('slab', { category: 'counter', requires: ['quartz'] }),
      option('quartz', { category: 'stone', excludes: ['slab'] }),
    ]);
    const problems = catalogueProblems({
      options,
      categories: map([category('counter'), category('stone')]),
      packages: [],
      plans,
    });
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'requires-excluded',
        option: 'slab',
        other: 'quartz',
        text: 'slab needs quartz but cannot be combined with it: it can never be chosen.',
      }),
    ]);
  });

  it('names needs that are gone, withdrawn, circular or missing on a plan', () => {
    const options = map([
      option('a', { requires: ['gone'] }),
      option('b', { category: 'x', requires: ['c'] }),
      option('c', { category: 'y', active: false }),
      option('d', { category: 'z', requires: ['e'] }),
      option('e', { category: 'w', requires: ['d'] }),
      option('f', { category: 'v', requires: ['g'] }),
      option('g', { category: 'u', plans: ['birch'] }),
    ]);
    const kinds = catalogueProblems({ options, categories: new Map(), packages: [], plans }).map(
      (p) => `${p.kind}:${'option' in p ? p.option : ''}`,
    );
    expect(kinds.sort()).toEqual(
      [
        'requires-cycle:d',
        'requires-cycle:e',
        'requires-inactive:b',
        'requires-missing:a',
        'requires-other-plan:f',
      ].sort(),
    );
  });

  it('names a required category a plan cannot satisfy', () => {
    const options = map([
      option('oak', { plans: ['birch'] }),
      option('tile', { category: 'kitchen-floor', requires: ['oak'] }),
    ]);
    const categories = map([
      category('floor', { required: true }),
      category('kitchen-floor', { required: true, rooms: ['kitchen'] }),
    ]);
    const problems = catalogueProblems({ options, categories, packages: [], plans }).filter(
      (p) => p.kind === 'required-empty',
    );
    expect(problems.map((p) => p.text).sort()).toEqual([
      'floor is required, but Maple has nothing in it that can be chosen on its own.',
      'kitchen-floor is required, but Birch has nothing in it that can be chosen on its own.',
    ]);
  });

  it('names a package whose contents break a rule', () => {
    const options = map([option('oak'), option('walnut'), option('brass', { category: 'metal', excludes: ['oak'] })]);
    const categories = map([category('floor'), category('metal')]);
    // Two floors where one is allowed.
    const two = catalogueProblems({
      options,
      categories,
      packages: [{ _id: 'lux', name: 'Luxe', options: ['oak', 'walnut', 'gone'] }],
      plans,
    });
    expect(two.map((p) => p.kind)).toEqual(['package-missing-option', 'package-breaks-rule']);
    expect(two[1]!.text).toBe('Luxe: walnut — Only one choice of this kind per room.');
    // Options that exclude each other.
    const clash = catalogueProblems({
      options,
      categories,
      packages: [{ _id: 'lux', name: 'Luxe', options: ['oak', 'brass'] }],
      plans,
    });
    expect(clash.map((p) => p.kind)).toEqual(['package-breaks-rule', 'package-breaks-rule']);
  });
});

describe('the catalogue check of what buyers see in 3D', () => {
  it('names an option of a category that paints the rooms when it has no swatch, and only then', () => {
    const options = map([
      option('oak'),
      option('walnut'),
      option('hidden', { active: false }),
      option('pull', { category: 'hardware' }),
    ]);
    const categories = map([category('floor', { surface: 'floor', name: 'Flooring' }), category('hardware')]);
    const problems = catalogueProblems({ options, categories, packages: [], plans, swatches: new Set(['oak']) });
    expect(problems).toEqual([
      {
        kind: 'swatch-missing',
        option: 'walnut',
        category: 'floor',
        text: 'walnut has no swatch, but Flooring paints the 3D rooms (floor): Explore and the preview would show the standard finish instead. Give it a swatch.',
        // And what it was said from, for a page to say it in its reader's words.
        key: 'check.swatch-missing',
        params: { option: 'walnut', category: 'Flooring', surface: 'floor' },
      },
    ]);
  });

  it('names two rooms of a plan whose minimap boxes cover each other, exactly when they do', () => {
    const place = fc.record({
      x: fc.double({ min: 0, max: 1, noNaN: true }),
      y: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(place, place, fc.double({ min: 1, max: 8, noNaN: true }), (a, b, size) => {
        const rooms: CheckRoom[] = [
          { _id: 'living', name: 'Living', order: 1, hotspot: a, dimensions: { w: size, d: size } },
          { _id: 'kitchen', name: 'Kitchen', order: 2, hotspot: b, dimensions: { w: 3, d: 3 } },
        ];
        const [boxA, boxB] = minimapBoxes(rooms);
        // Two boxes cover each other when they share more than half a percent both ways.
        const share = (start1: number, length1: number, start2: number, length2: number) =>
          Math.min(start1 + length1, start2 + length2) - Math.max(start1, start2);
        const covers =
          share(boxA!.x, boxA!.w, boxB!.x, boxB!.w) > 0.5 && share(boxA!.y, boxA!.h, boxB!.y, boxB!.h) > 0.5;
        const found = catalogueProblems({
          options: new Map(),
          categories: new Map(),
          packages: [],
          plans: [plans[0]!],
          rooms,
        }).filter((p) => p.kind === 'minimap-overlap');
        return found.length === (covers ? 1 : 0);
      }),
    );
    // A plan that does not have both rooms has nothing to say about them.
    const stacked: CheckRoom[] = [
      { _id: 'living', name: 'Living', hotspot: { x: 0.5, y: 0.5 } },
      { _id: 'kitchen', name: 'Kitchen', hotspot: { x: 0.5, y: 0.5 } },
    ];
    expect(
      catalogueProblems({
        options: new Map(),
        categories: new Map(),
        packages: [],
        plans: [plans[1]!],
        rooms: stacked,
      }),
    ).toEqual([]);
    expect(
      catalogueProblems({
        options: new Map(),
        categories: new Map(),
        packages: [],
        plans: [plans[0]!],
        rooms: stacked,
      }),
    ).toEqual([
      expect.objectContaining({
        kind: 'minimap-overlap',
        plan: 'birch',
        text: 'On Birch’s minimap, Living and Kitchen cover each other: move one of them (its place on the floor-plan minimap).',
      }),
    ]);
  });
});
