import { afterAll, describe, expect, it } from 'vitest';
import {
  cartTotal,
  missingRequired,
  ruleViolations,
  type FitAnswerView,
  type RuleCategory,
  type RuleOption,
  type Selection,
} from '@decor/core';
import { createTestApp, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

/**
 * Fit my budget through its route (docs/fit-my-budget.md): a buyer's proposal keeps every rule of
 * the project and the budget, is priced by the one pricing function the cart is saved with, names
 * nothing the buyer's plan does not offer, and is refused for another unit's selection.
 */
const { app } = await createTestApp();
afterAll(() => app.close());
const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const buyer = await as('buyer@demo.test');
const olivia = await as('olivia.chen@demo.test');
const manager = await as('manager@demo.test');
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object, headers = {}) =>
  app.inject({ method, url, headers: { ...browserHeaders(cookie), ...headers }, ...(payload ? { payload } : {}) });

type Item = Record<string, unknown> & { _id: string; name: string };
type Cart = { _id: string; _version: number; total: number; selections: Selection[]; package: string | null };
const list = async <T = Item>(collection: string, cookie = manager) =>
  (await call('GET', `/api/schema/${collection}/?limit=200`, cookie)).json() as T[];
const cartOf = async (cookie: string) => (await list<Cart>('carts', cookie))[0]!;
const askFit = (cookie: string, cartId: string, body: object, headers = {}) =>
  call('POST', `/api/carts/${cartId}/fit-budget`, cookie, body, headers);

const [options, categories, units, plans] = await Promise.all([
  list<Item & RuleOption>('options'),
  list<Item & RuleCategory & { rooms: string[] }>('categories'),
  list('units'),
  list<Item & { rooms: string[] }>('plans'),
]);
const byId = new Map(options.map((o) => [o._id, o]));
const context = { options: byId, categories: new Map(categories.map((c) => [c._id, c])), isOpen: true };
const mine = await cartOf(buyer);
const myUnit = units.find((u) => u._id === (mine as unknown as { unit: string }).unit)!;
const myPlan = plans.find((p) => p._id === myUnit.plan)!;
const otherPlan = plans.find((p) => p._id !== myPlan._id)!;

