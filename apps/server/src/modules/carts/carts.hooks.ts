import { buyerEditRefusal, fail, type CartStatus } from '@decor/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import type { Document, HookArgs, HookRegistry } from '../decor/index.ts';
import type { Writer } from '../decor/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  confirmSignatureToBuyers,
  notifyBuyersOfDecision,
  notifyBuyersOfVoidedSignatures,
  notifyManagersOfSubmission,
} from './carts.notices.ts';
import type { CartData } from './carts.document.ts';
import { repriceDraftCarts } from './carts.pricing.ts';
import { enforceCartRules, totalOf } from './carts.rules.ts';

/**
 * What the engine must do whenever a cart, an option or a package is written, whoever writes
 * it (docs/selection-rules.md): a cart keeps the rules and carries the server's total; a
 * submitted cart tells the managers; a price change reprices the open carts that use it.
 */

export interface CartHookDeps {
  mailer: Mailer;
  config: Pick<Config, 'portalHost' | 'portalUrl'>;
  log?: FastifyBaseLogger;
}

/** The choices that make a cart's price and rules: its option lines and its package. */
function choicesOf(cart: Document | null) {
  return JSON.stringify([cart?.selections ?? [], cart?.package ?? null]);
}

const signaturesOf = (cart: Document | null) => (Array.isArray(cart?.signatures) ? (cart.signatures as unknown[]) : []);

/** Whether a write sets aside the signatures given so far: the choices changed, or the selection opened again. */
function voidsSignatures(previous: Document | null, data: Document) {
  if (!signaturesOf(previous).length) return false;
  return choicesOf(previous) !== choicesOf(data) || (data.status === 'draft' && previous?.status !== 'draft');
}

type HistoryEntry = { action?: string; by: string; byName?: string; comment?: string; fee?: number; deadline?: string };
const DECISIONS = new Set(['approve', 'return', 'reopen', 'extend']);

/** The design centre's decision this write added to a cart's history, if it added one. */
function newDecision(previous: Document | null, data: Document | null) {
  const before = ((previous?.history as HistoryEntry[] | undefined) ?? []).length;
  const history = (data?.history as HistoryEntry[] | undefined) ?? [];
  const last = history.length > before ? history[history.length - 1] : undefined;
  if (!last?.action || !DECISIONS.has(last.action)) return null;
  return { ...last, action: last.action as 'approve' | 'return' | 'reopen' | 'extend' };
}

export function registerCartHooks(hooks: HookRegistry, { mailer, config, log }: CartHookDeps): void {
  hooks.register('carts', {
    beforeValidate({ origin, previous, data, now }) {
      // A buyer edits only an open draft (the total a client sends is dropped before: it is a server field).
      if (origin === 'owner' && previous) {
        const refusal = buyerEditRefusal(previous as { status: CartStatus; deadline: string | null }, now);
        if (refusal) throw fail('locked', refusal);
      }
      return data;
    },
    async beforeChange({ db, project, origin, operation, previous, data }) {
      // A project bundle's carts arrive as they were kept: a signed one keeps the total it was signed for.
      if (origin === 'import') return data;
      // Signatures given together are of the choices as they were: a change, or the selection
      // opening again, sets them aside (docs/selection-rules.md, "Signing together").
      if (voidsSignatures(previous, data)) data = { ...data, signatures: [] };
      // The server's own writes (a transition, a repricing) keep their total unless the choices move.
      if (origin === 'server' && operation === 'update' && choicesOf(previous) === choicesOf(data)) return data;
      const context = await enforceCartRules(db, project.id, data);
      return { ...data, total: totalOf(data, context) };
    },
    afterCommit({ db, project, origin, previous, data, id }) {
      // A copied project tells nobody of the carts it arrives with.
      if (origin === 'import') return;
      if (data?.status === 'draft' && choicesOf(previous) !== choicesOf(data) && signaturesOf(previous).length) {
        const cart = { _id: id, unit: String(data.unit), owner: (data.owner as string | undefined) ?? null };
        return notifyBuyersOfVoidedSignatures({
          db,
          mailer,
          project,
          origin: projectOrigin(config, project.key),
          cart,
        }).then(
          () => undefined,
          (error: unknown) => log?.warn({ err: error }, 'the buyers could not be told their signatures were set aside'),
        );
      }
      const decision = newDecision(previous, data);
      if (decision && data) {
        const cart = {
          _id: id,
          unit: String(data.unit),
          owner: (data.owner as string | undefined) ?? null,
          total: Number(data.total),
        };
        // A change order always has a deadline to say: the one given, else the one it opened with (docs/back-office.md).
        const entry =
          decision.action === 'reopen' && !decision.deadline && typeof data.deadline === 'string'
            ? { ...decision, deadline: data.deadline }
            : decision;
        return notifyBuyersOfDecision({
          db,
          mailer,
          project,
          origin: projectOrigin(config, project.key),
          cart,
          entry,
        }).then(
          () => undefined,
          (error: unknown) =>
            log?.warn({ err: error }, 'the buyers could not be told of a decision on their selection'),
        );
      }
      if (data?.status !== 'submitted' || previous?.status === 'submitted') return;
      // The buyers get their signed summary; the managers are told it waits for them.
      void confirmSignatureToBuyers({
        db,
        mailer,
        project,
        origin: projectOrigin(config, project.key),
        cartId: id,
        cart: data as CartData,
      }).catch((error: unknown) => log?.warn({ err: error }, 'the signed summary could not be sent to the buyers'));
      const cart = {
        _id: id,
        unit: String(data.unit),
        total: Number(data.total),
        signature: data.signature as { name: string } | null,
      };
      return notifyManagersOfSubmission({
        db,
        mailer,
        project,
        origin: projectOrigin(config, project.key),
        cart,
      }).catch((error: unknown) => log?.warn({ err: error }, 'the submission notice could not be sent'));
    },
  });

  // A catalogue price change reprices the open carts that use it (docs/selection-rules.md, "Prices").
  hooks.register('options', {
    async afterChange(args) {
      const { previous, data, id } = args;
      const from = Number(previous?.price ?? 0);
      const to = Number(data?.price ?? 0);
      if (!previous || !data || from === to) return;
      await repriceDraftCarts(writerOf(args), { changes: [{ option: id, name: String(data.name ?? ''), from, to }] });
    },
  });
  hooks.register('packages', {
    async afterChange(args) {
      const { previous, data, id } = args;
      if (!previous || !data) return;
      if (previous.priceAdjustment === data.priceAdjustment && previous.name === data.name) return;
      await repriceDraftCarts(writerOf(args), { packageIds: [id] });
    },
  });

  /** Repricing is the server's own write, in the same transaction, by the person whose change caused it. */
  function writerOf({ db, project, actorId, now, afterCommit }: HookArgs): Writer {
    return { db, project, actorId, now, afterCommit, hooks, origin: 'server' as const };
  }
}
