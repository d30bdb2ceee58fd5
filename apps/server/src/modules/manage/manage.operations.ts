import {
  type BuyerRow,
  type Page,
  catalogueProblems,
  projectOptionsSchema,
  reviewOverdueBefore,
  type CartRow,
  type CheckCategory,
  type CheckRoom,
  type Dashboard,
  fail,
  type RuleOption,
  type HistoryChange,
  formatAmount,
  formatCsv,
  type PurchasingLine,
  type PurchasingReport,
  type UNIT_STATUSES,
  type UnitRow,
} from '@decor/core';
import { missingTranslations, projectLanguages, type Language, type Revenue, type TakeRate } from '@decor/core';
import { translatorFor } from '@decor/core/catalogues';
import type { Db } from '../../db/client.ts';
import { missingChoicesOf, readCart } from '../carts/index.ts';
import { countWaitingInvitations } from '../access-codes/index.ts';
import { moneyOfCarts } from '../payments/index.ts';
import { mailEntry, mailsOfProjectTo, refusedAddresses } from '../mail/index.ts';
import { requireManager, type Scope } from '../projects/index.ts';
import { revenue, takeRate } from '../reports/index.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-page.ts';
import type { HookRegistry } from '../decor/index.ts';
import { itemNames, writeBatch } from '../decor/index.ts';
import {
  approvedPurchases,
  cartAudit,
  catalogueRows,
  type CartCursor,
  type CartListFilter,
  dashboardRows,
  collectionCounts,
  listBuyers,
  draftCartsOfUnits,
  listCarts,
  type CartListRow,
  optionFacts,
  unitGrid,
} from './manage.repo.ts';

/** Every list of the back office is a keyset page of this many rows (docs/back-office.md). */
export const PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isSortKey = (v: Record<string, unknown>) =>
  Number.isInteger(v.floor) && typeof v.name === 'string' && typeof v.id === 'string' && UUID.test(v.id);
const isAuditKey = (v: Record<string, unknown>) =>
  typeof v.at === 'string' && !Number.isNaN(Date.parse(v.at)) && typeof v.id === 'string' && UUID.test(v.id);

/** Each row's buyers' addresses the mail server refused last (docs/back-office.md, "Buyers"): flagged where the unit is shown. */
export async function withMailRefused<T extends { buyers: Array<{ email: string }> }>(
  db: Db,
  projectId: string,
  rows: T[],
): Promise<Array<T & { mailRefused: string[] }>> {
  const refused = new Set(
    (
      await refusedAddresses(db, projectId, {
        addresses: rows.flatMap((row) => row.buyers.map((buyer) => buyer.email)),
      })
    ).map((row) => row.to),
  );
  return rows.map((row) => ({
    ...row,
    mailRefused: row.buyers.map((buyer) => buyer.email).filter((email) => refused.has(email.toLowerCase())),
  }));
}

/** A row of the selections list as the API answers it. */
export function cartRowOf(row: CartListRow & { mailRefused: string[] }): CartRow {
  return {
    _id: row.id,
    _version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    status: row.status,
    deadline: row.deadline,
    total: Number(row.total ?? 0),
    revision: row.revision,
    unit: row.unit_id ? { _id: row.unit_id, name: row.unit_name ?? '', floor: row.floor ?? 0 } : null,
    buyers: row.buyers,
    mailRefused: row.mailRefused,
  };
}

/** One page of every unit's cart, filtered. */
export async function cartsPage({
  db,
  scope,
  filter,
  after,
  now = new Date(),
}: {
  db: Db;
  scope: Scope;
  /** `reviewOverdue`: submitted selections whose review-by day has passed in the project's zone. */
  filter: CartListFilter & { reviewOverdue?: boolean | undefined };
  after?: string | undefined;
  now?: Date;
}) {
  const { project } = requireManager(scope);
  const { reviewOverdue, ...rest } = filter;
  const options = projectOptionsSchema.parse(project.options ?? {});
  const listed: CartListFilter = reviewOverdue
    ? { ...rest, signedBefore: reviewOverdueBefore(now, options.reviewDays, options.timeZone) }
    : rest;
  const rows = await withMailRefused(
    db,
    project.id,
    await listCarts(db, {
      projectId: project.id,
      filter: listed,
      after: decodeCursor<CartCursor>(after, isSortKey),
      limit: PAGE_SIZE + 1,
      now,
    }),
  );
  return pageOf(rows, PAGE_SIZE, cartRowOf, (row) => ({
    floor: row.floor ?? 0,
    name: row.unit_name ?? '',
    id: row.id,
  }));
}

