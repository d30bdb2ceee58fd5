import { WEBHOOK_EVENTS, WEBHOOK_RETRY_FOR_MS, type WebhookEventType } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { CollectionHooks, Document, HookRegistry } from '../decor/index.ts';
import { documentOf } from '../decor/index.ts';
import { insertEvent } from './webhooks.repo.ts';

/**
 * The events of docs/integrations.md, recorded in the outbox in the transaction of the change
 * that raises them: a write that rolls back raises nothing, one that commits raises each event
 * once, whichever server made it.
 */

export interface EventInput {
  projectId: string;
  type: WebhookEventType;
  /** What the event's order is kept per (`selection:<id>`): a selection's payments follow its own events. */
  resource: string;
  /** The resource as the API answers it to the project's managers (no staff note, no secret). */
  object: Record<string, unknown>;
  previous?: Record<string, unknown>;
  signer?: { id: string; name: string; signedAt: string };
}

/** Records an event for every endpoint of the project that asks for it, in `db`'s transaction. */
export async function recordEvent(db: Db, input: EventInput): Promise<string> {
  return insertEvent(db, {
    projectId: input.projectId,
    type: input.type,
    version: WEBHOOK_EVENTS[input.type].version,
    resource: input.resource,
    data: {
      object: input.object,
      ...(input.previous ? { previous: input.previous } : {}),
      ...(input.signer ? { signer: input.signer } : {}),
    },
    retryForMs: WEBHOOK_RETRY_FOR_MS,
  });
}

/** Fields of an item no delivery carries: the sales team's own notes on a lead. */
const STAFF_FIELDS: Record<string, readonly string[]> = { leads: ['notes'] };

async function objectOf(db: Db, projectId: string, collection: string, id: string) {
  const object = JSON.parse(await documentOf(db, projectId, collection, id)) as Record<string, unknown>;
  for (const field of STAFF_FIELDS[collection] ?? []) delete object[field];
  return object;
}

const sameSet = (a: unknown, b: unknown) => {
  const left = new Set(Array.isArray(a) ? a.map(String) : []);
  const right = new Set(Array.isArray(b) ? b.map(String) : []);
  return left.size === right.size && [...left].every((value) => right.has(value));
};

interface Signature {
  by?: string;
  name?: string;
  signedAt?: string;
}

/** Who signed in this change: each new entry of `signatures`, or the one `signature` where one buyer signs for all. */
function newSigners(previous: Document | null, data: Document, actorId: string | null) {
  const before = new Set(((previous?.signatures as Signature[] | undefined) ?? []).map((s) => `${s.by}|${s.signedAt}`));
  const listed = ((data.signatures as Signature[] | undefined) ?? []).filter(
    (s) => !before.has(`${s.by}|${s.signedAt}`),
  );
  if (listed.length)
    return listed.map((s) => ({
      id: String(s.by ?? ''),
      name: String(s.name ?? ''),
      signedAt: String(s.signedAt ?? ''),
    }));
  const signature = data.signature as Signature | null | undefined;
  const was = previous?.signature as Signature | null | undefined;
  if (
    signature?.signedAt &&
    signature.signedAt !== was?.signedAt &&
    !(data.signatures as unknown[] | undefined)?.length
  )
    return [{ id: actorId ?? '', name: String(signature.name ?? ''), signedAt: signature.signedAt }];
  return [];
}

/** A selection's transition: which events it raises, in the order they happened. */
function selectionEvents(previous: Document | null, data: Document, actorId: string | null) {
  const events: Array<{ type: WebhookEventType; signer?: { id: string; name: string; signedAt: string } }> = [];
  for (const signer of newSigners(previous, data, actorId)) events.push({ type: 'selection.signed', signer });
  const [from, to] = [previous?.status, data.status];
  if (from !== to) {
    if (to === 'submitted') events.push({ type: 'selection.submitted' });
    else if (to === 'approved') events.push({ type: 'selection.approved' });
    else if (to === 'draft' && from === 'submitted') events.push({ type: 'selection.returned' });
    else if (to === 'draft' && from === 'approved') events.push({ type: 'selection.reopened' });
  }
  return events;
}

/**
 * The collection hooks that raise events. Selections raise theirs on transitions only (a hook of
 * the locked path), so a buyer's every choice stays on the fast path; units, leads and comments
 * are written rarely enough that every write of theirs commits with its events.
 */
export function registerEventHooks(hooks: HookRegistry): void {
  const unless = (origin: string) => origin === 'import';
  const selections: CollectionHooks = {
    async afterLockedUpdate({ db, project, origin, previous, data, id, actorId }) {
      if (unless(origin)) return;
      const events = selectionEvents(previous, data, actorId);
      if (!events.length) return;
      const object = await objectOf(db, project.id, 'carts', id);
      for (const event of events)
        await recordEvent(db, {
          projectId: project.id,
          type: event.type,
          resource: `selection:${id}`,
          object,
          ...(event.signer ? { signer: event.signer } : {}),
          ...(previous && previous.status !== data.status ? { previous: { status: previous.status } } : {}),
        });
    },
  };
  const units: CollectionHooks = {
    async afterChange({ db, project, origin, operation, previous, data, id }) {
      if (unless(origin) || operation !== 'update' || !data || !previous) return;
      const changes: Array<[WebhookEventType, Record<string, unknown>]> = [];
      if (previous.status !== data.status) changes.push(['unit.status_changed', { status: previous.status ?? null }]);
      if (!sameSet(previous.buyers, data.buyers))
        changes.push(['unit.buyers_changed', { buyers: previous.buyers ?? [] }]);
      if (!changes.length) return;
      const object = await objectOf(db, project.id, 'units', id);
      for (const [type, before] of changes)
        await recordEvent(db, { projectId: project.id, type, resource: `unit:${id}`, object, previous: before });
    },
  };
  const leads: CollectionHooks = {
    async afterChange({ db, project, origin, operation, previous, data, id }) {
      if (unless(origin) || !data || operation === 'delete') return;
      const changes: Array<[WebhookEventType, Record<string, unknown> | undefined]> = [];
      if (operation === 'create') changes.push(['lead.created', undefined]);
      else if (previous) {
        if ((previous.assignee ?? null) !== (data.assignee ?? null))
          changes.push(['lead.assigned', { assignee: previous.assignee ?? null }]);
        if (previous.status !== data.status) changes.push(['lead.status_changed', { status: previous.status }]);
      }
      if (!changes.length) return;
      const object = await objectOf(db, project.id, 'leads', id);
      for (const [type, before] of changes)
        await recordEvent(db, {
          projectId: project.id,
          type,
          resource: `lead:${id}`,
          object,
          ...(before ? { previous: before } : {}),
        });
    },
  };
  const comments: CollectionHooks = {
    async afterChange({ db, project, origin, operation, id }) {
      if (unless(origin) || operation !== 'create') return;
      await recordEvent(db, {
        projectId: project.id,
        type: 'comment.created',
        resource: `comment:${id}`,
        object: await objectOf(db, project.id, 'comments', id),
      });
    },
  };
  hooks.register('carts', selections);
  hooks.register('units', units);
  hooks.register('leads', leads);
  hooks.register('comments', comments);
}

/** What a delivery carries of a comment for an endpoint that did not ask for messages' text. */
export function withoutCommentText(data: Record<string, unknown>): Record<string, unknown> {
  const object = { ...(data.object as Record<string, unknown>) };
  delete object.body;
  delete object.mentions;
  return { ...data, object };
}
