import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isoDayOf, type Decisions } from '@decor/core';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sqlRows } from '../src/db/client.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { seededRandom } from './support/random.ts';

/**
 * Decision time and deadline risk (docs/reports.md) against a reference computed here from the
 * raw rows: generated selections on new units, invited or not, with their first choice in the
 * audit log, submitted and approved at random times, open ones at every stage of progress before
 * deadlines near and far.
 */
const { app, db } = await createTestApp();
afterAll(() => app.close());
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const get = (url: string, cookie = manager) => app.inject({ method: 'GET', url, headers: browserHeaders(cookie) });

type Row = { id: string; collection: string; data: Record<string, any> };
const [project] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM projects WHERE key = 'demo'`);
const projectId = project!.id;
const catalogue = await sqlRows<Row>(
  db,
  sql`SELECT id::text AS id, collection, data FROM items WHERE project_id = ${projectId} AND collection IN ('plans', 'options', 'categories')`,
);
const DAY = 86_400_000;
const now = Date.now();

interface Generated {
  cart: string;
  plan: string;
  floor: number;
  start: number;
  choice: number | null;
  submitted: number | null;
  approved: number | null;
  status: 'draft' | 'submitted' | 'approved';
  deadline: number;
  selections: Array<{ option: string; room: string | null }>;
}

/** Selections of every kind, with the rows a real one leaves: invitation, audit log, history. */
async function generate(count: number): Promise<Generated[]> {
  const next = seededRandom(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const plans = catalogue.filter((r) => r.collection === 'plans');
  const options = catalogue.filter((r) => r.collection === 'options');
  const required = catalogue.filter((r) => r.collection === 'categories' && r.data.required);
  const made: Generated[] = [];
  for (let i = 0; i < count; i++) {
    const unit = uuidv7();
    const cart = uuidv7();
    const plan = pick(plans).id;
    // Floors no demo unit is on, so a floor filter holds generated selections only.
    const floor = 21 + Math.floor(next() * 3);
    const status = pick(['draft', 'draft', 'draft', 'submitted', 'approved'] as const);
    // Started up to fourteen months ago (an open one within two), at odd minutes and seconds (never on a bucket's edge).
    const start = now - Math.floor(next() * (status === 'draft' ? 60 : 420) * DAY) - 1_234_567;
    const invited = next() < 0.7;
    const created = invited ? start + Math.floor(next() * 3 * DAY) : start;
    // Some choose a few options, some every required category (for the whole home).
    const selections =
      next() < 0.3
        ? required.map((category) => ({
            option: pick(options.filter((o) => o.data.category === category.id)).id,
            room: null as string | null,
          }))
        : Array.from({ length: Math.floor(next() * 9) }, () => {
            const option = pick(options);
            return {
              option: option.id,
              room: (option.data.rooms?.length ? pick(option.data.rooms) : null) as string | null,
            };
          });
    const logged = selections.length > 0 && next() < 0.85;
    const choice = logged ? created + Math.floor(next() * 40 * DAY) + 61_000 : null;
    const submitted = status === 'draft' ? null : (choice ?? created) + Math.floor(next() * 50 * DAY) + 3_000;
    const approved = status === 'approved' ? submitted! + Math.floor(next() * 20 * DAY) + 7_000 : null;
    const deadline = status === 'draft' ? now + Math.floor((next() * 90 - 10) * DAY) : now + 30 * DAY;
    made.push({ cart, plan, floor, start, choice, submitted, approved, status, deadline, selections });

    const iso = (t: number) => new Date(t).toISOString();
    await db.execute(sql`INSERT INTO items (project_id, collection, id, data)
      VALUES (${projectId}, 'units', ${unit}, ${JSON.stringify({ name: `D-${i}`, floor, plan, status: 'sold', buyers: [] })}::jsonb)`);
    const history = [
      ...(submitted ? [{ status: 'submitted', at: iso(submitted), by: 'x' }] : []),
      ...(approved ? [{ status: 'approved', at: iso(approved), by: 'x' }] : []),
    ];
    const data = {
      unit,
      owner: null,
      selections,
      package: null,
      status,
      total: 0,
      deadline: iso(deadline),
      notes: '',
      signature: submitted ? { name: 'Gen', signedAt: iso(submitted), total: 0 } : null,
      history,
    };
    await db.execute(sql`INSERT INTO items (project_id, collection, id, data, created_at)
      VALUES (${projectId}, 'carts', ${cart}, ${JSON.stringify(data)}::jsonb, ${iso(created)}::timestamptz)`);
    if (invited) {
      await db.execute(sql`INSERT INTO access_codes (code, project_id, unit_id, email, kind, created_at)
        VALUES (${`gen-${cart}`}, ${projectId}, ${unit}, ${`d${i}@example.test`}, 'invitation', ${iso(start)}::timestamptz)`);
    }
    // The audit log: created empty, then a write that left no choice, then the first choice.
    const audit = async (at: number, after: object) =>
      db.execute(sql`INSERT INTO audit_log (id, project_id, collection, item_id, action, after, at)
        VALUES (${uuidv7()}, ${projectId}, 'carts', ${cart}, 'update', ${JSON.stringify(after)}::jsonb, ${iso(at)}::timestamptz)`);
    if (choice) {
      await audit(created + 1_000, { selections: [] });
      await audit(choice, { selections });
      await audit(choice + DAY, { selections: selections.slice(0, 1) });
    }
  }
  return made;
}

/** The share of a selection's required places chosen, read from the catalogue here. */
function progressOf(g: Generated) {
  const planRooms: string[] = catalogue.find((r) => r.id === g.plan)?.data.rooms ?? [];
  const categoryOf = new Map(catalogue.filter((r) => r.collection === 'options').map((o) => [o.id, o.data.category]));
  type Place = { category: string; room: string | null };
  const places = catalogue
    .filter((r) => r.collection === 'categories' && r.data.required)
    .flatMap((c): Place[] =>
      (c.data.rooms ?? []).length
        ? (c.data.rooms as string[])
            .filter((room) => planRooms.includes(room))
            .map((room) => ({ category: c.id, room }))
        : [{ category: c.id, room: null }],
    );
  const done = places.filter((place) =>
    g.selections.some(
      (s) =>
        categoryOf.get(s.option) === place.category &&
        (place.room === null || s.room === null || s.room === place.room),
    ),
  );
  return places.length ? done.length / places.length : g.selections.length ? 1 : 0;
}

/** The figures as docs/reports.md defines them, from what was generated. */
function reference(made: Generated[], from: string, to: string, at: number) {
  const inPeriod = made.filter((g) => {
    const month = isoDayOf(new Date(g.start), 'America/Toronto').slice(0, 7);
    return month >= from && month <= to;
  });
  const quantile = (sorted: number[], p: number) => {
    const position = p * (sorted.length - 1);
    const low = Math.floor(position);
    const high = Math.ceil(position);
    return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
  };
  const stages = (['choice', 'submitted', 'approved'] as const).map((stage) => {
    const days = inPeriod
      .filter((g) => g[stage] !== null)
      .map((g) => Math.max(0, (g[stage]! - g.start) / DAY))
      .sort((a, b) => a - b);
    const bucket = (low: number, high: number) => days.filter((d) => d > low && d <= high).length;
    return {
      stage,
      count: days.length,
      median: days.length ? quantile(days, 0.5) : null,
      buckets: [bucket(-1, 7), bucket(7, 14), bucket(14, 30), bucket(30, 60), bucket(60, Infinity)],
    };
  });
  const open = made.filter((g) => g.status === 'draft' && g.deadline > at);
  const atRisk = open.filter((g) => {
    const progress = progressOf(g);
    if (progress >= 1) return false;
    if (progress === 0) return at - g.start >= (g.deadline - g.start) / 3 || g.deadline - at <= 7 * DAY;
    // At the pace so far: the time taken for what is done, stretched to all of it.
    return g.start + (at - g.start) / progress > g.deadline;
  });
  return { started: inPeriod.length, stages, open, atRisk };
}

describe(`decision time and deadline risk (${testDbKind})`, () => {
  it('equal a reference computed from the raw rows: days to each stage, and who will miss their deadline', async () => {
    // The demo's own selections start now, in the period.
    const countCarts = async () =>
      (
        await sqlRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM items WHERE project_id = ${projectId} AND collection = 'carts'`,
        )
      )[0]!.n;
    const demoCarts = await countCarts();
    const made = await generate(140);
    expect(await countCarts()).toBe(demoCarts + 140);
    const month = (offset: number) => isoDayOf(new Date(now + offset * 30.44 * DAY), 'America/Toronto').slice(0, 7);
    const from = month(-12);
    const to = month(0);
    const asked = Date.now();
    const answer = await get(`/api/manage/reports/decisions?from=${from}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json() as Decisions;
    const truth = reference(made, from, to, asked);
    expect(report.started).toBe(truth.started + demoCarts);
    const generatedOnly = await get(`/api/manage/reports/decisions?from=${from}&to=${to}&floor=22`);
    const onFloor = reference(
      made.filter((g) => g.floor === 22),
      from,
      to,
      asked,
    );
    const floorReport = generatedOnly.json() as Decisions;
    for (const [i, stage] of onFloor.stages.entries()) {
      const got = floorReport.stages[i]!;
      expect(got.stage).toBe(stage.stage);
      expect(got.count, stage.stage).toBe(stage.count);
      expect(got.buckets, stage.stage).toEqual(stage.buckets);
      if (stage.median === null) expect(got.median).toBeNull();
      else expect(Math.abs(got.median! - stage.median), stage.stage).toBeLessThanOrEqual(0.05 + 1e-9);
    }
    // Enough of every kind to mean something.
    expect(onFloor.stages.every((s) => s.count >= 5)).toBe(true);
    expect(onFloor.started).toBeGreaterThan(20);

    // Deadline risk: every open selection in the project, the demo's among them.
    const generatedOpen = new Set(truth.open.map((g) => g.cart));
    const riskOf = new Set(report.atRisk.map((r) => r.cart).filter((id) => generatedOpen.has(id)));
    expect(riskOf).toEqual(new Set(truth.atRisk.map((g) => g.cart)));
    expect(truth.atRisk.length).toBeGreaterThan(5);
    expect(truth.open.length - truth.atRisk.length).toBeGreaterThan(5);
    // The demo's own open selection due within the week, nothing chosen, names its buyers to remind.
    const demoRisk = report.atRisk.filter((r) => !generatedOpen.has(r.cart));
    expect(demoRisk.length).toBeGreaterThan(0);
    for (const risk of demoRisk) expect(risk.buyers.length, risk.unit).toBeGreaterThan(0);
    for (const risk of report.atRisk.filter((r) => generatedOpen.has(r.cart))) {
      const g = made.find((m) => m.cart === risk.cart)!;
      expect(risk.progress).toBeCloseTo(progressOf(g), 9);
      expect(Math.abs(risk.daysLeft - (g.deadline - asked) / DAY)).toBeLessThan(0.06);
      expect(risk.unit).toMatch(/^D-\d+$/);
    }
  });

  it('answers the project’s managers only', async () => {
    expect((await get('/api/manage/reports/decisions', buyer)).statusCode).toBe(403);
    expect((await get('/api/manage/reports/decisions', '')).statusCode).toBe(401);
    expect((await get('/api/manage/reports/decisions?from=2026-10&to=2026-01')).statusCode).toBe(400);
  });
});
