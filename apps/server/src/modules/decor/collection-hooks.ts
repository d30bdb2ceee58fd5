import type { Db } from '../../db/client.ts';
import type { ProjectRow } from '../projects/index.ts';
import type { ResolvedCollection } from './collections.registry.ts';

/**
 * Collection hooks: what is special about one collection, kept beside the module it belongs
 * to and registered with the engine at start-up (docs/architecture.md, "One write path").
 * The engine calls them on every write of that collection, whoever writes it: the API, a
 * cart's transition, a price change, an import. The engine itself names no collection.
 */

export type WriteOperation = 'create' | 'update' | 'delete';

/**
 * Who caused a write: a person through the collection API, as the item's owner (a buyer
 * editing their cart) or as the project's staff, or the server itself (a transition, a
 * repricing, a redemption) after checking its own rules, or an import of a project bundle
 * (`import`): the items as another project kept them, restored as they were (a signed cart
 * keeps its total) and announcing nothing to anyone (no mail).
 */
export type WriteOrigin = 'owner' | 'staff' | 'server' | 'import';

export type Document = Record<string, unknown>;

export interface HookArgs {
  /** The open transaction: whatever a hook reads or writes commits or rolls back with the change. */
  db: Db;
  project: ProjectRow;
  collection: ResolvedCollection;
  operation: WriteOperation;
  origin: WriteOrigin;
  actorId: string | null;
  now: Date;
  /** The item as stored before this change (null when it is being created). */
  previous: Document | null;
  /** Runs once the transaction has committed (mail, notices), given the database outside it; never delays or undoes the write. */
  afterCommit(task: (db: Db) => Promise<unknown>): void;
}

export interface CollectionHooks {
  /** Before schema validation: drop or fill what the client may not set. Returns the data to validate. */
  beforeValidate?(args: HookArgs & { data: Document }): Document | Promise<Document>;
  /** After validation and the reference check: enforce the collection's rules, compute derived fields. */
  beforeChange?(args: HookArgs & { data: Document }): Document | Promise<Document>;
  /** After the row and its audit entry are written, in the same transaction (`data` is null after a delete). */
  afterChange?(args: HookArgs & { id: string; data: Document | null }): void | Promise<void>;
  /**
   * After an update written in a transaction of its own (a transition such as a cart's
   * submission or approval), in that transaction. Unlike `afterChange`, having one does not send
   * every plain update through the locked path: for what only transitions change (a status, a
   * signature), so a buyer's every choice stays on the fast path.
   */
  afterLockedUpdate?(args: HookArgs & { id: string; data: Document }): void | Promise<void>;
  /**
   * Once the change has committed (mail, notices): `db` is then the database outside any
   * transaction. It cannot undo the change, and a failure is only logged.
   */
  afterCommit?(args: HookArgs & { id: string; data: Document | null }): void | Promise<void>;
  /** Before a delete, with the item as stored: throw to refuse it. */
  beforeDelete?(args: HookArgs & { id: string }): void | Promise<void>;
}

type HookName = keyof CollectionHooks;

/** The hooks of every collection, for one server. Several modules may hook the same collection; they run in order of registration. */
export class HookRegistry {
  private readonly byCollection = new Map<string, CollectionHooks[]>();

  /**
   * Where the writes through these hooks report what failed after their commit (a mail): the
   * app's log. A write never fails for it, and never loses it without a line.
   */
  constructor(
    readonly log: { error(details: object, message: string): void } = {
      error: (details, message) => console.error(message, details),
    },
  ) {}

  /** Adds hooks for a collection; returns a function that removes them again. */
  register(collection: string, hooks: CollectionHooks): () => void {
    const list = this.byCollection.get(collection) ?? [];
    list.push(hooks);
    this.byCollection.set(collection, list);
    return () => {
      const current = this.byCollection.get(collection) ?? [];
      this.byCollection.set(
        collection,
        current.filter((entry) => entry !== hooks),
      );
    };
  }

  /** Whether any module hooks this moment of the collection. */
  has(collection: string, name: HookName): boolean {
    return (this.byCollection.get(collection) ?? []).some((hooks) => hooks[name] !== undefined);
  }

  /** Passes the data through each hook of this name in turn. */
  async transform(name: 'beforeValidate' | 'beforeChange', args: HookArgs & { data: Document }): Promise<Document> {
    let data = args.data;
    for (const hooks of this.byCollection.get(args.collection.name) ?? []) {
      const hook = hooks[name];
      if (hook) data = await hook({ ...args, data });
    }
    return data;
  }

  async run<N extends Exclude<HookName, 'beforeValidate' | 'beforeChange'>>(
    name: N,
    args: Parameters<NonNullable<CollectionHooks[N]>>[0],
  ): Promise<void> {
    for (const hooks of this.byCollection.get(args.collection.name) ?? []) {
      const hook = hooks[name] as ((a: typeof args) => void | Promise<void>) | undefined;
      if (hook) await hook(args);
    }
  }
}
