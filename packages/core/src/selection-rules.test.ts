import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowances,
  applyPackage,
  budgetRemaining,
  choose,
  depositOf,
  describeUnavailability,
  describeMissing,
  missingRequired,
  removedWith,
  ruleViolations,
  unchoose,
  whyUnavailable,
  RuleBrokenError,
  type RuleCategory,
  type RuleContext,
  type RuleOption,
  type Selection,
} from './selection-rules.ts';
import {
  DEFAULT_REMINDER_DAYS,
  effectiveStatus,
  nextStatus,
  reminderStep,
  reviewDueBy,
  reviewOverdueBefore,
} from './cart-status.ts';
import { calendarDayOf } from './dates.ts';
import { cartTotal } from './pricing.ts';

const category = (id: string, extra: Partial<RuleCategory> = {}): RuleCategory => ({
  _id: id,
  name: id,
  required: false,
  multiple: false,
  allowance: 0,
  ...extra,
});
const option = (id: string, categoryId: string, extra: Partial<RuleOption> = {}): RuleOption => ({
  _id: id,
  name: id.toUpperCase(),
  category: categoryId,
  price: 1000,
  plans: [],
  requires: [],
  excludes: [],
  active: true,
  ...extra,
});

const categories = [
  category('floor', { required: true }),
  category('counter', { required: true }),
  category('backsplash'),
  category('lighting', { multiple: true, allowance: 1500 }),
];
const options = [
  option('oak', 'floor', { price: 0 }),
  option('walnut', 'floor', { price: 5000 }),
  option('wide', 'floor', { price: 4000, plans: ['plan-b'] }),
  option('laminate', 'counter', { price: 0 }),
  option('calacatta', 'counter', { price: 3600 }),
  option('slab', 'backsplash', { price: 3200, requires: ['calacatta'] }),
  option('subway', 'backsplash', { price: 0, excludes: ['black'] }),
  option('pots', 'lighting', { price: 0 }),
  option('dimmer', 'lighting', { price: 480 }),
  option('smart', 'lighting', { price: 1100, requires: ['dimmer'] }),
  option('black', 'lighting', { price: 900 }),
  option('retired', 'lighting', { active: false }),
];

const context = (extra: Partial<RuleContext> = {}): RuleContext => ({
  options: new Map(options.map((o) => [o._id, o])),
  categories: new Map(categories.map((c) => [c._id, c])),
  planId: 'plan-a',
  isOpen: true,
  ...extra,
});

describe('choosing', () => {
  it('replaces the previous choice of a single-choice category in the same room only', () => {
    let cart: Selection[] = [];
    cart = choose(cart, { option: 'oak', room: 'living', quantity: 1 }, context());
    cart = choose(cart, { option: 'oak', room: 'kitchen', quantity: 1 }, context());
    cart = choose(cart, { option: 'walnut', room: 'living', quantity: 1 }, context());
    expect(cart).toEqual([
      { option: 'oak', room: 'kitchen', quantity: 1 },
      { option: 'walnut', room: 'living', quantity: 1 },
    ]);
  });

  it('adds to a multiple-choice category', () => {
    const cart = choose(
      choose([], { option: 'pots', quantity: 1 }, context()),
      { option: 'dimmer', quantity: 1 },
      context(),
    );
    expect(cart.map((s) => s.option)).toEqual(['pots', 'dimmer']);
  });

  it('refuses what needs another choice first, and says so in the buyer’s words', () => {
    const reason = whyUnavailable('slab', [], context());
    expect(reason).toEqual({ kind: 'requires', missing: ['calacatta'] });
    expect(describeUnavailability(reason!, context())).toBe('Needs CALACATTA first.');
    expect(() => choose([], { option: 'slab', quantity: 1 }, context())).toThrow(RuleBrokenError);
    const withCounter = choose([], { option: 'calacatta', quantity: 1 }, context());
    expect(choose(withCounter, { option: 'slab', quantity: 1 }, context()).map((s) => s.option)).toEqual([
      'calacatta',
      'slab',
    ]);
  });

  it('refuses a conflict whichever side declares it', () => {
    const withBlack = choose([], { option: 'black', quantity: 1 }, context());
    expect(whyUnavailable('subway', withBlack, context())).toEqual({ kind: 'excludes', conflicts: ['black'] });
    const withSubway = choose([], { option: 'subway', quantity: 1 }, context());
    const reason = whyUnavailable('black', withSubway, context());
    expect(reason).toEqual({ kind: 'excludes', conflicts: ['subway'] });
    expect(describeUnavailability(reason!, context())).toBe('Can’t be combined with SUBWAY.');
  });

  it('offers plan-limited options only to that plan, and nothing inactive or after closing', () => {
    expect(whyUnavailable('wide', [], context())).toEqual({ kind: 'plan' });
    expect(whyUnavailable('wide', [], context({ planId: 'plan-b' }))).toBeNull();
    expect(whyUnavailable('retired', [], context())).toEqual({ kind: 'inactive' });
    expect(whyUnavailable('oak', [], context({ isOpen: false }))).toEqual({ kind: 'closed' });
    expect(describeUnavailability({ kind: 'plan' }, context())).toBe('Not offered for your home’s plan.');
  });

  it('drops choices that needed a choice that was replaced', () => {
    let cart = choose([], { option: 'calacatta', room: 'kitchen', quantity: 1 }, context());
    cart = choose(cart, { option: 'slab', room: 'kitchen', quantity: 1 }, context());
    cart = choose(cart, { option: 'laminate', room: 'kitchen', quantity: 1 }, context());
    expect(cart).toEqual([{ option: 'laminate', room: 'kitchen', quantity: 1 }]);
  });

  it('removes choices that needed a removed one', () => {
    let cart = choose([], { option: 'dimmer', quantity: 1 }, context());
    cart = choose(cart, { option: 'smart', quantity: 1 }, context());
    expect(unchoose(cart, 'dimmer', undefined, context())).toEqual([]);
  });
});

