import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isoDayOf, type Funnel, type ProjectsAtAGlance } from '@decor/core';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sqlRows } from '../src/db/client.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { seededRandom } from './support/random.ts';

/**
 * The front door's funnel (docs/reports.md, "Funnel") against a reference computed here:
 * generated widget counts on listed sites and elsewhere, leads of every source, status, campaign
 * and agent code in and out of the period (spam among them), some become buyers of the project
 * (one of another project), screens paired and looks mailed.
 */
const { app, db } = await createTestApp();
afterAll(() => app.close());
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const get = (url: string, cookie = manager) => app.inject({ method: 'GET', url, headers: browserHeaders(cookie) });

const projects = await sqlRows<{ id: string; key: string; zone: string }>(
  db,
  sql`SELECT id, key, coalesce(options->>'timeZone', 'America/Toronto') AS zone FROM projects WHERE key IN ('demo', 'harbour')`,
);
const demo = projects.find((p) => p.key === 'demo')!;
const harbour = projects.find((p) => p.key === 'harbour')!;
const DAY = 86_400_000;
const now = Date.now();

const SITES = ['https://builder.example', 'https://agents.example', 'elsewhere'];
const SOURCES = ['inquire', 'embed', 'display'] as const;
const STATUSES = ['new', 'contacted', 'qualified', 'lost', 'spam', 'held'] as const;

interface Lead {
  at: number;
  source: (typeof SOURCES)[number];
  status: (typeof STATUSES)[number];
  campaign: string;
  code: string;
  referrer: string | null;
  buyer: boolean;
}

async function generate() {
  const next = seededRandom(3);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const counts: Array<{ day: string; site: string; views: number; clicks: number }> = [];
  for (let d = 0; d < 500; d += 3) {
    const day = new Date(now - d * DAY).toISOString().slice(0, 10);
    for (const site of SITES) {
      if (next() < 0.4) continue;
      const row = { day, site, views: Math.floor(next() * 200), clicks: Math.floor(next() * 20) };
      counts.push(row);
      await db.execute(sql`INSERT INTO embed_counts (project_id, day, origin, views, clicks)
        VALUES (${demo.id}, ${day}::date, ${site}, ${row.views}, ${row.clicks})`);
    }
  }
  const leads: Lead[] = [];
  for (let i = 0; i < 150; i++) {
    const source = pick(SOURCES);
    const lead: Lead = {
      at: now - Math.floor(next() * 480 * DAY),
      source,
      status: pick(STATUSES),
      campaign: next() < 0.6 ? pick(['spring-open-house', 'radio', 'newsletter']) : '',
      code: next() < 0.4 ? pick(['AGENT-7', 'AGENT-12']) : '',
      // A widget inquiry names the site it was on (sometimes one the widget does not count, sometimes none).
      referrer: source === 'embed' ? pick([SITES[0]!, SITES[1]!, 'https://unlisted.example', null]) : null,
      buyer: next() < 0.3,
    };
    leads.push(lead);
    const email = `lead-${i}@example.test`;
    const data = {
      firstName: 'Lead',
      lastName: String(i),
      email: i % 7 === 0 ? email.toUpperCase() : email,
      interest: 'buying',
      status: lead.status,
      source,
      code: lead.code || null,
      utm: lead.campaign ? { campaign: lead.campaign } : {},
      referrer: lead.referrer,
    };
    await db.execute(sql`INSERT INTO items (project_id, collection, id, data, created_at)
      VALUES (${demo.id}, 'leads', ${uuidv7()}, ${JSON.stringify(data)}::jsonb, ${new Date(lead.at).toISOString()}::timestamptz)`);
    // A buyer of this project, or (every fifth) of another: only this project's count.
    const userId = `funnel-${i}`;
    if (lead.buyer || i % 5 === 0) {
      await db.execute(sql`INSERT INTO users (id, email, name) VALUES (${userId}, ${email}, '')`);
      await db.execute(sql`INSERT INTO memberships (project_id, user_id, role)
        VALUES (${lead.buyer ? demo.id : harbour.id}, ${userId}, ${lead.buyer ? 'purchaser' : 'purchaser'})`);
    }
  }
  const display = uuidv7();
  await db.execute(
    sql`INSERT INTO displays (id, secret_hash, project_id, name) VALUES (${display}, 'x', ${demo.id}, 'Lobby')`,
  );
  const pairings: number[] = [];
  const looks: number[] = [];
  for (let i = 0; i < 40; i++) {
    const at = now - Math.floor(next() * 480 * DAY);
    const kind = pick(['paired', 'paired', 'released', 'renamed']);
    if (kind === 'paired') pairings.push(at);
    await db.execute(
      sql`INSERT INTO display_events (id, display_id, at, kind) VALUES (${uuidv7()}, ${display}, ${new Date(at).toISOString()}::timestamptz, ${kind})`,
    );
    if (next() < 0.5) {
      const lookAt = now - Math.floor(next() * 480 * DAY);
      looks.push(lookAt);
      await db.execute(sql`INSERT INTO showroom_looks (id, project_id, display_id, email, look, summary, created_at)
        VALUES (${uuidv7()}, ${demo.id}, ${display}, 'look@example.test', '{}'::jsonb, '[]'::jsonb, ${new Date(lookAt).toISOString()}::timestamptz)`);
    }
  }
  return { counts, leads, pairings, looks };
}