/** How many mails of each buyer the list shows. */
const MAILS_PER_BUYER = 10;

/**
 * GET /api/manage/buyers (docs/back-office.md, "Buyers"): the project's buyers, 50 a page by
 * address, with their units, when they joined and last signed in, and the newest mails the
 * project sent them with whether each left.
 */
export async function buyersPage({
  db,
  scope,
  signedIn,
  q,
  after,
}: {
  db: Db;
  scope: Scope;
  signedIn: boolean;
  q?: string | undefined;
  after?: string | undefined;
}): Promise<Page<BuyerRow>> {
  const { project } = requireManager(scope);
  const rows = await listBuyers(db, {
    projectId: project.id,
    signedIn,
    q,
    after: decodeCursor<{ email: string }>(after, (v) => typeof v.email === 'string')?.email ?? null,
    limit: PAGE_SIZE + 1,
  });
  const mails = await mailsOfProjectTo(
    db,
    project.id,
    rows.slice(0, PAGE_SIZE).map((row) => row.email),
    MAILS_PER_BUYER,
  );
  const byAddress = new Map<string, typeof mails>();
  for (const mail of mails) byAddress.set(mail.to, [...(byAddress.get(mail.to) ?? []), mail]);
  return pageOf(
    rows,
    PAGE_SIZE,
    (row): BuyerRow => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      units: row.units,
      joinedAt: new Date(row.joined_at).toISOString(),
      lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
      mails: (byAddress.get(row.email.toLowerCase()) ?? []).map(mailEntry),
    }),
    (row) => ({ email: row.email.toLowerCase() }),
  );
}

/**
 * One cart's row of the list (unit, buyers, status, total, deadline, last change), or 404, with
 * the required choices it still lacks: what its buyers must choose before they can sign, which a
 * change order names before it reopens the selection (docs/back-office.md, "Change orders").
 */
export async function cartRow({
  db,
  scope,
  cartId,
  language,
  now = new Date(),
}: {
  db: Db;
  scope: Scope;
  cartId: string;
  language?: Language | undefined;
  now?: Date;
}) {
  const { items } = await cartsPage({ db, scope, filter: { id: cartId }, now });
  if (!items[0]) throw fail('not_found', 'cart.no-such');
  return {
    ...items[0],
    missing: await missingChoicesOf({ db, projectId: scope.project.id, cartId, ...(language ? { language } : {}) }),
  };
}

/**
 * The dashboard's two short lists from the reports (docs/back-office.md, "Dashboard"): the eight
 * upgrades most selections choose, and the eight categories that earn the most (approved, waiting
 * and open), each with how many selections choose in it.
 */
function topOfReports(take: TakeRate, earned: Revenue) {
  const homes = new Map(take.categories.map((c) => [c.id, c.count]));
  const earns = (c: Revenue['categories'][number]) => c.approved + c.submitted + c.open;
  return {
    topOptions: take.options
      .filter((o) => o.upgrade)
      .slice(0, 8)
      .map(({ id, name, category, count }) => ({ id, name, category, count })),
    topCategories: earned.categories
      .filter((c) => earns(c) > 0)
      .sort((a, b) => earns(b) - earns(a) || a.name.localeCompare(b.name))
      .slice(0, 8)
      .map((c) => ({ id: c.id, name: c.name, count: homes.get(c.id) ?? 0, upgrades: earns(c) })),
  };
}

