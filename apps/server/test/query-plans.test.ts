import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { projects, users } from '../src/db/schema/index.ts';
import { sqlRows, type Db } from '../src/db/client.ts';
import {
  deleteItemAudited,
  existingRefs,
  getItemJson,
  insertItemAudited,
  listItemsJson,
  lockItem,
  pagesSql,
  updateItemAudited,
} from '../src/modules/decor/items.repo.ts';
import {
  allCategories,
  cartItems,
  cartsOfBuyer,
  draftCartsUsing,
  itemsById,
  pricesFor,
} from '../src/modules/carts/carts.repo.ts';
import { leadsPage } from '../src/modules/leads/leads.repo.ts';
import { decisionsStatement, revenueStatement, takeRateStatement } from '../src/modules/reports/reports.repo.ts';
import { reportPeriod } from '@decor/core';
import { createTestApp, testDbKind } from './support/test-app.ts';

/**
 * A query that can scan the whole items table is a bug (docs/architecture.md,
 * "Performance"): with 20,000 options in each of two projects, every query of the engine
 * and of carts must reach its rows through an index, never a sequential scan of `items`.
 *
 * 20,000, not the bench's 100,000: a sequential scan's cost grows with the table and an index
 * scan's hardly does, so a plan that reaches its rows through an index here does so at
 * 100,000 too, and the smaller table is the stricter test. Making 200,000 rows took this
 * file 28 s on the embedded database (docs/testing.md, "Which database").
 */
const OPTIONS_PER_PROJECT = 20_000;
const LEADS_PER_PROJECT = 4_000;

const { db } = await createTestApp();
const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
const [someone] = await db.select().from(users).limit(1);
const projectId = demo!.id;

const rows = await sqlRows<{ id: string; collection: string }>(
  db,
  sql`SELECT id, collection FROM items WHERE project_id = ${projectId} ORDER BY collection, id`,
);
const first = (collection: string) => rows.find((row) => row.collection === collection)!.id;
const category = first('categories');
await db.execute(sql`
  INSERT INTO items (project_id, collection, id, data)
  SELECT ${projectId}, 'options',
         (lpad(to_hex(1800000000000 + g), 12, '0') || '-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
         jsonb_build_object('name', 'Bulk option ' || g, 'category', ${category}::text, 'price', g % 5000, 'level', 1 + g % 4)
  FROM generate_series(1, ${OPTIONS_PER_PROJECT}::int) g`);
// Another builder's project of the same size: the engine's queries must stay inside their own.
const [other] = await db.select().from(projects).where(eq(projects.key, 'harbour'));
await db.execute(sql`
  INSERT INTO items (project_id, collection, id, data)
  SELECT ${other!.id}, 'options', (lpad(to_hex(1700000000000 + g), 12, '0') || '-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
         jsonb_build_object('name', 'Other option ' || g, 'price', g % 5000)
  FROM generate_series(1, ${OPTIONS_PER_PROJECT}::int) g`);
// A sales team's leads: a year of inquiries, one every two hours, a fifth of them held.
await db.execute(sql`
  INSERT INTO items (project_id, collection, id, data, created_at, updated_at)
  SELECT ${projectId}, 'leads', (lpad(to_hex(1900000000000 + g), 12, '0') || '-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
         jsonb_build_object('name', 'Lead ' || g, 'status', CASE WHEN g % 5 = 0 THEN 'held' ELSE 'new' END),
         now() - g * interval '2 hours', now() - g * interval '2 hours'
  FROM generate_series(1, ${LEADS_PER_PROJECT}::int) g`);
// Statistics from every row rather than a random sample of 30,000: the plans below are the same on every run.
await db.execute(sql`SET default_statistics_target = 1000`);
await db.execute(sql`ANALYZE items`);
await db.execute(sql`RESET default_statistics_target`);
/** The `next` of a page halfway down the held leads, as the route hands it back. */
const [middleLead] = await sqlRows<{ at: string; id: string }>(
  db,
  sql`SELECT updated_at::text AS at, id::text AS id FROM items WHERE project_id = ${projectId} AND collection = 'leads'
      AND data->>'status' = 'held' ORDER BY updated_at DESC OFFSET ${LEADS_PER_PROJECT / 10} LIMIT 1`,
);