describe(`the front door's funnel (${testDbKind})`, () => {
  it('equals a reference computed from the raw rows: views, clicks, inquiries, follow-ups and buyers by each dimension', async () => {
    // The demo's own leads and counts are left as they are: the reference starts from none, so they go first.
    await db.execute(sql`DELETE FROM items WHERE project_id = ${demo.id} AND collection = 'leads'`);
    await db.execute(sql`DELETE FROM embed_counts WHERE project_id = ${demo.id}`);
    await db.execute(sql`DELETE FROM showroom_looks WHERE project_id = ${demo.id}`);
    await db.execute(
      sql`DELETE FROM display_events WHERE display_id IN (SELECT id FROM displays WHERE project_id = ${demo.id})`,
    );
    const made = await generate();
    const month = (offset: number) => isoDayOf(new Date(now + offset * 30.44 * DAY), demo.zone).slice(0, 7);
    const from = month(-12);
    const to = month(0);
    const answer = await get(`/api/manage/reports/funnel?from=${from}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json() as Funnel;

    const inMonths = (at: number) => {
      const m = isoDayOf(new Date(at), demo.zone).slice(0, 7);
      return m >= from && m <= to;
    };
    const lastDay = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const counted = made.counts.filter((c) => c.day >= `${from}-01` && c.day <= lastDay);
    const sum = (list: Array<{ views: number; clicks: number }>, key: 'views' | 'clicks') =>
      list.reduce((total, c) => total + c[key], 0);
    const leads = made.leads.filter((l) => inMonths(l.at) && l.status !== 'spam');
    const tally = (list: Lead[]) => ({
      inquiries: list.length,
      contacted: list.filter((l) => !['new', 'held'].includes(l.status)).length,
      buyers: list.filter((l) => l.buyer).length,
    });
    expect(report.steps).toEqual({ views: sum(counted, 'views'), clicks: sum(counted, 'clicks'), ...tally(leads) });
    for (const site of SITES) {
      const widget = leads.filter(
        (l) =>
          l.source === 'embed' &&
          (site === 'elsewhere' ? !l.referrer || !SITES.includes(l.referrer) : l.referrer === site),
      );
      const own = counted.filter((c) => c.site === site);
      expect(
        report.sites.find((s) => s.site === site),
        site,
      ).toEqual({
        site,
        views: sum(own, 'views'),
        clicks: sum(own, 'clicks'),
        ...tally(widget),
      });
    }
    for (const campaign of ['spring-open-house', 'radio', 'newsletter', '']) {
      expect(
        report.campaigns.find((c) => c.campaign === campaign),
        campaign,
      ).toEqual({
        campaign,
        ...tally(leads.filter((l) => l.campaign === campaign)),
      });
    }
    for (const code of ['AGENT-7', 'AGENT-12', '']) {
      expect(
        report.codes.find((c) => c.code === code),
        code,
      ).toEqual({
        code,
        ...tally(leads.filter((l) => l.code === code)),
      });
    }
    for (const source of SOURCES)
      expect(report.sources.find((s) => s.source === source)).toEqual({
        source,
        ...tally(leads.filter((l) => l.source === source)),
      });
    expect(report.salesCentre).toEqual({
      visits: made.pairings.filter(inMonths).length,
      looks: made.looks.filter(inMonths).length,
      ...tally(leads.filter((l) => l.source === 'display')),
    });
    // Every part was exercised.
    expect(report.steps.buyers && report.salesCentre.visits && report.salesCentre.looks).toBeGreaterThan(0);
    expect(made.leads.length - leads.length).toBeGreaterThan(10);
  });

  it('gives an administrator every live project at a glance, each figure its own report’s', async () => {
    const admin = (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const glance = await app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: browserHeaders(admin, TEST_PORTAL_HOST),
    });
    expect(glance.statusCode, glance.body).toBe(200);
    const { projects } = glance.json() as ProjectsAtAGlance;
    expect(projects.map((p) => p.key).sort()).toEqual(['demo', 'harbour']);
    const row = projects.find((p) => p.key === 'demo')!;
    const [take, upgrades, risk, door] = await Promise.all(
      ['take-rate', 'revenue', 'decisions', 'funnel'].map(async (name) =>
        (await get(`/api/manage/reports/${name}`)).json(),
      ),
    );
    expect(row).toMatchObject({
      selections: take.selections,
      approved: upgrades.total.approved,
      submitted: upgrades.total.submitted,
      margin: upgrades.total.costed - upgrades.total.cost,
      open: risk.open,
      atRisk: risk.atRisk.length,
      inquiries: door.steps.inquiries,
      buyers: door.steps.buyers,
    });
    expect(row.inquiries).toBeGreaterThan(0);
    // Administrators only: a project's manager and a visitor are refused.
    for (const cookie of [manager, undefined]) {
      const refused = await app.inject({
        method: 'GET',
        url: '/api/admin/reports',
        headers: browserHeaders(cookie, TEST_PORTAL_HOST),
      });
      expect(refused.statusCode).toBe(cookie ? 403 : 401);
    }
  });

  it('answers the project’s managers only', async () => {
    expect((await get('/api/manage/reports/funnel', buyer)).statusCode).toBe(403);
    expect((await get('/api/manage/reports/funnel', '')).statusCode).toBe(401);
  });
});