/** The dashboard's numbers (docs/back-office.md, "Dashboard"); money in the project's minor units. */
export async function dashboard({
  db,
  scope,
  language,
  now = new Date(),
}: {
  db: Db;
  scope: Scope;
  language?: Language | undefined;
  now?: Date;
}): Promise<Dashboard> {
  const { project } = requireManager(scope);
  const options = projectOptionsSchema.parse(project.options ?? {});
  // What sells and what it earns: the reports' own functions over their default period (docs/reports.md).
  const report = { db, scope, filters: {}, language, now };
  const [rows, inForce, invited, refused, take, earned] = await Promise.all([
    dashboardRows(db, project.id, now, reviewOverdueBefore(now, options.reviewDays, options.timeZone)),
    approvedPurchases(db, project.id),
    countWaitingInvitations(db, project.id),
    refusedAddresses(db, project.id),
    takeRate(report),
    revenue(report),
  ]);
  const carts = Object.fromEntries(rows.carts.map((c) => [c.status, { count: c.count, total: Number(c.total) }]));
  const count = (status: string) => carts[status]?.count ?? 0;
  const unitsIn = (status: string) => rows.units.find((u) => u.status === status)?.count ?? 0;
  return {
    currency: project.currency,
    units: { available: unitsIn('available'), reserved: unitsIn('reserved'), sold: unitsIn('sold') },
    carts: {
      draft: count('draft'),
      locked: count('locked'),
      submitted: count('submitted'),
      approved: count('approved'),
    },
    buyers: {
      invited,
      joined: rows.people.members,
      signedIn: rows.people.signedIn,
      submitted: count('submitted') + count('approved'),
      approved: count('approved'),
    },
    deadlines: rows.due,
    // What is bought: every purchase in force, a selection reopened as a change order included until it is approved again.
    revenue: {
      approved: inForce.reduce((sum, p) => sum + (Number(p.total) || 0), 0),
      pending: carts.submitted?.total ?? 0,
      open: (carts.draft?.total ?? 0) + (carts.locked?.total ?? 0),
    },
    ...topOfReports(take, earned),
    front: rows.front,
    mailRefused: {
      count: refused.length,
      recent: refused
        .slice(0, 10)
        .map((row) => ({ email: row.to, at: new Date(row.at).toISOString(), error: row.error })),
    },
  };
}

type Change = HistoryChange;

type CartDoc = Record<string, unknown> & {
  status?: string;
  selections?: Array<{ option: string; room?: string }>;
  package?: string | null;
  notes?: string;
  deadline?: string | null;
  total?: number;
  signature?: { name: string } | null;
  history?: Array<{ status: string; action?: string; comment?: string; fee?: number; deadline?: string }>;
  versions?: unknown[];
};

const key = (s: { option: string; room?: string }) => `${s.option}|${s.room ?? ''}`;

/** What one write changed in a cart, in the terms a manager reads (docs/back-office.md, "History"). */
function changesOf(action: string, before: CartDoc | null, after: CartDoc | null): Change[] {
  if (action === 'delete') return [{ kind: 'deleted' }];
  if (!before || action === 'create') return [{ kind: 'created' }];
  if (!after) return [];
  const changes: Change[] = [];
  if (before.status !== after.status || (after.history?.length ?? 0) > (before.history?.length ?? 0)) {
    const entry = after.history?.[after.history.length - 1];
    changes.push({
      kind: 'status',
      from: before.status ?? null,
      to: after.status ?? '',
      ...(entry?.comment ? { comment: entry.comment } : {}),
      ...(entry?.fee ? { fee: entry.fee } : {}),
      ...(entry?.deadline ? { deadline: entry.deadline } : {}),
    });
  }
  const was = new Map((before.selections ?? []).map((s) => [key(s), s.option]));
  const now = new Map((after.selections ?? []).map((s) => [key(s), s.option]));
  for (const [k, option] of now) if (!was.has(k)) changes.push({ kind: 'added', option, name: '' });
  for (const [k, option] of was) if (!now.has(k)) changes.push({ kind: 'removed', option, name: '' });
  if ((before.package ?? null) !== (after.package ?? null))
    changes.push({ kind: 'package', from: before.package ?? null, to: after.package ?? null });
  if ((before.notes ?? '') !== (after.notes ?? '')) changes.push({ kind: 'notes' });
  if ((before.deadline ?? null) !== (after.deadline ?? null) && !changes.some((c) => c.kind === 'status'))
    changes.push({ kind: 'deadline', to: after.deadline ?? null });
  if (after.signature && !before.signature) changes.push({ kind: 'signed', name: after.signature.name });
  if ((before.versions?.length ?? 0) !== (after.versions?.length ?? 0)) changes.push({ kind: 'alternatives' });
  const moved = changes.some((c) => c.kind === 'added' || c.kind === 'removed' || c.kind === 'package');
  if (!moved && before.total !== undefined && after.total !== undefined && before.total !== after.total) {
    changes.push({ kind: 'repriced', from: before.total, to: after.total });
  }
  return changes;
}

