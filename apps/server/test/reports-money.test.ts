import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isoDayOf, type MoneyReport } from '@decor/core';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sqlRows } from '../src/db/client.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { seededRandom } from './support/random.ts';

/**
 * Money by week (docs/reports.md, "Money") against a reference computed here: generated signed
 * selections under terms of a 10% deposit at signing, two instalments on dates and the balance at
 * closing, with payments, refunds and credits on random days; due, received and overdue per week
 * of the project's zone, to the cent.
 */
const { app, db } = await createTestApp();
afterAll(() => app.close());
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const get = (url: string, cookie = manager) => app.inject({ method: 'GET', url, headers: browserHeaders(cookie) });

const [project] = await sqlRows<{ id: string; zone: string }>(
  db,
  sql`SELECT id, coalesce(options->>'timeZone', 'America/Toronto') AS zone FROM projects WHERE key = 'demo'`,
);
const { id: projectId, zone } = project!;
const DAY = 86_400_000;
const now = Date.now();
const dayOf = (t: number) => isoDayOf(new Date(t), zone);
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The Monday of a day's week, worked out here from the calendar. */
const mondayOf = (day: string) => plusDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

interface Signed {
  floor: number;
  gross: number;
  items: Array<{ amount: number; day: string | null }>;
  paid: number;
  entries: Array<{ kind: 'payment' | 'refund' | 'credit'; amount: number; day: string }>;
}

async function generate(count: number): Promise<Signed[]> {
  const next = seededRandom(5);
  const made: Signed[] = [];
  let receipt = 900_000;
  for (let i = 0; i < count; i++) {
    const unit = uuidv7();
    const cart = uuidv7();
    // Floors no demo unit is on, so a floor filter holds generated selections only.
    const floor = 31 + Math.floor(next() * 2);
    const gross = (1 + Math.floor(next() * 400)) * 100 * 10;
    const signedAt = now - Math.floor(next() * 300 * DAY);
    const signedDay = dayOf(signedAt);
    const first = plusDays(signedDay, 20 + Math.floor(next() * 80));
    const second = plusDays(first, 20 + Math.floor(next() * 80));
    const terms = {
      instalments: [
        { label: 'Framing', percent: 20, due: { date: first } },
        { label: 'Drywall', percent: 30, due: { date: second } },
      ],
      balanceDue: { stage: 'Closing' },
    };
    await db.execute(sql`INSERT INTO items (project_id, collection, id, data)
      VALUES (${projectId}, 'units', ${unit}, ${JSON.stringify({ name: `M-${i}`, floor, status: 'sold', buyers: [] })}::jsonb)`);
    await db.execute(sql`INSERT INTO payment_plans (project_id, cart_id, unit_id, revision, signed_at, currency, terms, deposit_percent, net, taxes, gross, special_order_gross)
      VALUES (${projectId}, ${cart}, ${unit}, 1, ${new Date(signedAt).toISOString()}::timestamptz, 'CAD', ${JSON.stringify(terms)}::jsonb, '10'::jsonb, ${gross}, '[]'::jsonb, ${gross}, 0)`);
    const entries: Signed['entries'] = [];
    for (let k = 0; k < Math.floor(next() * 4); k++) {
      const kind = next() < 0.7 ? 'payment' : next() < 0.5 ? 'refund' : 'credit';
      const day = plusDays(signedDay, Math.floor(next() * Math.max(1, (now - signedAt) / DAY)));
      const amount = (1 + Math.floor(next() * 50)) * 1000;
      entries.push({ kind, amount, day });
      await db.execute(sql`INSERT INTO ledger_entries (id, project_id, cart_id, unit_id, kind, method, amount, currency, paid_on, receipt_number, created_by, reason)
        VALUES (${uuidv7()}, ${projectId}, ${cart}, ${unit}, ${kind}, ${kind === 'credit' ? null : 'cheque'}, ${amount}, 'CAD', ${day}::date, ${receipt++}, 'test', 'generated')`);
    }
    const deposit = gross / 10;
    const items: Signed['items'] = [
      { amount: deposit, day: signedDay },
      { amount: (gross * 20) / 100, day: first },
      { amount: (gross * 30) / 100, day: second },
    ];
    items.push({ amount: gross - items.reduce((sum, item) => sum + item.amount, 0), day: null });
    const sumOf = (kind: string) => entries.filter((e) => e.kind === kind).reduce((sum, e) => sum + e.amount, 0);
    made.push({ floor, gross, items, paid: sumOf('payment') - sumOf('refund') + sumOf('credit'), entries });
  }
  return made;
}

function reference(made: Signed[], first: string, last: string) {
  const today = dayOf(Date.now());
  const weeks = new Map<string, { due: number; received: number; overdue: number }>();
  for (let week = mondayOf(first); week <= last; week = plusDays(week, 7))
    weeks.set(week, { due: 0, received: 0, overdue: 0 });
  let undated = 0;
  for (const signed of made) {
    // What was paid and credited covers the earliest amounts first.
    let cover = Math.max(0, signed.paid);
    for (const item of signed.items) {
      const covered = Math.min(item.amount, cover);
      cover -= covered;
      if (item.day === null) {
        undated += item.amount - covered;
        continue;
      }
      const week = weeks.get(mondayOf(item.day));
      if (!week) continue;
      week.due += item.amount;
      if (item.day < today && covered < item.amount) week.overdue += item.amount - covered;
    }
    for (const entry of signed.entries) {
      const week = weeks.get(mondayOf(entry.day));
      if (week && entry.kind !== 'credit') week.received += entry.kind === 'payment' ? entry.amount : -entry.amount;
    }
  }
  return { weeks, undated };
}

describe(`money by week (${testDbKind})`, () => {
  it('equals a reference computed from the plans and the ledger: due, received and overdue per week, to the cent', async () => {
    const made = await generate(60);
    const month = (offset: number) => dayOf(now + offset * 30.44 * DAY).slice(0, 7);
    const from = month(-11);
    const to = month(4);
    const answer = await get(`/api/manage/reports/money?from=${from}&to=${to}&floor=31`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json() as MoneyReport;
    const lastDay = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const truth = reference(
      made.filter((signed) => signed.floor === 31),
      `${from}-01`,
      plusDays(mondayOf(lastDay), 6),
    );
    expect(report.weeks.map((w) => w.week)).toEqual([...truth.weeks.keys()]);
    expect(
      new Map(report.weeks.map((w) => [w.week, { due: w.due, received: w.received, overdue: w.overdue }])),
    ).toEqual(truth.weeks);
    expect(report.total.undated).toBe(truth.undated);
    // Every kind of figure was exercised.
    expect(report.total.due && report.total.received && report.total.overdue && report.total.undated).toBeGreaterThan(
      0,
    );
  });

  it('shows two months back to three ahead when the address names no period', async () => {
    const report = (await get('/api/manage/reports/money')).json() as MoneyReport;
    const month = (offset: number) => {
      const [year, m] = dayOf(now).slice(0, 7).split('-').map(Number) as [number, number];
      const index = year * 12 + m - 1 + offset;
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    };
    expect(report.period).toEqual({ from: month(-2), to: month(3) });
    expect(report.weeks.length).toBeGreaterThanOrEqual(25);
  });

  it('answers the project’s managers only', async () => {
    expect((await get('/api/manage/reports/money', buyer)).statusCode).toBe(403);
    expect((await get('/api/manage/reports/money', '')).statusCode).toBe(401);
  });
});
