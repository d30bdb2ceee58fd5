import { sql, type SQL } from 'drizzle-orm';
import { DomainError, effectiveStatus, missingRequired, nextStatus, notFound, type CartAction, type CartStatus, type Selection } from '@decor/core';
import { preparedRows, type Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import { roleInProject } from '../projects/memberships.repo.ts';
import { requireProject } from '../projects/projects.operations.ts';
import { readPlan, standingOf } from '../decor/access.ts';
import { resolveCollection } from '../decor/collections.registry.ts';
import { getItemJson, lockItem, updateItemAudited, insertItem, writeAudit } from '../decor/items.repo.ts';
import type { CartData } from './carts.document.ts';
import { itemsById, ruleContextFor } from './carts.rules.ts';
import { priceCart, repriceIfStale, withPriceNotices } from './carts.pricing.ts';

/**
 * Who is asking about carts in this project: the project, the caller's standing, and the SQL
 * that limits carts to theirs (every cart for managers). Visitors and outsiders are refused.
 */
export async function cartScope(db: Db, actor: Actor | null, projectKey: string | null) {
  const project = await requireProject(db, projectKey);
  const standing = standingOf(actor, actor ? await roleInProject(db, project.id, actor.userId) : null);
  const carts = (await resolveCollection(db, project.id, 'carts'))!;
  const plan = readPlan(carts, standing, project.id);
  return { project, standing, plan, isManager: standing.kind === 'manager' || standing.kind === 'admin' };
}

/** A cart the caller may read, as stored; 404 when there is none (or it is not theirs). */
export async function readCart(
  db: Db,
  { projectId, where, cartId, missing = 'There is no such selection.' }: { projectId: string; where: SQL; cartId: string; missing?: string },
): Promise<CartData> {
  const body = await getItemJson(db, { projectId, collection: 'carts', id: cartId, where, document: sql`i.data` });
  if (!body) throw notFound(missing);
  return JSON.parse(body) as CartData;
}

export interface TransitionInput {
  db: Db;
  actor: Actor | null;
  projectKey: string | null;
  cartId: string;
  action: CartAction;
  signature?: { name: string; agree: boolean };
  comment?: string;
  deadline?: string;
  /** For submit: the version of the cart the buyer reviewed and signs. */
  expectedVersion?: number;
  now?: Date;
}

/**
 * Moves a cart through its life (DESIGN.md §6): a buyer (or manager) submits a complete
 * draft with a typed signature; managers approve (writing the immutable purchase), return
 * with a comment, reopen an approved one as a new revision, or extend a passed deadline.
 */
export async function transitionCart({ db, actor, projectKey, cartId, action, signature, comment, deadline, expectedVersion, now = new Date() }: TransitionInput) {
  const { project, plan, isManager } = await cartScope(db, actor, projectKey);
  const by = isManager ? 'manager' : 'buyer';
  const actorId = actor!.userId;
  // A stored total behind today's prices is brought up to date first: the buyer then sees a
  // new version, and signs only what was shown (docs/selection-rules.md, "Prices").
  if (action === 'submit') await repriceIfStale(db, { projectId: project.id, cartId, actorId });

  return db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const cart = await lockItem(db, { projectId: project.id, collection: 'carts', id: cartId, where: plan.where });
    if (!cart) throw notFound('There is no such selection.');
    const data = cart.data as Record<string, unknown> & { status: CartStatus; deadline: string | null; selections: Selection[]; total: number; revision?: number; history?: unknown[] };
    const outcome = nextStatus(effectiveStatus(data, now), action, by);
    if ('refused' in outcome) {
      const code = outcome.because === 'who' ? 'forbidden' : outcome.because === 'locked' ? 'locked' : 'conflict';
      throw new DomainError(code, outcome.refused);
    }

    const entry = { status: outcome.status, at: now.toISOString(), by: actorId, ...(comment ? { comment } : {}) };
    let next: Record<string, unknown> = { ...data, status: outcome.status, history: [...(data.history ?? []), entry] };

    if (action === 'submit') {
      if (expectedVersion !== undefined && cart.version !== expectedVersion) {
        const latest = await getItemJson(db, { projectId: project.id, collection: 'carts', id: cartId, where: sql`true`, document: sql`i.data` });
        throw new DomainError('conflict', 'This selection changed since you reviewed it (a price or a choice). Review it again before you sign.', {
          current: latest ? (JSON.parse(latest) as unknown) : null,
        });
      }
      if (!signature?.agree) throw new DomainError('bad_request', 'Please confirm that you agree to this selection.', { field: 'agree' });
      const name = signature.name.trim();
      if (name.length < 2) throw new DomainError('bad_request', 'Type your full name to sign.', { field: 'signature' });
      const context = await ruleContextFor(db, project.id, data);
      const missing = missingRequired(data.selections, { options: context.options, categories: await allCategories(db, project.id) });
      if (missing.length) {
        throw new DomainError('rule_broken', `Choose ${missing.map((c) => c.name).join(', ')} before submitting.`, { missing: missing.map((c) => ({ _id: c._id, name: c.name })) });
      }
      const signed = await priceCart(db, project.id, data as CartData);
      next = { ...next, total: signed.total, priceChanges: [], signature: { name, signedAt: now.toISOString(), ...signed } };
    }
    if (action === 'return' && !comment?.trim()) throw new DomainError('bad_request', 'Say what the buyer should change.', { field: 'comment' });
    if (action === 'reopen') next = { ...next, revision: (data.revision ?? 1) + 1, signature: null };
    if (action === 'extend') {
      if (!deadline || Number.isNaN(Date.parse(deadline)) || Date.parse(deadline) <= now.getTime()) {
        throw new DomainError('bad_request', 'Give a new deadline in the future.', { field: 'deadline' });
      }
      next = { ...next, deadline: new Date(deadline).toISOString() };
    }
    // A cart that opens again (returned, reopened) is priced at today's prices, and its buyers
    // are told which signed prices moved (docs/selection-rules.md, "Prices").
    if (outcome.status === 'draft' && data.status !== 'draft') {
      const today = await priceCart(db, project.id, data as CartData);
      const signedPrices = new Map(((data as CartData).signature?.lines ?? []).map((line) => [line.option, line.price]));
      const names = await optionNames(db, project.id, today.lines.map((line) => line.option));
      const notices = today.lines
        .filter((line) => signedPrices.has(line.option) && signedPrices.get(line.option) !== line.price)
        .map((line) => ({ option: line.option, name: names.get(line.option) ?? '', from: signedPrices.get(line.option)!, to: line.price, at: now.toISOString() }));
      next = { ...next, total: today.total, priceChanges: withPriceNotices(data as CartData, notices) };
    }
    if (action === 'approve') await writePurchase(db, { projectId: project.id, currency: project.currency, cartId, cart: data as CartData, approvedBy: actorId, now });

    return updateItemAudited(db, { projectId: project.id, collection: 'carts', id: cartId, data: next, before: data, actorId });
  });
}

