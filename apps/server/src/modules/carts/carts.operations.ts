import {
  can,
  changeOrderNumber,
  DEFAULT_TIME_ZONE,
  projectOptionsSchema,
  workingDeadline,
  type CartAction,
  message,
  type CartStatus,
  describeMissing,
  effectiveStatus,
  fail,
  missingRequired,
  nextStatus,
  requiredChoices,
  type Language,
  fieldIn,
  type Selection,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/index.ts';
import { readPlan } from '../decor/index.ts';
import { resolveCollection } from '../decor/index.ts';
import type { HookRegistry } from '../decor/index.ts';
import { createItem, documentOf, updateItem, withWrites, type Writer } from '../decor/index.ts';
import type { CartData } from './carts.document.ts';
import { allCategories, cartPlanOf, cartsOfBuyer, itemsById, planRooms, unitBuyerIds } from './carts.repo.ts';
import { ruleContextFor } from './carts.rules.ts';
import { priceCart, repriceIfStale, withPriceNotices } from './carts.pricing.ts';

/**
 * Who is asking about carts in this project: the project, the caller's standing, and the SQL
 * that limits carts to theirs (every cart for managers). Visitors and outsiders are refused.
 */
export async function cartScope(db: Db, scope: Promise<Scope>) {
  const { project, standing, actor } = await scope;
  const carts = (await resolveCollection(db, project.id, 'carts'))!;
  const plan = readPlan(carts, standing, project.id);
  return { project, standing, actor, plan, isManager: can(standing, 'manage') === 'any' };
}

export interface TransitionInput {
  db: Db;
  hooks: HookRegistry;
  scope: Promise<Scope>;
  cartId: string;
  action: CartAction;
  signature?: { name: string; agree: boolean; language?: Language };
  comment?: string;
  deadline?: string;
  /** For reopen: a change order fee in minor units, added to the total as its own line. */
  fee?: number;
  /** For submit: the version of the cart the buyer reviewed and signs. */
  expectedVersion?: number;
  now?: Date;
}

/**
 * Moves a cart through its life (docs/selection-rules.md): a buyer (or manager) submits a complete
 * draft with a typed signature; managers approve (writing the immutable purchase), return
 * with a comment, reopen an approved one as a new revision, or extend a passed deadline.
 */
export async function transitionCart({
  db,
  hooks,
  scope,
  cartId,
  action,
  signature,
  comment,
  deadline,
  fee,
  expectedVersion,
  now = new Date(),
}: TransitionInput) {
  const { project, plan, isManager, actor } = await cartScope(db, scope);
  const by = isManager ? 'manager' : 'buyer';
  const base = { project, actorId: actor!.userId, origin: 'server' as const, hooks, now };
  // A stored total behind today's prices is brought up to date first: the buyer then sees a
  // new version, and signs only what was shown (docs/selection-rules.md, "Prices").
  if (action === 'submit') await repriceIfStale(db, base, cartId);

  return withWrites(db, base, (writer) =>
    updateItem(
      writer,
      'carts',
      cartId,
      async (cart) => {
        const data = cart.data as CartData;
        const outcome = nextStatus(effectiveStatus(data, now), action, by);
        if ('refused' in outcome) {
          const code = outcome.because === 'who' ? 'forbidden' : outcome.because === 'locked' ? 'locked' : 'conflict';
          throw fail(code, outcome.key, outcome.params);
        }
        const entry: {
          status: string;
          action: CartAction;
          at: string;
          by: string;
          byName: string;
          comment?: string;
          fee?: number;
          deadline?: string | undefined;
        } = {
          status: outcome.status,
          action,
          at: now.toISOString(),
          by: actor!.userId,
          byName: actor!.name.slice(0, 200),
          ...(comment?.trim() ? { comment: comment.trim() } : {}),
          ...(action === 'reopen' && fee ? { fee } : {}),
          ...(action === 'extend' && deadline ? { deadline: new Date(deadline).toISOString() } : {}),
        };
        let next: Record<string, unknown> = {
          ...data,
          status: outcome.status,
          history: [...((data.history as unknown[]) ?? []), entry],
        };

        if (action === 'submit') {
          if (expectedVersion !== undefined && cart.version !== expectedVersion) {
            throw fail('conflict', 'cart.changed-since-review', undefined, {
              current: JSON.parse(await documentOf(writer.db, project.id, 'carts', cartId)) as unknown,
            });
          }
          next = { ...next, ...(await signed(writer, data, signature, now)) };
          // Where every buyer signs, a signature waits for the others' until the last one submits.
          if (by === 'buyer' && projectOptionsSchema.parse(project.options).signing === 'every') {
            const together = await signaturesTogether(writer, data, actor!.userId, (next as CartData).signature!);
            if (!together.complete)
              return { ...data, total: next.total, priceChanges: next.priceChanges, signatures: together.signatures };
            next = { ...next, signatures: together.signatures };
          }
        }
        if (action === 'return' && !comment?.trim())
          throw fail('bad_request', 'cart.return-comment', undefined, { field: 'comment' });
        if (action === 'reopen') {
          const revision = (data.revision ?? 1) + 1;
          const fees = fee
            ? [
                ...(data.fees ?? []),
                // Its number, read in each reader's language; the English words for API clients (adjustmentLabel in core).
                {
                  label: message('cart.change-fee', { number: changeOrderNumber(revision) ?? 1 }),
                  amount: fee,
                  changeOrder: changeOrderNumber(revision) ?? 1,
                },
              ]
            : (data.fees ?? []);
          // A change order needs time to be made: a passed deadline moves to the one given, or REOPEN_DAYS from now.
          const until = reopenDeadline(
            data.deadline,
            deadline,
            now,
            projectOptionsSchema.parse(project.options).timeZone ?? DEFAULT_TIME_ZONE,
          );
          if (until !== data.deadline) entry.deadline = until ?? undefined;
          next = { ...next, revision, signature: null, fees, deadline: until };
        }
        if (action === 'extend') {
          if (!deadline || Number.isNaN(Date.parse(deadline)) || Date.parse(deadline) <= now.getTime()) {
            throw fail('bad_request', 'cart.extend-future', undefined, { field: 'deadline' });
          }
          next = { ...next, deadline: new Date(deadline).toISOString() };
        }
        // A cart that opens again (returned, reopened) is priced at today's prices, and its buyers
        // are told which signed prices moved (docs/selection-rules.md, "Prices").
        if (outcome.status === 'draft' && data.status !== 'draft')
          next = { ...next, ...(await repricedOnReopening(writer, next as CartData, data, now)) };
        if (action === 'approve') await createItem(writer, 'purchases', await purchaseOf(writer, data, cartId));
        return next;
      },
      { where: plan.where, missingMessage: 'cart.no-such' },
    ),
  );
}

/** How long a reopened selection stays open when its deadline had passed and no new one is given. */
export const REOPEN_DAYS = 14;

/**
 * The deadline of a reopened selection: the one given (in the future), the current one if still
 * ahead, else REOPEN_DAYS from now at the end of a working day in the project's zone.
 */
function reopenDeadline(current: string | null, given: string | undefined, now: Date, timeZone: string): string | null {
  if (given !== undefined) {
    if (Number.isNaN(Date.parse(given)) || Date.parse(given) <= now.getTime())
      throw fail('bad_request', 'cart.extend-future', undefined, { field: 'deadline' });
    return new Date(given).toISOString();
  }
  if (!current || Date.parse(current) > now.getTime()) return current;
  return workingDeadline(now, REOPEN_DAYS, timeZone).toISOString();
}

/** The signature of a complete draft: the name typed, and the lines, adjustments and total at today's prices. */
async function signed(writer: Writer, data: CartData, signature: TransitionInput['signature'], now: Date) {
  if (!signature?.agree) throw fail('bad_request', 'cart.agree', undefined, { field: 'agree' });
  const name = signature.name.trim();
  if (name.length < 2) throw fail('bad_request', 'cart.sign-name', undefined, { field: 'signature' });
  const projectId = writer.project.id;
  const context = await ruleContextFor(writer.db, projectId, data);
  const plan = await planRooms(writer.db, projectId, context.planId, signature.language);
  const missing = missingRequired(data.selections, {
    options: context.options,
    categories: await allCategories(writer.db, projectId, signature.language),
    planRooms: plan.rooms,
  });
  if (missing.length) {
    throw fail(
      'rule_broken',
      'cart.choose-first',
      { categories: describeMissing(missing, (room) => plan.names.get(room)).join(', ') },
      {
        missing: missing.map(({ category, room }) => ({
          _id: category._id,
          name: category.name,
          room,
          roomName: room === null ? null : (plan.names.get(room) ?? null),
        })),
      },
    );
  }
  const priced = await priceCart(writer.db, projectId, data, signature.language);
  return {
    total: priced.total,
    priceChanges: [],
    signature: {
      name,
      signedAt: now.toISOString(),
      ...priced,
      ...(signature.language ? { language: signature.language } : {}),
    },
  };
}

/**
 * The signatures of a selection every buyer signs, with this buyer's: kept only of people who
 * are still buyers of the unit (its owner and those listed on it); complete when each of them
 * has signed the choices as they now are (a change sets signatures aside, carts.hooks.ts).
 */
async function signaturesTogether(
  writer: Writer,
  data: CartData,
  userId: string,
  signature: NonNullable<CartData['signature']>,
) {
  const buyers = new Set([
    ...(await unitBuyerIds(writer.db, writer.project.id, String(data.unit))),
    ...(data.owner ? [String(data.owner)] : []),
  ]);
  const mine = {
    by: userId,
    name: signature.name,
    signedAt: signature.signedAt,
    ...(signature.language ? { language: signature.language } : {}),
  };
  const signatures = [...(data.signatures ?? []).filter((s) => s.by !== userId && buyers.has(s.by)), mine];
  return { signatures, complete: [...buyers].every((id) => signatures.some((s) => s.by === id)) };
}

/** Today's total of a cart that opens again, with a notice of each signed price that moved. */
async function repricedOnReopening(writer: Writer, data: CartData, before: CartData, now: Date) {
  const today = await priceCart(writer.db, writer.project.id, data);
  const signedPrices = new Map((before.signature?.lines ?? []).map((line) => [line.option, line.price]));
  const names = await optionNames(
    writer.db,
    writer.project.id,
    today.lines.map((line) => line.option),
  );
  const notices = today.lines
    .filter((line) => signedPrices.has(line.option) && signedPrices.get(line.option) !== line.price)
    .map((line) => ({
      option: line.option,
      name: names.get(line.option) ?? '',
      from: signedPrices.get(line.option)!,
      to: line.price,
      at: now.toISOString(),
    }));
  return { total: today.total, priceChanges: withPriceNotices(data, notices) };
}

async function optionNames(db: Db, projectId: string, ids: string[]) {
  const rows = await itemsById(db, projectId, ids);
  return new Map(rows.map((row) => [row.id, String(row.data.name ?? '')]));
}

/**
 * The immutable record of what was approved: exactly what the buyer signed — every line at
 * the price signed, the adjustments, and a total that is their sum (docs/selection-rules.md,
 * "Prices"). A cart signed before signatures kept their lines is priced as it stands.
 */
async function purchaseOf(writer: Writer, cart: CartData, cartId: string) {
  const signed = cart.signature?.lines
    ? { lines: cart.signature.lines, adjustments: cart.signature.adjustments ?? [] }
    : await priceCart(writer.db, writer.project.id, cart);
  const total =
    signed.lines.reduce((sum, line) => sum + line.price * line.quantity, 0) +
    signed.adjustments.reduce((sum, a) => sum + a.amount, 0);
  return {
    cart: cartId,
    unit: cart.unit,
    buyer: cart.owner,
    lines: signed.lines,
    adjustments: signed.adjustments,
    total,
    currency: writer.project.currency,
    approvedBy: writer.actorId,
    approvedAt: writer.now.toISOString(),
    revision: cart.revision ?? 1,
  };
}

/**
 * The required choices a cart still lacks: how many, and in words by category ("Flooring (Kitchen,
 * Bath)"), by the same rules
 * that refuse its submission: what its buyers must choose before they can sign (docs/selection-rules.md).
 */
export async function missingChoicesOf({
  db,
  projectId,
  cartId,
  language,
}: {
  db: Db;
  projectId: string;
  cartId: string;
  language?: Language;
}) {
  const row = await cartPlanOf(db, projectId, cartId);
  if (!row) return { count: 0, list: [] };
  const cart = row.data as Record<string, unknown> & { selections: Selection[] };
  const [categories, context, plan] = await Promise.all([
    allCategories(db, projectId, language),
    ruleContextFor(db, projectId, cart),
    planRooms(db, projectId, row.plan_id, language),
  ]);
  const missing = missingRequired(cart.selections, { options: context.options, categories, planRooms: plan.rooms });
  return { count: missing.length, list: describeMissing(missing, (room) => plan.names.get(room)) };
}

/**
 * What the buyer's home page shows about a cart, computed with the same rules the server
 * enforces: the unit and its plan, progress through the required categories, the total,
 * the deposit, the allowances, and the status as it stands now (locked after the deadline).
 */
export async function cartSummaries({
  db,
  scope,
  language,
  now = new Date(),
}: {
  db: Db;
  scope: Promise<Scope>;
  language?: Language;
  now?: Date;
}) {
  const { project, standing, actor } = await scope;
  if (standing.kind !== 'purchaser' && standing.kind !== 'manager' && standing.kind !== 'admin') {
    readPlan((await resolveCollection(db, project.id, 'carts'))!, standing, project.id);
  }
  // "Mine" means the carts of the caller's own units, also for managers who are buyers too.
  const mine = await cartsOfBuyer(db, project.id, actor!.userId);
  const categories = await allCategories(db, project.id, language);
  const depositPercent = typeof project.options.depositPercent === 'number' ? project.options.depositPercent : 0;
  const summaries = [];
  // The project's room names, read once and only when a summary names a room.
  let roomNames: Map<string, string> | undefined;
  for (const row of mine) {
    const cart = row.data as Record<string, unknown> & {
      status: CartStatus;
      deadline: string | null;
      selections: Selection[];
      total: number;
    };
    const context = await ruleContextFor(db, project.id, cart);
    const rooms = row.plan && Array.isArray(row.plan.rooms) ? (row.plan.rooms as string[]) : null;
    const required = requiredChoices({ categories, planRooms: rooms });
    const missing = missingRequired(cart.selections, { options: context.options, categories, planRooms: rooms });
    if (missing.some((m) => m.room !== null)) roomNames ??= (await planRooms(db, project.id, null, language)).names;
    summaries.push({
      _id: row.id,
      _version: row.version,
      status: effectiveStatus(cart, now),
      deadline: cart.deadline,
      total: cart.total,
      deposit: Math.round((cart.total * depositPercent) / 100),
      depositPercent,
      selections: cart.selections.length,
      progress: {
        done: required.length - missing.length,
        total: required.length,
        missing: describeMissing(missing, (room) => roomNames?.get(room)),
      },
      unit: {
        _id: String(cart.unit),
        name: String(row.unit?.name ?? ''),
        floor: Number(row.unit?.floor ?? 0),
        area: typeof row.unit?.area === 'number' ? row.unit.area : null,
      },
      plan: row.plan
        ? {
            _id: String(row.plan_id),
            name: fieldIn(row.plan, language),
            bedrooms: Number(row.plan.bedrooms ?? 0),
            bathrooms: Number(row.plan.bathrooms ?? 0),
            rooms: Array.isArray(row.plan.rooms) ? (row.plan.rooms as string[]) : [],
            // The floor-plan picture of the minimap, when an administrator gave the plan one.
            minimap: typeof row.plan.minimap === 'string' ? row.plan.minimap : null,
          }
        : null,
    });
  }
  return summaries;
}

/**
 * Adds (an amount) or takes off (null) the fee of an extra meeting with the design centre
 * (docs/appointments.md, "Fees"): its own line beside the change orders' fees, in the total at
 * once. Only an open draft changes; a signed selection keeps what it was signed for. Answers
 * whether the selection changed.
 */
export async function setAppointmentFee(
  db: Db,
  {
    hooks,
    project,
    actorId,
    cartId,
    appointment,
    amount,
  }: {
    hooks: HookRegistry;
    project: Scope['project'];
    actorId: string | null;
    cartId: string;
    appointment: string;
    amount: number | null;
  },
): Promise<boolean> {
  let changed = false;
  await withWrites(db, { project, actorId, origin: 'server', hooks, now: new Date() }, (writer) =>
    updateItem(writer, 'carts', cartId, (cart) => {
      const data = cart.data as CartData;
      if (effectiveStatus(data, new Date()) !== 'draft') return data;
      const before = data.fees ?? [];
      const others = before.filter((fee) => fee.appointment !== appointment);
      const fees = amount ? [...others, { label: message('cart.appointment-fee'), amount, appointment }] : others;
      const sum = (list: Array<{ amount: number }>) => list.reduce((total, fee) => total + fee.amount, 0);
      changed = fees.length !== before.length || sum(fees) !== sum(before);
      return changed ? { ...data, fees, total: Number(data.total) + sum(fees) - sum(before) } : data;
    }),
  );
  return changed;
}