/** Records the SQL a repository function would run, without running it. */
function captured(run: (db: Db) => Promise<unknown>): Promise<SQL[]> {
  const queries: SQL[] = [];
  const recorder = {
    dialect: (db as unknown as { dialect: unknown }).dialect,
    $client: {},
    execute: async (query: SQL) => {
      queries.push(query);
      return { rows: [] };
    },
  } as unknown as Db;
  return run(recorder).then(
    () => queries,
    () => queries,
  );
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Join Filter'?: string;
  Plans?: PlanNode[];
};
function scansOf(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** The filters of the plan's sequential scans of `items`. */
function itemScansOf(node: PlanNode & { Filter?: string }): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'items' ? [node.Filter ?? ''] : [];
  return [...own, ...(node.Plans ?? []).flatMap(itemScansOf)];
}

/** Every join condition a plan tests on each pair of rows it meets. */
function joinFiltersOf(node: PlanNode): string[] {
  return [...(node['Join Filter'] ? [node['Join Filter']] : []), ...(node.Plans ?? []).flatMap(joinFiltersOf)];
}

/** Every kind of step a plan takes. */
function nodeTypesOf(node: PlanNode): string[] {
  return [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypesOf)];
}

/** Every index a plan reads `items` through. */
function indexesOf(node: PlanNode): string[] {
  const own = node['Relation Name'] === 'items' && node['Index Name'] ? [node['Index Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(indexesOf)];
}

async function planOf(query: SQL, on: Db = db): Promise<PlanNode> {
  const [row] = await sqlRows<{ 'QUERY PLAN': unknown }>(on, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const plan = row!['QUERY PLAN'];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>)[0]!.Plan;
}

/**
 * The plan PostgreSQL keeps for a prepared statement after its first runs (db/client.ts
 * prepares them): made for any values, so it cannot lean on this one's.
 */
function genericPlanOf(query: SQL): Promise<PlanNode> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    return planOf(query, tx as unknown as Db);
  });
}

async function sequentialScans(query: SQL): Promise<string[]> {
  return scansOf(await planOf(query));
}

const option = first('options');
const unit = first('units');
const cart = first('carts');
const queries: Record<string, (db: Db) => Promise<unknown>> = {
  'a list page': (d) =>
    listItemsJson(d, {
      projectId,
      collection: 'options',
      where: sql`true`,
      document: null,
      filters: [],
      afterId: null,
      limit: 50,
    }),
  'a deep page': (d) =>
    listItemsJson(d, {
      projectId,
      collection: 'options',
      where: sql`true`,
      document: null,
      filters: [],
      afterId: option,
      limit: 50,
    }),
  'a filtered page': (d) =>
    listItemsJson(d, {
      projectId,
      collection: 'options',
      where: sql`true`,
      document: null,
      filters: [{ field: 'level', op: 'holds', value: 3 }],
      afterId: null,
      limit: 50,
    }),
  'one item': (d) => getItemJson(d, { projectId, collection: 'options', id: option, where: sql`true`, document: null }),
  'an item locked for a write': (d) => lockItem(d, { projectId, collection: 'carts', id: cart }),
  'a create': (d) =>
    insertItemAudited(d, { projectId, collection: 'rooms', data: { name: 'x' }, actorId: someone!.id }),
  'an update': (d) =>
    updateItemAudited(d, {
      projectId,
      collection: 'options',
      id: option,
      data: { name: 'x' },
      before: {},
      actorId: someone!.id,
    }),
  'a delete': (d) =>
    deleteItemAudited(d, { projectId, collection: 'rooms', id: first('rooms'), before: {}, actorId: someone!.id }),
  'the reference check': (d) =>
    existingRefs(d, projectId, [
      { collection: 'options', id: option },
      { collection: 'units', id: unit },
    ]),
  "a cart's items and categories": (d) => cartItems(d, projectId, { options: [option], units: [unit] }),
  'items by id': (d) => itemsById(d, projectId, [option, unit]),
  prices: (d) => pricesFor(d, projectId, [option], first('packages')),
  'the categories': (d) => allCategories(d, projectId),
  'the draft carts using an option': (d) => draftCartsUsing(d, projectId, { optionIds: [option], packageIds: [] }),
  "a buyer's carts": (d) => cartsOfBuyer(d, projectId, someone!.id),
  'a page of leads': (d) => leadsPage(d, projectId, { status: null, after: null, limit: 51 }),
  'a later page of held leads': (d) => leadsPage(d, projectId, { status: 'held', after: middleLead!, limit: 51 }),
};