describe('checking a whole cart', () => {
  it('names every choice that breaks a rule', () => {
    const cart: Selection[] = [
      { option: 'slab', quantity: 1 },
      { option: 'wide', room: 'living', quantity: 1 },
    ];
    expect(ruleViolations(cart, context()).map((v) => [v.option, v.reason.kind])).toEqual([
      ['slab', 'requires'],
      ['wide', 'plan'],
    ]);
  });

  it('refuses two choices of a single-choice category in one room', () => {
    const cart: Selection[] = [
      { option: 'oak', room: 'living', quantity: 1 },
      { option: 'walnut', room: 'living', quantity: 1 },
    ];
    expect(ruleViolations(cart, context()).map((v) => [v.option, v.message])).toEqual([
      ['walnut', 'Only one choice of this kind per room.'],
    ]);
  });

  it('names the choices a change took with it, and what each needed', () => {
    const before = [
      { option: 'calacatta', room: 'kitchen', quantity: 1 },
      { option: 'slab', room: 'kitchen', quantity: 1 },
      { option: 'dimmer', quantity: 1 },
    ];
    const after = choose(before, { option: 'laminate', room: 'kitchen', quantity: 1 }, context());
    // Calacatta was replaced (not "removed with"); the slab needed it.
    expect(removedWith(before, after, [{ option: 'laminate', room: 'kitchen' }], context())).toEqual([
      { option: 'slab', room: 'kitchen', quantity: 1, needed: 'calacatta' },
    ]);
    expect(
      removedWith(before, unchoose(before, 'dimmer', undefined, context()), [{ option: 'dimmer' }], context()),
    ).toEqual([]);
  });

  it('lists the required categories still empty', () => {
    const cart = choose([], { option: 'oak', room: 'living', quantity: 1 }, context());
    expect(missingRequired(cart, context()).map((c) => c.category._id)).toEqual(['counter']);
  });

  it('requires a choice in every room of the plan where a required category applies', () => {
    const floors = category('floor', { required: true, rooms: ['foyer', 'living', 'studio'] });
    const base = context();
    const rules = { options: base.options, categories: new Map([['floor', floors]]), planRooms: ['foyer', 'living'] };
    const oak = option('oak', 'floor');
    const withOak = { ...rules, options: new Map([...base.options, ['oak', oak]]) };
    // The studio is not in this plan: two rooms need a floor.
    expect(missingRequired([], withOak).map((m) => m.room)).toEqual(['foyer', 'living']);
    // A floor in the living room leaves the foyer without one: the category is not done.
    expect(missingRequired([{ option: 'oak', room: 'living', quantity: 1 }], withOak)).toEqual([
      { category: floors, room: 'foyer' },
    ]);
    expect(
      describeMissing(
        missingRequired([{ option: 'oak', room: 'living', quantity: 1 }], withOak),
        (id) => ({ foyer: 'Foyer' })[id],
      ),
    ).toEqual(['floor (Foyer)']);
    // A choice made for the whole home covers every room.
    expect(missingRequired([{ option: 'oak', quantity: 1 }], withOak)).toEqual([]);
  });

  it('shows each allowance against what was chosen', () => {
    const cart = [
      { option: 'dimmer', quantity: 1 },
      { option: 'black', quantity: 2 },
    ];
    expect(allowances(cart, context())).toEqual([
      { category: 'lighting', allowance: 1500, spent: 2280, difference: 780 },
    ]);
  });

  it('computes the deposit and the budget left', () => {
    expect(depositOf(123_455, 10)).toBe(12_346);
    expect(depositOf(-5, 10)).toBe(0);
    expect(depositOf(5000, undefined)).toBe(0);
    expect(budgetRemaining(8000, 10_000)).toBe(2000);
    expect(budgetRemaining(8000, null)).toBeNull();
  });
});