/** A cart's history from the audit log: who changed what and when, newest first, 50 a page. */
export async function cartHistory({
  db,
  scope,
  cartId,
  before,
  language,
}: {
  db: Db;
  scope: Scope;
  cartId: string;
  before?: string | undefined;
  /** The reader's: the options' names in their language. */
  language?: Language | undefined;
}) {
  const { project } = requireManager(scope);
  const rows = await cartAudit(db, {
    projectId: project.id,
    cartId,
    before: decodeCursor(before, isAuditKey),
    limit: PAGE_SIZE + 1,
  });
  // Asked for a cart that is not this project's, the history is "no such selection", not an empty page.
  if (!before && !rows.length) await readCart(db, { projectId: project.id, cartId });
  const result = pageOf(
    rows,
    PAGE_SIZE,
    (row) => ({
      _id: row.id,
      at: new Date(row.at).toISOString(),
      who: row.actor_id
        ? {
            _id: row.actor_id,
            name: row.actor_name ?? '',
            email: row.actor_email ?? '',
            role: row.actor_admin ? 'admin' : (row.actor_role ?? 'other'),
          }
        : null,
      changes:
        row.collection === 'comments'
          ? [{ kind: 'comment' as const, body: String((row.after as { body?: unknown } | null)?.body ?? '') }]
          : changesOf(row.action, row.before as CartDoc | null, row.after as CartDoc | null),
    }),
    (row) => ({ at: new Date(row.at).toISOString(), id: row.id }),
  );
  const entries = result.items;
  const ids = new Set<string>();
  for (const entry of entries)
    for (const change of entry.changes)
      if (change.kind === 'added' || change.kind === 'removed') ids.add(change.option);
  const names = await itemNames(db, { projectId: project.id, ids: [...ids], language });
  for (const entry of entries)
    for (const change of entry.changes)
      if (change.kind === 'added' || change.kind === 'removed') change.name = names.get(change.option) ?? '';
  return result;
}

/** One page of the units grid: each unit with its plan, status, deadline, buyers and cart. */
export async function unitsPage({
  db,
  scope,
  after,
  now = new Date(),
}: {
  db: Db;
  scope: Scope;
  after?: string | undefined;
  now?: Date;
}) {
  const { project } = requireManager(scope);
  const rows = await withMailRefused(
    db,
    project.id,
    await unitGrid(db, {
      projectId: project.id,
      after: decodeCursor<CartCursor>(after, isSortKey),
      limit: PAGE_SIZE + 1,
      now,
    }),
  );
  return pageOf(
    rows,
    PAGE_SIZE,
    (row): UnitRow => ({
      _id: row.id,
      _version: row.version,
      name: row.name ?? '',
      floor: row.floor ?? 0,
      status: row.status,
      deadline: row.deadline,
      plan: row.plan_name,
      cart: row.cart_id ? { _id: row.cart_id, status: row.cart_status ?? 'draft' } : null,
      buyers: row.buyers,
      mailRefused: row.mailRefused,
    }),
    (row) => ({ floor: row.floor ?? 0, name: row.name ?? '', id: row.id }),
  );
}

export interface BulkUnitChange {
  units: string[];
  status?: (typeof UNIT_STATUSES)[number] | undefined;
  /** A new deadline for these units (and their open carts); null clears it. */
  deadline?: string | null | undefined;
}