/**
 * Keyset pages as the API asks them: several at once, each after its own id (items.repo.ts).
 * Each must walk the primary key (project, collection, id) from its id, filter or not: an
 * equality filter read through the GIN index instead would gather every matching item of the
 * collection and sort them for each page.
 */
const page = { projectId, collection: 'options', where: sql`true`, document: null, afterId: null, limit: 50 };
const pageQueries: Record<string, SQL> = {
  'pages asked together': pagesSql({ ...page, filters: [] }, [option, first('rooms')]),
  'filtered pages asked together': pagesSql({ ...page, filters: [{ field: 'level', op: 'holds', value: 3 }] }, [
    option,
  ]),
  'pages with a bound asked together': pagesSql({ ...page, filters: [{ field: 'price', op: 'gte', bound: 100 }] }, [
    option,
  ]),
  "a buyer's own carts, a page": pagesSql(
    { ...page, collection: 'carts', where: sql`i.data -> 'buyers' ? ${someone!.id}`, filters: [] },
    [cart],
  ),
};

/** A parameter's value as an SQL literal of unknown type, which PostgreSQL reads as the parameter's type. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * How PostgreSQL plans a statement prepared once and run seven times on one connection, as the
 * server runs its hot queries (db/client.ts): the number of those runs that reused the generic
 * plan instead of planning for their values. `EXPLAIN EXECUTE` chooses the plan as a run would,
 * without running it, so writes change nothing.
 */