describe('rule properties', () => {
  const anyChoice = fc.record({
    option: fc.constantFrom(...options.map((o) => o._id)),
    room: fc.constantFrom('living', 'kitchen', undefined),
    quantity: fc.integer({ min: 1, max: 5 }),
  });
  const ctx = context();

  /** Applies choices, keeping only those the rules allow: what a buyer can reach. */
  const reachable = (choices: Selection[]) =>
    choices.reduce<Selection[]>((cart, choice) => {
      try {
        return choose(cart, choice, ctx);
      } catch {
        return cart;
      }
    }, []);

  it('a cart built by allowed choices never breaks a rule, and stays valid after any allowed change (property)', () => {
    fc.assert(
      fc.property(fc.array(anyChoice, { maxLength: 25 }), anyChoice, (choices, change) => {
        const cart = reachable(choices);
        expect(ruleViolations(cart, ctx)).toEqual([]);
        const reason = whyUnavailable(change.option, cart, ctx, change.room);
        if (!reason) expect(ruleViolations(choose(cart, change, ctx), ctx)).toEqual([]);
        expect(ruleViolations(unchoose(cart, change.option, change.room, ctx), ctx)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('totals are sums of price × quantity, never negative, whatever the order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(anyChoice, { maxLength: 25 }),
        fc.integer({ min: -100_000, max: 0 }),
        (choices, adjustment) => {
          const cart = reachable(choices);
          const priceOf = (id: string) => ctx.options.get(id)?.price;
          const total = cartTotal({ selections: cart, priceOf, packageAdjustment: adjustment });
          const sum = cart.reduce((acc, s) => acc + priceOf(s.option)! * s.quantity, 0);
          expect(total).toBe(Math.max(0, sum + adjustment));
          expect(cartTotal({ selections: [...cart].reverse(), priceOf, packageAdjustment: adjustment })).toBe(total);
        },
      ),
    );
  });
});

describe('cart status', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('locks a draft after its deadline, and only a draft', () => {
    expect(effectiveStatus({ status: 'draft', deadline: '2026-11-20T00:00:00Z' }, now)).toBe('locked');
    expect(effectiveStatus({ status: 'draft', deadline: '2026-11-22T00:00:00Z' }, now)).toBe('draft');
    expect(effectiveStatus({ status: 'submitted', deadline: '2026-11-20T00:00:00Z' }, now)).toBe('submitted');
    expect(effectiveStatus({ status: 'draft', deadline: null }, now)).toBe('draft');
  });

  it('moves draft → submitted → approved, with returns and reopening by managers', () => {
    expect(nextStatus('draft', 'submit', 'buyer')).toEqual({ status: 'submitted' });
    expect(nextStatus('submitted', 'approve', 'manager')).toEqual({ status: 'approved' });
    expect(nextStatus('submitted', 'return', 'manager')).toEqual({ status: 'draft' });
    expect(nextStatus('approved', 'reopen', 'manager')).toEqual({ status: 'draft' });
    expect(nextStatus('locked', 'extend', 'manager')).toEqual({ status: 'draft' });
  });

  it('refuses what is not allowed, with a reason', () => {
    expect(nextStatus('submitted', 'approve', 'buyer')).toMatchObject({
      refused: 'Only the design centre can do this.',
      key: 'cart.staff-only',
      because: 'who',
    });
    expect(nextStatus('locked', 'submit', 'buyer')).toMatchObject({
      refused: 'The deadline has passed: ask the design centre to extend it.',
      key: 'cart.deadline-passed',
      because: 'locked',
    });
    expect(nextStatus('approved', 'submit', 'buyer')).toMatchObject({
      refused: 'An approved selection cannot be submitted.',
      key: 'cart.cannot.submit',
      because: 'state',
    });
    expect(nextStatus('approved', 'approve', 'manager')).toMatchObject({
      refused: 'An approved selection cannot be approved.',
    });
  });
});

describe('applyPackage', () => {
  const roomsFor = (id: string) => (id === 'oak' || id === 'walnut' ? ['living', 'kitchen'] : ['kitchen']);

  it('chooses every option in its rooms in one step, what others need first', () => {
    const before = choose([], { option: 'oak', room: 'living', quantity: 1 }, context());
    const after = applyPackage(before, ['slab', 'calacatta', 'walnut'], roomsFor, context());
    expect(after).toEqual(
      expect.arrayContaining([
        { option: 'walnut', room: 'living', quantity: 1 },
        { option: 'walnut', room: 'kitchen', quantity: 1 },
        { option: 'calacatta', room: 'kitchen', quantity: 1 },
        { option: 'slab', room: 'kitchen', quantity: 1 },
      ]),
    );
    expect(after.some((s) => s.option === 'oak')).toBe(false);
    expect(ruleViolations(after, context())).toEqual([]);
  });

  it('refuses a package with an option the plan does not allow, changing nothing', () => {
    const before = choose([], { option: 'oak', room: 'living', quantity: 1 }, context());
    expect(() => applyPackage(before, ['wide'], roomsFor, context())).toThrow('Not offered for your home’s plan.');
  });
});

describe('the review of a signed selection', () => {
  it('is overdue exactly when its review-by day is before today in the project’s zone', () => {
    const zones = [
      'UTC',
      'America/Toronto',
      'America/Los_Angeles',
      'Asia/Tokyo',
      'Pacific/Chatham',
      'Australia/Adelaide',
    ];
    const later = (a: { year: number; month: number; day: number }, b: typeof a) =>
      Date.UTC(a.year, a.month - 1, a.day) > Date.UTC(b.year, b.month - 1, b.day);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        (zone, days, nowMs, age) => {
          const now = new Date(nowMs);
          const signedAt = new Date(nowMs - age);
          const overdue = later(calendarDayOf(now, zone), reviewDueBy(signedAt, days, zone));
          return signedAt < reviewOverdueBefore(now, days, zone) === overdue;
        },
      ),
      // Each run reads the zone's calendar several times (Intl): 2,000 runs took 2 s alone and
      // over 5 s on a busy machine's Node 24; 500 still cover every zone and count of days.
      { numRuns: 500 },
    );
  });

  it('is due that many business days later, weekends skipped', () => {
    // Friday 2026-11-20 → five business days → Friday 2026-11-27.
    expect(reviewDueBy(new Date('2026-11-20T15:00:00Z'), 5)).toEqual({ year: 2026, month: 11, day: 27 });
    // Saturday → one business day → Monday.
    expect(reviewDueBy(new Date('2026-11-21T09:00:00Z'), 1)).toEqual({ year: 2026, month: 11, day: 23 });
    expect(reviewDueBy(new Date('2026-11-23T09:00:00Z'))).toEqual({ year: 2026, month: 11, day: 30 });
  });

  it('counts from the day of the signature in the project’s time zone, not the server’s', () => {
    // 03:00 UTC on Wednesday the 25th is still Tuesday evening in Toronto: one business day → Wednesday.
    const tuesdayEveningInToronto = new Date('2026-11-25T03:00:00Z');
    expect(reviewDueBy(tuesdayEveningInToronto, 1, 'America/Toronto')).toEqual({ year: 2026, month: 11, day: 25 });
    // Read on a server in UTC it would already be Wednesday, and the review due on Thursday.
    expect(reviewDueBy(tuesdayEveningInToronto, 1, 'UTC')).toEqual({ year: 2026, month: 11, day: 26 });
    // Monday 22:00 in Los Angeles is Tuesday 15:00 in Tokyo.
    expect(reviewDueBy(new Date('2026-11-24T06:00:00Z'), 1, 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 11,
      day: 24,
    });
    expect(reviewDueBy(new Date('2026-11-24T06:00:00Z'), 1, 'Asia/Tokyo')).toEqual({ year: 2026, month: 11, day: 25 });
  });
});

describe('deadline reminders', () => {
  const day = 86_400_000;
  it('reaches the nearest step the draft is within, and none further away than every step', () => {
    expect(reminderStep(6.5 * day, [14, 7, 2])).toBe(7);
    expect(reminderStep(13 * day, [14, 7, 2])).toBe(14);
    expect(reminderStep(2 * day, [14, 7, 2])).toBe(2);
    expect(reminderStep(20 * day, [14, 7, 2])).toBeNull();
    // A draft made five days before its deadline gets the 7-day step first, then the 2-day one.
    expect(reminderStep(5 * day, [2, 14, 7])).toBe(7);
    expect(reminderStep(0.5 * day, DEFAULT_REMINDER_DAYS)).toBe(1);
    expect(reminderStep(day, [])).toBeNull();
  });
});
