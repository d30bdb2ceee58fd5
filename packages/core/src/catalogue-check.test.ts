import { describe, expect, it } from 'vitest';
import { catalogueProblems, type CheckCategory } from './catalogue-check.ts';
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
    expect(catalogueProblems({ options, categories, packages: [{ _id: 'p', name: 'Warm', options: ['oak', 'pale'] }], plans })).toEqual([]);
  });

  it('names an option that needs one it excludes, either side declaring it', () => {
    const options = map([option('slab', { category: 'counter', requires: ['quartz'] }), option('quartz', { category: 'stone', excludes: ['slab'] })]);
    const problems = catalogueProblems({ options, categories: map([category('counter'), category('stone')]), packages: [], plans });
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
    const kinds = catalogueProblems({ options, categories: new Map(), packages: [], plans }).map((p) => `${p.kind}:${'option' in p ? p.option : ''}`);
    expect(kinds.sort()).toEqual(['requires-cycle:d', 'requires-cycle:e', 'requires-inactive:b', 'requires-missing:a', 'requires-other-plan:f'].sort());
  });

  it('names a required category a plan cannot satisfy', () => {
    const options = map([option('oak', { plans: ['birch'] }), option('tile', { category: 'kitchen-floor', requires: ['oak'] })]);
    const categories = map([category('floor', { required: true }), category('kitchen-floor', { required: true, rooms: ['kitchen'] })]);
    const problems = catalogueProblems({ options, categories, packages: [], plans }).filter((p) => p.kind === 'required-empty');
    expect(problems.map((p) => p.text).sort()).toEqual([
      'floor is required, but Maple has nothing in it that can be chosen on its own.',
      'kitchen-floor is required, but Birch has nothing in it that can be chosen on its own.',
    ]);
  });

  it('names a package whose contents break a rule', () => {
    const options = map([option('oak'), option('walnut'), option('brass', { category: 'metal', excludes: ['oak'] })]);
    const categories = map([category('floor'), category('metal')]);
    // Two floors where one is allowed.
    const two = catalogueProblems({ options, categories, packages: [{ _id: 'lux', name: 'Luxe', options: ['oak', 'walnut', 'gone'] }], plans });
    expect(two.map((p) => p.kind)).toEqual(['package-missing-option', 'package-breaks-rule']);
    expect(two[1]!.text).toBe('Luxe: walnut — Only one choice of this kind per room.');
    // Options that exclude each other.
    const clash = catalogueProblems({ options, categories, packages: [{ _id: 'lux', name: 'Luxe', options: ['oak', 'brass'] }], plans });
    expect(clash.map((p) => p.kind)).toEqual(['package-breaks-rule', 'package-breaks-rule']);
  });
});
