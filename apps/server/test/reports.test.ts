import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isoDayOf, type Revenue, type TakeRate } from '@decor/core';
import { createTestApp, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sqlRows } from '../src/db/client.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { seededRandom } from './support/random.ts';

/**
 * The design centre's reports (docs/reports.md) against a reference computed here from the raw
 * rows: generated selections of every status on new units of every plan and floor, signed at
 * prices other than today's, decided across fourteen months and at the edges of months in the
 * project's zone, some past their deadline. Equal to the cent and the month; staff only.
 */
const { app, db } = await createTestApp();
afterAll(() => app.close());
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const get = (url: string, cookie = manager, headers = {}) =>
  app.inject({ method: 'GET', url, headers: { ...browserHeaders(cookie), ...headers } });

type Row = { id: string; collection: string; data: Record<string, any>; updated_at: string };
const [project] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM projects WHERE key = 'demo'`);
const rowsOf = async () =>
  sqlRows<Row>(
    db,
    sql`SELECT id::text AS id, collection, data, updated_at::text AS updated_at FROM items WHERE project_id = ${project!.id}`,
  );
const now = new Date();

/** Selections of every kind on new units, inserted as the engine stores them. */
async function generate(count: number, timeZone: string) {
  const next = seededRandom(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const rows = await rowsOf();
  const plans = rows.filter((r) => r.collection === 'plans');
  const options = rows.filter((r) => r.collection === 'options');
  const packages = rows.filter((r) => r.collection === 'packages');
  for (let i = 0; i < count; i++) {
    const unit = uuidv7();
    const status = pick(['draft', 'draft', 'submitted', 'approved'] as const);
    // Decided anywhere in the last fourteen months, some within an hour of a month's start in the zone.
    let decided = new Date(now.getTime() - Math.floor(next() * 420) * 86_400_000 - Math.floor(next() * 86_400_000));
    if (next() < 0.3) {
      const month = isoDayOf(decided, timeZone).slice(0, 7);
      const start = new Date(`${month}-01T00:00:00Z`).getTime();
      const offset = Date.parse(new Date(start).toLocaleString('en-US', { timeZone })) - start;
      decided = new Date(start - offset + (next() < 0.5 ? -1 : 1) * Math.floor(next() * 3_600_000));
    }
    const lines = Array.from({ length: 1 + Math.floor(next() * 6) }, () => {
      const option = pick(options);
      return { option: option.id, room: pick(option.data.rooms ?? [undefined]), quantity: 1 + Math.floor(next() * 3) };
    });
    const signed = lines.map((l) => ({ ...l, price: Math.round(next() * 5_000) * 100 }));
    const data = {
      unit,
      owner: null,
      selections: lines,
      package: next() < 0.2 ? pick(packages).id : null,
      status,
      total: 0,
      deadline: new Date(now.getTime() + (next() < 0.3 ? -1 : 1) * 5 * 86_400_000).toISOString(),
      notes: '',
      signature:
        status === 'draft'
          ? null
          : { name: 'Gen', signedAt: decided.toISOString(), total: 0, ...(next() < 0.8 ? { lines: signed } : {}) },
      history:
        status === 'approved'
          ? [
              { status: 'submitted', at: new Date(decided.getTime() - 86_400_000).toISOString(), by: 'x' },
              { status: 'approved', at: decided.toISOString(), by: 'x' },
            ]
          : [],
    };
    await db.execute(sql`INSERT INTO items (project_id, collection, id, data)
      VALUES (${project!.id}, 'units', ${unit}, ${JSON.stringify({ name: `R-${i}`, floor: 1 + Math.floor(next() * 4), plan: pick(plans).id, status: 'sold', buyers: [] })}::jsonb)`);
    await db.execute(sql`INSERT INTO items (project_id, collection, id, data, updated_at)
      VALUES (${project!.id}, 'carts', ${uuidv7()}, ${JSON.stringify(data)}::jsonb,
              ${(status === 'draft' ? decided : new Date(now.getTime() - 3_600_000)).toISOString()}::timestamptz)`);
  }
}

/** Both reports computed from the raw rows, as docs/reports.md defines them. */
async function reference(
  timeZone: string,
  filters: { from: string; to: string; plan?: string; floor?: number; category?: string },
) {
  const rows = await rowsOf();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const costs = new Map(
    (
      await sqlRows<{ option: string; cost: string }>(
        db,
        sql`SELECT option_id::text AS option, cost::text AS cost FROM option_costs WHERE project_id = ${project!.id}`,
      )
    ).map((c) => [c.option, Number(c.cost)]),
  );
  const carts = rows
    .filter((r) => r.collection === 'carts')
    .flatMap((cart) => {
      const unit = byId.get(cart.data.unit);
      if (!unit) return [];
      const d = cart.data;
      const status =
        d.status === 'draft' && d.deadline && Date.parse(d.deadline) < now.getTime() ? 'locked' : (d.status as string);
      const approvals = (d.history ?? []).filter((h: any) => h.status === 'approved').map((h: any) => Date.parse(h.at));
      const decided =
        d.status === 'approved' && approvals.length
          ? Math.max(...approvals)
          : d.status === 'submitted' && d.signature?.signedAt
            ? Date.parse(d.signature.signedAt)
            : Date.parse(cart.updated_at);
      const month = isoDayOf(new Date(decided), timeZone).slice(0, 7);
      return [{ cart, status, month, plan: unit.data.plan as string, floor: unit.data.floor as number }];
    })
    .filter((c) => c.month >= filters.from && c.month <= filters.to)
    .filter(
      (c) => (!filters.plan || c.plan === filters.plan) && (filters.floor === undefined || c.floor === filters.floor),
    );
  const lines = carts
    .flatMap((c) => {
      const signed = ['submitted', 'approved'].includes(c.status) && Array.isArray(c.cart.data.signature?.lines);
      return (signed ? c.cart.data.signature.lines : c.cart.data.selections).map((l: any) => {
        const option = byId.get(l.option);
        return {
          ...c,
          option: l.option as string,
          category: option?.data.category as string | undefined,
          amount: (l.price ?? option?.data.price ?? 0) * (l.quantity ?? 1),
          cost: costs.has(l.option) ? costs.get(l.option)! * (l.quantity ?? 1) : undefined,
        };
      });
    })
    .filter((l) => !filters.category || l.category === filters.category);
  const distinct = (list: typeof lines, key: (l: (typeof lines)[number]) => string | undefined) => {
    const seen = new Map<string, Set<string>>();
    for (const l of list) {
      const k = key(l);
      if (k) seen.set(k, (seen.get(k) ?? new Set()).add(l.cart.id));
    }
    return new Map([...seen].map(([k, v]) => [k, v.size]));
  };
  const sums = (list: typeof lines) => {
    const costed = list.filter((l) => (l.status === 'approved' || l.status === 'submitted') && l.cost !== undefined);
    return {
      approved: list.filter((l) => l.status === 'approved').reduce((s, l) => s + l.amount, 0),
      submitted: list.filter((l) => l.status === 'submitted').reduce((s, l) => s + l.amount, 0),
      open: list.filter((l) => l.status === 'draft' || l.status === 'locked').reduce((s, l) => s + l.amount, 0),
      costed: costed.reduce((s, l) => s + l.amount, 0),
      cost: costed.reduce((s, l) => s + l.cost!, 0),
    };
  };
  const group = <K extends string | number>(key: (l: (typeof lines)[number]) => K | undefined) => {
    const groups = new Map<K, typeof lines>();
    for (const l of lines) {
      const k = key(l);
      if (k !== undefined) groups.set(k, [...(groups.get(k) ?? []), l]);
    }
    return new Map([...groups].map(([k, list]) => [k, sums(list)]));
  };
  const chosen = new Set(lines.map((l) => l.option));
  return {
    selections: carts.length,
    options: distinct(lines, (l) => l.option),
    categories: distinct(lines, (l) => l.category),
    packages: new Map(
      rows
        .filter((r) => r.collection === 'packages')
        .map((p) => [p.id, carts.filter((c) => c.cart.data.package === p.id).length]),
    ),
    unchosen: rows
      .filter((r) => r.collection === 'options' && r.data.active !== false)
      .filter((r) => !filters.category || r.data.category === filters.category)
      .filter((r) => !chosen.has(r.id))
      .map((r) => r.id)
      .sort(),
    total: sums(lines),
    byCategory: group((l) => l.category),
    byMonth: group((l) => l.month),
    byPlan: group((l) => l.plan),
    byFloor: group((l) => l.floor),
  };
}

const query = (filters: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
const mapOf = <T extends { approved: number; submitted: number; open: number; costed: number; cost: number }>(
  list: T[],
  key: (t: T) => string | number,
) =>
  new Map(
    list.map((t) => [
      key(t),
      { approved: t.approved, submitted: t.submitted, open: t.open, costed: t.costed, cost: t.cost },
    ]),
  );

async function expectEqual(
  timeZone: string,
  filters: { from: string; to: string; plan?: string; floor?: number; category?: string },
) {
  const truth = await reference(timeZone, filters);
  const take = (await get(`/api/manage/reports/take-rate?${query(filters)}`)).json() as TakeRate;
  expect(take.selections).toBe(truth.selections);
  expect(new Map(take.options.map((o) => [o.id, o.count]))).toEqual(truth.options);
  expect(new Map(take.categories.map((c) => [c.id, c.count]))).toEqual(truth.categories);
  expect(new Map(take.packages.map((p) => [p.id, p.count]))).toEqual(truth.packages);
  expect(take.unchosen.map((o) => o.id).sort()).toEqual(truth.unchosen);
  for (const o of take.options) expect(o.share).toBeCloseTo(o.count / truth.selections, 12);
  const money = (await get(`/api/manage/reports/revenue?${query(filters)}`)).json() as Revenue;
  expect(money.total).toEqual(truth.total);
  expect(mapOf(money.categories, (c) => c.id)).toEqual(truth.byCategory);
  expect(
    mapOf(
      money.months.filter((m) => m.approved || m.submitted || m.open),
      (m) => m.month,
    ),
  ).toEqual(truth.byMonth);
  expect(mapOf(money.plans, (p) => p.id)).toEqual(truth.byPlan);
  expect(mapOf(money.floors, (f) => f.floor)).toEqual(truth.byFloor);
  return { take, money };
}

describe('reports', () => {
  it('equal a reference computed from the raw rows, to the cent and the month, in the project’s zone and with each filter', async () => {
    await generate(160, 'America/Vancouver');
    const month = (offset: number) =>
      isoDayOf(new Date(now.getTime() + offset * 30.44 * 86_400_000), 'America/Vancouver').slice(0, 7);
    const all = { from: month(-15), to: month(0) };
    // One option's cost changed and another's taken away through the managers' route.
    const costs = ((await get('/api/manage/option-costs')).json() as { items: Array<{ option: string; cost: number }> })
      .items;
    expect(costs.length).toBeGreaterThan(10);
    for (const [i, change] of [{ cost: 1_234_56 }, { cost: null }].entries()) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/manage/option-costs/${costs[i]!.option}`,
        headers: browserHeaders(manager),
        payload: change,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const { take, money } = await expectEqual('America/Vancouver', all);
    // The data exercised every part: selections of each status, lines in many months, signed lines with and without a cost.
    expect(take.selections).toBeGreaterThan(150);
    expect(money.total.approved && money.total.submitted && money.total.open).toBeGreaterThan(0);
    expect(money.total.cost).toBeGreaterThan(0);
    expect(money.total.costed).toBeLessThan(money.total.approved + money.total.submitted);
    expect(money.months.filter((m) => m.approved + m.submitted + m.open > 0).length).toBeGreaterThan(10);
    const [plan] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT id::text AS id FROM items WHERE project_id = ${project!.id} AND collection = 'plans' LIMIT 1`,
    );
    const [category] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT id::text AS id FROM items WHERE project_id = ${project!.id} AND collection = 'categories' ORDER BY data->>'name' LIMIT 1`,
    );
    await expectEqual('America/Vancouver', { ...all, plan: plan!.id });
    await expectEqual('America/Vancouver', { ...all, floor: 2 });
    await expectEqual('America/Vancouver', { ...all, category: category!.id });
    await expectEqual('America/Vancouver', { from: month(-6), to: month(-3) });
    // Another zone moves the selections decided near a month's edge into the other month.
    const projectId = ((await get('/api/project')).json() as { _id: string })._id;
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: browserHeaders(manager),
      payload: { options: { timeZone: 'Asia/Kolkata' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectEqual('Asia/Kolkata', all);
  });

  it('answer the project’s managers only, and refuse a period that ends before it starts', async () => {
    expect((await get('/api/manage/reports/revenue', buyer)).statusCode).toBe(403);
    expect((await get('/api/manage/reports/take-rate', '')).statusCode).toBe(401);
    const backwards = await get('/api/manage/reports/revenue?from=2026-10&to=2026-01');
    expect(backwards.statusCode).toBe(400);
    expect((await get('/api/manage/reports/revenue?from=2026-13')).statusCode).toBe(400);
    expect((await get('/api/manage/reports/revenue?floor=many')).statusCode).toBe(400);
  });
});