describe('fit my budget', () => {
  it('proposes a selection that keeps every rule and the budget, priced as the cart is saved', async () => {
    const response = await askFit(buyer, mine._id, { amount: 12_000_00 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Extract<FitAnswerView, { kind: 'fit' }>;
    expect(answer.kind).toBe('fit');
    expect(answer.figures.gap).toBe(0);
    expect(answer.total).toBeLessThanOrEqual(12_000_00);
    const planContext = { ...context, planId: myPlan._id };
    expect(ruleViolations(answer.selections, planContext)).toEqual([]);
    expect(missingRequired(answer.selections, { ...context, planRooms: myPlan.rooms })).toEqual([]);
    const adjustment = (await list<Item & { priceAdjustment: number }>('packages')).find(
      (p) => p._id === answer.package?.id,
    )?.priceAdjustment;
    expect(answer.total).toBe(
      cartTotal({ selections: answer.selections, priceOf: (id) => byId.get(id)?.price, packageAdjustment: adjustment }),
    );
    // Every change is said with its reason, in the reader's words for the names.
    expect(answer.changes.length).toBeGreaterThan(0);
    for (const change of answer.changes) expect(change.category.name).not.toBe('');
    // Taken whole, through the cart's own write: the server's total is the proposal's.
    const saved = await call(
      'PATCH',
      `/api/schema/carts/${mine._id}`,
      buyer,
      { selections: answer.selections, package: answer.package?.id ?? null },
      { 'if-match': String(mine._version) },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().total).toBe(answer.total);
  });

  it('keeps what the buyer asks to keep, and says so', async () => {
    const cart = await cartOf(buyer);
    const kitchen = (await list('rooms')).find((r) => r.name === 'Kitchen')!;
    const before = cart.selections.filter((s) => s.room === kitchen._id);
    const answer = (await askFit(buyer, cart._id, { amount: 30_000_00, keep: [kitchen._id] })).json() as FitAnswerView;
    if (answer.kind !== 'fit') throw new Error('expected a proposal');
    const single = (s: Selection) => !context.categories.get(byId.get(s.option)!.category)!.multiple;
    expect(before.filter(single).length).toBeGreaterThan(0);
    for (const line of before.filter(single))
      expect(answer.selections).toContainEqual(expect.objectContaining({ option: line.option, room: kitchen._id }));
    expect(answer.changes.filter((c) => c.reason === 'kept-asked').map((c) => c.room?.id)).toEqual(
      before.filter(single).map(() => kitchen._id),
    );
  });

  it('names every room and choice in the reader’s language', async () => {
    const kitchen = (await list('rooms')).find((r) => r.name === 'Kitchen')!;
    const response = await askFit(
      buyer,
      mine._id,
      { amount: 30_000_00, keep: [kitchen._id] },
      { 'accept-language': 'fr-CA' },
    );
    const answer = response.json() as FitAnswerView;
    if (answer.kind !== 'fit') throw new Error('expected a proposal');
    const kept = answer.changes.filter((c) => c.reason === 'kept-asked');
    expect(kept.map((c) => c.room?.name)).toContain('Cuisine');
    expect(kept.map((c) => c.category.name)).toContain('Armoires de cuisine');
    expect(response.body).not.toContain('"Kitchen"');
  });

  it('says by how much the smallest selection keeping the rules exceeds a budget too small, and what drives it', async () => {
    const cart = await cartOf(buyer);
    const living = (await list('rooms')).find((r) => r.name === 'Living Room')!;
    const response = await askFit(buyer, cart._id, { amount: 0, keep: [living._id] });
    const answer = response.json() as FitAnswerView;
    if (answer.kind !== 'none') throw new Error(`expected no fit: ${response.body}`);
    expect(answer.minimum).toBeGreaterThan(0);
    expect(answer.over).toBe(answer.minimum! - 0);
    expect(answer.drivers[0]!.amount).toBeGreaterThan(0);
    expect(answer.drivers.map((d) => d.reason)).toContain('kept-asked');
  });

  it('reads a total for the home less its base price, and refuses one below it in words', async () => {
    const base = Number(myUnit.basePrice);
    expect(base).toBeGreaterThan(0);
    const answer = (await askFit(buyer, mine._id, { amount: base + 5_000_00, of: 'home' })).json() as FitAnswerView;
    expect(answer.budget).toBe(5_000_00);
    const below = await askFit(buyer, mine._id, { amount: base - 1, of: 'home' });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.message).toMatch(/base price/);
  });

  it('never proposes, nor names, an option the plan does not offer or no longer offered', async () => {
    const flooring = categories.find((c) => c.name === 'Flooring')!;
    const make = async (name: string, extra: object) => {
      const response = await call('POST', '/api/schema/options/', manager, {
        name,
        category: flooring._id,
        price: 0,
        recommendation: 5,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Item;
    };
    const hidden = await make('Other Plan Only Parquet', { plans: [otherPlan._id] });
    const retired = await make('Retired Cork', { active: false });
    const answer = await askFit(buyer, mine._id, { amount: 50_000_00 });
    expect(answer.statusCode).toBe(200);
    for (const secret of [hidden._id, retired._id, 'Other Plan Only Parquet', 'Retired Cork'])
      expect(answer.body).not.toContain(secret);
    // The same option offered to this plan is proposed at once: the test can fail.
    const offered = await make('Offered Parquet', { plans: [myPlan._id] });
    expect((await askFit(buyer, mine._id, { amount: 50_000_00 })).body).toContain(offered._id);
  });

  it('weighs by the project’s own settings: a keep bonus above every rank step keeps every choice', async () => {
    const project = (await call('GET', '/api/project', manager)).json() as { _id: string };
    const weigh = (fitBudget: object) =>
      call('PATCH', `/api/projects/${project._id}`, manager, { options: { fitBudget } });
    const swaps = async () => {
      const answer = (await askFit(buyer, mine._id, { amount: 80_000_00 })).json() as FitAnswerView;
      if (answer.kind !== 'fit') throw new Error('expected a proposal');
      return answer.changes.filter((c) => c.from && c.to && c.from.id !== c.to.id).length;
    };
    expect((await weigh({ keepBonus: 0, priorityWeight: 2 })).statusCode).toBe(200);
    expect(await swaps()).toBeGreaterThan(0);
    expect((await weigh({ keepBonus: 100, priorityWeight: 2 })).statusCode).toBe(200);
    expect(await swaps()).toBe(0);
    expect((await weigh({ keepBonus: 101, priorityWeight: 2 })).statusCode).toBe(400);
    expect((await weigh({ keepBonus: 15, priorityWeight: 2 })).statusCode).toBe(200);
  });

  it('answers only for the asker’s own selection, and not at all when the project turns it off', async () => {
    const theirs = await cartOf(olivia);
    expect((await askFit(buyer, theirs._id, { amount: 10_000_00 })).statusCode).toBe(404);
    expect((await askFit('', mine._id, { amount: 10_000_00 })).statusCode).toBe(401);
    // Olivia's is signed: nothing to propose.
    expect((await askFit(olivia, theirs._id, { amount: 10_000_00 })).statusCode).toBe(423);
    // The design centre may ask for a buyer (a call on the phone).
    expect((await askFit(manager, mine._id, { amount: 10_000_00 })).statusCode).toBe(200);
    const bad = await askFit(buyer, mine._id, { amount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
    const project = (await call('GET', '/api/project', manager)).json() as { _id: string };
    const turn = (fitBudget: boolean) =>
      call('PATCH', `/api/projects/${project._id}`, manager, { features: { fitBudget } });
    expect((await turn(false)).statusCode).toBe(200);
    const off = await askFit(buyer, mine._id, { amount: 10_000_00 });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toMatch(/turned off/);
    expect((await turn(true)).statusCode).toBe(200);
  });
});
