/**
 * `npm run bench -- reports` (docs/reports.md, "Speed"): every report over a project of 10,000
 * units and 200,000 selection lines on a throwaway PostgreSQL, through the API as a manager asks
 * (the filters none, a plan, a floor, a category), 30 times each after a warm-up: p50, p95, max.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { databaseUrl, startCluster } from './lib/postgres-cluster.ts';
import { DEMO_HEADERS, managerCookie } from './lib/bench-app.ts';
import { openDatabase, sqlRows } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/seed.ts';
import { REPORTS } from '../packages/core/src/reports.ts';

const PASSWORD = 'bench-password-123456';

/** 10,000 units over both plans and 40 floors, each with a selection of 20 lines: a quarter approved, a quarter signed. */
export async function generateReportRows(db: Parameters<typeof sqlRows>[0], projectId: string) {
  await db.execute(sql`
    WITH plans AS (SELECT array_agg(id::text ORDER BY id) AS ids FROM items WHERE project_id = ${projectId} AND collection = 'plans'),
    units AS (
      INSERT INTO items (project_id, collection, id, data)
      SELECT ${projectId}, 'units', gen_random_uuid(),
        jsonb_build_object('name', 'R-' || i, 'floor', 1 + i % 40, 'plan', ids[1 + i % array_length(ids, 1)], 'status', 'sold', 'buyers', '[]'::jsonb)
      FROM generate_series(1, 10000) i, plans
      RETURNING id, (data->>'name') AS name
    ) SELECT count(*) FROM units`);
  await db.execute(sql`
    WITH options AS (
      SELECT array_agg(id::text ORDER BY id) AS ids, array_agg((data->>'price')::bigint ORDER BY id) AS prices
      FROM items WHERE project_id = ${projectId} AND collection = 'options'
    ), units AS (
      SELECT id, row_number() OVER (ORDER BY id) AS i FROM items
      WHERE project_id = ${projectId} AND collection = 'units' AND data->>'name' LIKE 'R-%'
    ), made AS (
      SELECT u.id AS unit, u.i, (ARRAY['draft', 'draft', 'submitted', 'approved'])[1 + u.i % 4] AS status,
        now() - ((u.i * 37) % 420) * interval '1 day' AS decided,
        (SELECT jsonb_agg(jsonb_build_object('option', o.ids[1 + (u.i * 7 + k * 13) % array_length(o.ids, 1)],
                'quantity', 1 + k % 2, 'price', o.prices[1 + (u.i * 7 + k * 13) % array_length(o.ids, 1)]))
         FROM generate_series(1, 20) k) AS lines
      FROM units u, options o
    )
    INSERT INTO items (project_id, collection, id, data, updated_at)
    SELECT ${projectId}, 'carts', gen_random_uuid(),
      jsonb_build_object('unit', unit::text, 'status', status, 'selections', lines, 'package', null, 'total', 0,
        'deadline', (now() + interval '30 days')::text,
        'signature', CASE WHEN status = 'draft' THEN null
                          ELSE jsonb_build_object('name', 'Bench', 'signedAt', decided, 'total', 0, 'lines', lines) END,
        'history', CASE WHEN status = 'approved' THEN jsonb_build_array(jsonb_build_object('status', 'approved', 'at', decided, 'by', 'x'))
                        ELSE '[]'::jsonb END),
      decided
    FROM made`);
  await db.execute(sql`ANALYZE items`);
}

export async function benchReports({ line }: { line: (name: string, value: string) => void }) {
  const cluster = await startCluster();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-bench-reports-'));
  try {
    const url = databaseUrl(cluster.url, 'postgres');
    const database = await openDatabase({ databaseUrl: url });
    await seedDemo({ db: database.db, password: PASSWORD, portalHost: 'localhost' });
    const [project] = await sqlRows<{ id: string }>(database.db, sql`SELECT id FROM projects WHERE key = 'demo'`);
    await generateReportRows(database.db, project!.id);
    const [plan] = await sqlRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM items WHERE project_id = ${project!.id} AND collection = 'plans' LIMIT 1`,
    );
    const [category] = await sqlRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM items WHERE project_id = ${project!.id} AND collection = 'categories' LIMIT 1`,
    );
    const { buildApp } = await import('../apps/server/src/app.ts');
    const { loadConfig } = await import('../apps/server/src/config/env.ts');
    const config = loadConfig({ PORTAL_HOST: 'localhost', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url });
    const app = await buildApp({ config, database, authSecret: 'a-bench-secret-that-is-long-enough-for-tokens' });
    const headers = DEMO_HEADERS;
    const cookie = await managerCookie(app, PASSWORD);
    const [lines] = await sqlRows<{ n: string }>(
      database.db,
      sql`SELECT sum(jsonb_array_length(data->'selections'))::text AS n FROM items WHERE project_id = ${project!.id} AND collection = 'carts'`,
    );
    for (const report of REPORTS) {
      const times: number[] = [];
      const asks = ['', `?plan=${plan!.id}`, '?floor=12', `?category=${category!.id}`];
      for (let run = 0; run < 4 + 30 * asks.length; run++) {
        const started = performance.now();
        const answer = await app.inject({
          method: 'GET',
          url: `/api/manage/reports/${report}${asks[run % asks.length]}`,
          headers: { ...headers, cookie },
        });
        if (answer.statusCode !== 200) throw new Error(`${report}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        if (run >= 4) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!);
      line(
        `report ${report}, 10,000 units, ${Number(lines!.n).toLocaleString('en')} lines (PostgreSQL)`,
        `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
      );
    }
    await app.close();
    await database.close();
  } finally {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