async function optionNames(db: Db, projectId: string, ids: string[]) {
  const rows = await itemsById(db, projectId, ids);
  return new Map(rows.map((row) => [row.id, String(row.data.name ?? '')]));
}

async function allCategories(db: Db, projectId: string) {
  const rows = await preparedRows<{ id: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id, data FROM items WHERE project_id = ${projectId} AND collection = 'categories'`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { _id: row.id, name: String(row.data.name ?? ''), required: row.data.required === true, multiple: row.data.multiple === true, allowance: Number(row.data.allowance ?? 0) },
    ]),
  );
}

/**
 * The immutable record of what was approved: exactly what the buyer signed — every line at
 * the price signed, the adjustments, and a total that is their sum (docs/selection-rules.md,
 * "Prices"). A cart signed before signatures kept their lines is priced as it stands.
 */
async function writePurchase(
  db: Db,
  { projectId, currency, cartId, cart, approvedBy, now }: { projectId: string; currency: string; cartId: string; cart: CartData; approvedBy: string; now: Date },
) {
  const signed = cart.signature?.lines ? { lines: cart.signature.lines, adjustments: cart.signature.adjustments ?? [] } : await priceCart(db, projectId, cart);
  const total = signed.lines.reduce((sum, line) => sum + line.price * line.quantity, 0) + signed.adjustments.reduce((sum, a) => sum + a.amount, 0);
  const data = {
    cart: cartId,
    unit: cart.unit,
    buyer: cart.owner,
    lines: signed.lines,
    adjustments: signed.adjustments,
    total,
    currency,
    approvedBy,
    approvedAt: now.toISOString(),
    revision: cart.revision ?? 1,
  };
  const id = await insertItem(db, { projectId, collection: 'purchases', data, actorId: approvedBy });
  await writeAudit(db, { projectId, collection: 'purchases', itemId: id, action: 'create', actorId: approvedBy, before: null, after: data });
}

/**
 * What the buyer's home page shows about a cart, computed with the same rules the server
 * enforces: the unit and its plan, progress through the required categories, the total,
 * the deposit, the allowances, and the status as it stands now (locked after the deadline).
 */
export async function cartSummaries({ db, actor, projectKey, now = new Date() }: { db: Db; actor: Actor | null; projectKey: string | null; now?: Date }) {
  const project = await requireProject(db, projectKey);
  const standing = standingOf(actor, actor ? await roleInProject(db, project.id, actor.userId) : null);
  if (standing.kind !== 'purchaser' && standing.kind !== 'manager' && standing.kind !== 'admin') {
    readPlan((await resolveCollection(db, project.id, 'carts'))!, standing, project.id);
  }
  // "Mine" means the carts of the caller's own units, also for managers who are buyers too.
  const mine = await preparedRows<{ id: string; data: Record<string, unknown>; version: number; unit: Record<string, unknown> | null; plan: Record<string, unknown> | null }>(
    db,
    sql`SELECT c.id, c.data, c.version, u.data AS unit, p.data AS plan
        FROM items c
        JOIN items u ON u.project_id = c.project_id AND u.collection = 'units' AND u.id::text = c.data->>'unit'
        LEFT JOIN items p ON p.project_id = c.project_id AND p.collection = 'plans' AND p.id::text = u.data->>'plan'
        WHERE c.project_id = ${project.id} AND c.collection = 'carts'
          AND (c.data->>'owner' = ${actor!.userId} OR u.data->'buyers' ? ${actor!.userId})
        ORDER BY c.id`,
  );
  const categories = await allCategories(db, project.id);
  const depositPercent = typeof project.options.depositPercent === 'number' ? project.options.depositPercent : 0;
  const summaries = [];
  for (const row of mine) {
    const cart = row.data as Record<string, unknown> & { status: CartStatus; deadline: string | null; selections: Selection[]; total: number };
    const context = await ruleContextFor(db, project.id, cart);
    const required = [...categories.values()].filter((c) => c.required);
    const missing = missingRequired(cart.selections, { options: context.options, categories });
    summaries.push({
      _id: row.id,
      _version: row.version,
      status: effectiveStatus(cart, now),
      deadline: cart.deadline,
      total: cart.total,
      deposit: Math.round((cart.total * depositPercent) / 100),
      depositPercent,
      selections: cart.selections.length,
      progress: { done: required.length - missing.length, total: required.length, missing: missing.map((c) => c.name) },
      unit: { _id: String(cart.unit), name: String(row.unit?.name ?? ''), floor: Number(row.unit?.floor ?? 0), area: typeof row.unit?.area === 'number' ? row.unit.area : null },
      plan: row.plan ? { name: String(row.plan.name ?? ''), bedrooms: Number(row.plan.bedrooms ?? 0), bathrooms: Number(row.plan.bathrooms ?? 0) } : null,
    });
  }
  return summaries;
}