/**
 * Changes the status and/or deadline of many units in one transaction through the engine's
 * batch path: all or nothing, one audit entry per unit (docs/back-office.md, "Units"). A new
 * deadline also moves the units' open carts.
 */
export async function changeUnits({
  db,
  scope,
  hooks,
  change,
}: {
  db: Db;
  scope: Scope;
  hooks: HookRegistry;
  change: BulkUnitChange;
}) {
  const { project, actor } = requireManager(scope);
  const units = [...new Set(change.units)];
  if (!units.length) throw fail('bad_request', 'manage.no-units', undefined, { field: 'units' });
  if (change.status === undefined && change.deadline === undefined)
    throw fail('bad_request', 'manage.nothing-to-change');
  const known = await itemNames(db, { projectId: project.id, ids: units });
  if (known.size !== units.length) throw fail('rule_broken', 'manage.unit-elsewhere', undefined, { field: 'units' });
  const patch = {
    ...(change.status !== undefined ? { status: change.status } : {}),
    ...(change.deadline !== undefined ? { deadline: change.deadline } : {}),
  };
  // A unit's open cart takes its new deadline too: that is the date its buyers see.
  const carts = change.deadline !== undefined ? await draftCartsOfUnits(db, project.id, units) : [];
  await writeBatch(db, { project, actorId: actor.userId, origin: 'staff', hooks }, [
    ...units.map((id) => ({ op: 'update' as const, collection: 'units', id, data: patch })),
    ...carts.map((id) => ({
      op: 'update' as const,
      collection: 'carts',
      id,
      data: { deadline: change.deadline ?? null },
    })),
  ]);
  return { changed: units.length, carts: carts.length };
}

/**
 * What the trades are ordered: every line of every approved purchase, grouped by vendor and
 * SKU, with quantity, unit and room; the adjustments (package savings, change fees) follow
 * as their own lines so that the amounts add up to the purchases' totals.
 */
export async function purchasing({ db, scope }: { db: Db; scope: Scope }): Promise<PurchasingReport> {
  const { project } = requireManager(scope);
  const purchases = await approvedPurchases(db, project.id);
  const optionIds = [...new Set(purchases.flatMap((p) => p.lines.map((l) => l.option)))];
  const roomIds = [...new Set(purchases.flatMap((p) => p.lines.map((l) => l.room).filter((r): r is string => !!r)))];
  const [facts, rooms, money] = await Promise.all([
    optionFacts(db, project.id, optionIds),
    itemNames(db, { projectId: project.id, ids: roomIds }),
    moneyOfCarts(db, project),
  ]);
  const lines: PurchasingLine[] = [];
  const adjustments: PurchasingLine[] = [];
  for (const p of purchases) {
    const common = {
      unit: p.unit_name ?? '',
      floor: p.floor ?? 0,
      revision: p.revision,
      approvedAt: p.approved_at,
      changeOrderOpen: p.change_order_open,
    };
    for (const line of p.lines) {
      const fact = facts.get(line.option) ?? { name: '', sku: '', vendor: '', category: '' };
      lines.push({
        ...common,
        vendor: fact.vendor,
        sku: fact.sku,
        item: fact.name,
        category: fact.category,
        room: line.room ? (rooms.get(line.room) ?? '') : '',
        quantity: line.quantity,
        unitPrice: line.price,
        amount: line.price * line.quantity,
      });
    }
    for (const a of p.adjustments)
      adjustments.push({
        ...common,
        vendor: '',
        sku: '',
        item: a.label,
        category: '',
        room: '',
        quantity: 1,
        unitPrice: a.amount,
        amount: a.amount,
      });
  }
  const byKey = (a: PurchasingLine, b: PurchasingLine) =>
    a.vendor.localeCompare(b.vendor) ||
    a.sku.localeCompare(b.sku) ||
    a.floor - b.floor ||
    a.unit.localeCompare(b.unit) ||
    a.room.localeCompare(b.room);
  lines.sort(byKey);
  adjustments.sort(byKey);
  const groups = new Map<string, { vendor: string; sku: string; item: string; quantity: number; amount: number }>();
  for (const line of lines) {
    const k = `${line.vendor}\u0000${line.sku}`;
    const g = groups.get(k) ?? { vendor: line.vendor, sku: line.sku, item: line.item, quantity: 0, amount: 0 };
    g.quantity += line.quantity;
    g.amount += line.amount;
    groups.set(k, g);
  }
  return {
    currency: project.currency,
    purchases: purchases.length,
    changeOrdersOpen: purchases.filter((p) => p.change_order_open).length,
    total: purchases.reduce((sum, p) => sum + Number(p.total), 0),
    groups: [...groups.values()],
    lines: [...lines, ...adjustments],
    // What each purchase has brought in so far (docs/payments.md): those not yet signed for money have none.
    money: purchases.flatMap((p) => {
      const figures = money.get(p.cart_id);
      return figures
        ? [
            {
              unit: p.unit_name ?? '',
              floor: p.floor ?? 0,
              gross: figures.gross,
              paid: figures.paid,
              credits: figures.credits,
              outstanding: figures.balance,
            },
          ]
        : [];
    }),
  };
}