function plannedRuns(query: SQL): Promise<{ generic: number; custom: number }> {
  const { sql: text, params } = (
    db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  return db.transaction(async (tx) => {
    const on = tx as unknown as Db;
    await on.execute(sql.raw(`PREPARE hot_statement AS ${text}`));
    const run = `EXPLAIN EXECUTE hot_statement${params.length ? `(${params.map(literal).join(', ')})` : ''}`;
    for (let i = 0; i < 7; i++) await on.execute(sql.raw(run));
    const [counts] = await sqlRows<{ generic: number; custom: number }>(
      on,
      sql`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = 'hot_statement'`,
    );
    await on.execute(sql`DEALLOCATE hot_statement`);
    return counts!;
  });
}

// Not listed: the check before a delete of who still refers to an item (`referrers`) reads the
// referring collections of the project whole; with no reverse index of references it cannot
// do better, and it runs only when a manager deletes something.

describe(`query plans at ${OPTIONS_PER_PROJECT.toLocaleString('en')} options a project (${testDbKind})`, () => {
  it.each(Object.entries(queries))('%s never scans the items table', async (_name, run) => {
    const statements = await captured(run);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(await sequentialScans(statement)).not.toContain('items');
      // The plan a prepared statement may keep for every run after its first five (db/client.ts).
      expect(scansOf(await genericPlanOf(statement))).not.toContain('items');
    }
  });

  // A pattern tested in a join's condition runs once for every pair of rows the join meets
  // (each option against each category, say): whatever needs a pattern is worked out once per row.
  it.each(Object.entries(queries))('%s tests no pattern per pair of joined rows', async (_name, run) => {
    for (const statement of await captured(run)) {
      for (const filter of joinFiltersOf(await genericPlanOf(statement))) expect(filter).not.toMatch(/~/);
    }
  });

  // The sales team's list walks its index from the cursor in the list's order and stops at the
  // page's end: no sort of every lead the project has, for the first page or a later one.
  it.each([
    ['a page of leads', { status: null, after: null }],
    ['a later page of held leads', { status: 'held', after: middleLead! }],
  ] as const)('%s walks the leads index in its order', async (_name, asked) => {
    const [statement] = await captured((d) => leadsPage(d, projectId, { ...asked, limit: 51 }));
    for (const plan of [await planOf(statement!), await genericPlanOf(statement!)]) {
      expect(indexesOf(plan)).toEqual(['items_leads_recent_idx']);
      expect(nodeTypesOf(plan)).not.toContain('Sort');
    }
  });

  it.each(Object.entries(pageQueries))('%s walk the primary key from their ids', async (_name, query) => {
    const plan = await planOf(query);
    expect(scansOf(plan)).not.toContain('items');
    expect(indexesOf(plan), JSON.stringify(plan)).toEqual(['items_project_id_collection_id_pk']);
    // The plan a prepared statement keeps after its first runs, made for any ids and any size.
    const generic = await genericPlanOf(query);
    expect(scansOf(generic)).not.toContain('items');
    expect(indexesOf(generic), JSON.stringify(generic)).toEqual(['items_project_id_collection_id_pk']);
  });

  // PostgreSQL plans a prepared statement's first five runs for their values, then keeps its
  // generic plan only if that costs no more than theirs did; a statement whose estimates
  // depend on its values (how many ids, which project) is planned again on every run
  // (docs/performance.md, "Plans kept").
  it.each([
    ...Object.entries(queries),
    ...Object.entries(pageQueries).map(([name, query]) => [name, async (d: Db) => d.execute(query)] as const),
  ])('%s is planned once and its plan kept', async (_name, run) => {
    const statements = await captured(run);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(await plannedRuns(statement)).toEqual({ generic: 2, custom: 5 });
  });

  // The reports read a project's selections and units through the primary key's project and
  // collection. Its options they read whole: with half the table this project's options here, the
  // planner rightly scans for them, and for nothing else (docs/reports.md, "Speed").
  it.each([
    ['take rate', takeRateStatement],
    ['revenue', revenueStatement],
    ['decision time', decisionsStatement],
  ] as const)('the %s report reaches selections and units through an index', async (_name, statement) => {
    const period = reportPeriod({}, 'America/Toronto');
    const scope = { projectId, months: period.months, end: period.end, now: new Date() };
    for (const asked of [scope, { ...scope, floor: 3 }]) {
      const scans = itemScansOf(await planOf(statement(asked)));
      for (const filter of scans) expect(filter).toMatch(/collection = 'options'/);
    }
  });

  it('would notice a statement planned again on every run', async () => {
    const sizedByItsValue = sql`SELECT i.id FROM items i WHERE i.project_id = ${projectId} AND i.collection = 'options' ORDER BY i.id LIMIT ${50}`;
    expect(await plannedRuns(sizedByItsValue)).toEqual({ generic: 0, custom: 7 });
  });

  it('would notice a page read through another index', async () => {
    const throughGin = sql`SELECT id FROM items i WHERE i.project_id = ${projectId} AND i.collection = 'options' AND i.data @> '{"sku": "none"}' ORDER BY id LIMIT 50`;
    expect(indexesOf(await planOf(throughGin))).not.toEqual(['items_project_id_collection_id_pk']);
  });

  it('would notice a pattern tested per pair of joined rows', async () => {
    const perPair = sql`SELECT o.id FROM items o JOIN items c ON c.project_id = o.project_id AND c.collection = 'categories'
      AND o.data->>'category' ~* c.id::text WHERE o.project_id = ${projectId} AND o.collection = 'options' AND o.id = ${option}`;
    expect(joinFiltersOf(await genericPlanOf(perPair)).join(' ')).toMatch(/~/);
  });

  it('would notice a query that scans the table', async () => {
    expect(await sequentialScans(sql`SELECT id FROM items WHERE data->>'name' = 'Bulk option 7'`)).toContain('items');
  });
});