const CSV_COLUMNS = [
  'Vendor',
  'SKU',
  'Item',
  'Category',
  'Unit',
  'Floor',
  'Room',
  'Quantity',
  'Unit price',
  'Amount',
  'Currency',
  'Revision',
  'Approved at',
  'Change order open',
];

export function purchasingCsv(report: PurchasingReport): string {
  const money = (minor: number) => formatAmount(minor, report.currency);
  const rows = report.lines.map((l) => [
    l.vendor,
    l.sku,
    l.item,
    l.category,
    l.unit,
    l.floor,
    l.room,
    l.quantity,
    money(l.unitPrice),
    money(l.amount),
    report.currency,
    l.revision,
    l.approvedAt,
    l.changeOrderOpen ? 'yes' : 'no',
  ]);
  return formatCsv([CSV_COLUMNS, ...rows]);
}

/** What in the catalogue would stop buyers (docs/back-office.md, "Catalogue check"), each in a sentence, and how many items each collection holds. */
export async function catalogueCheck({ db, scope, language = 'en' }: { db: Db; scope: Scope; language?: Language }) {
  const { project } = requireManager(scope);
  const [rows, counts] = await Promise.all([catalogueRows(db, project.id), collectionCounts(db, project.id)]);
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const options = new Map<string, RuleOption>();
  const categories = new Map<string, CheckCategory>();
  const packages = [];
  const plans = [];
  const rooms: CheckRoom[] = [];
  const swatches = new Set<string>();
  for (const { id, collection, data } of rows) {
    const name = String(data.name ?? '');
    if (collection === 'options') {
      options.set(id, {
        _id: id,
        name,
        category: String(data.category ?? ''),
        price: Number(data.price ?? 0),
        plans: strings(data.plans),
        requires: strings(data.requires),
        excludes: strings(data.excludes),
        active: data.active !== false,
      });
      if (data.swatch) swatches.add(id);
    } else if (collection === 'categories') {
      categories.set(id, {
        _id: id,
        name,
        required: data.required === true,
        multiple: data.multiple === true,
        allowance: Number(data.allowance ?? 0),
        rooms: strings(data.rooms),
        surface: typeof data.surface === 'string' ? data.surface : null,
      });
    } else if (collection === 'rooms') {
      rooms.push({
        _id: id,
        name,
        order: typeof data.order === 'number' ? data.order : null,
        hotspot: (data.hotspot as CheckRoom['hotspot']) ?? null,
        dimensions: (data.dimensions as CheckRoom['dimensions']) ?? null,
      });
    } else if (collection === 'packages') {
      packages.push({ _id: id, name, options: strings(data.options) });
    } else {
      plans.push({ _id: id, name, rooms: strings(data.rooms) });
    }
  }
  const { languages, defaultLanguage } = projectLanguages(project.options);
  return {
    problems: catalogueProblems({
      options,
      categories,
      packages,
      plans,
      rooms,
      swatches,
      say: translatorFor(language),
    }),
    counts,
    missingTranslations: missingTranslations(rows, languages, defaultLanguage),
  };
}
