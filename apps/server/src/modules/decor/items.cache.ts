import type { FeedEvent } from '../../db/change-feed.ts';

/**
 * Pages and items of a collection as everyone of one kind sees them — a visitor's view of
 * the catalogue, or the whole items staff see — kept as the JSON text PostgreSQL built
 * (docs/architecture.md, "Change feed"). Nothing that depends on who asks (a buyer's own
 * carts, an owner's view of a unit) is kept. Any committed change to a collection, on any
 * server, drops everything kept for it; a read that started before the change is not kept.
 */

const MAX_ENTRIES = 1_000;

interface Shelf {
  /** Bumped by every change: a read that began under an older generation is not kept. */
  generation: number;
  entries: Map<string, Promise<string | null>>;
}

const shelves = new Map<string, Shelf>();
let size = 0;

const shelfKey = (projectId: string, collection: string) => `${projectId}\u0000${collection}`;

function shelfOf(projectId: string, collection: string): Shelf {
  const key = shelfKey(projectId, collection);
  let shelf = shelves.get(key);
  if (!shelf) {
    shelf = { generation: 0, entries: new Map() };
    shelves.set(key, shelf);
  }
  return shelf;
}

function forget(shelf: Shelf) {
  size -= shelf.entries.size;
  shelf.entries.clear();
  shelf.generation++;
}

/** The kept answer for this read, or `load`'s (kept unless the collection changed meanwhile). */
export function cachedRead(projectId: string, collection: string, key: string, load: () => Promise<string | null>): Promise<string | null> {
  const shelf = shelfOf(projectId, collection);
  const hit = shelf.entries.get(key);
  if (hit) return hit;
  const generation = shelf.generation;
  const value = load();
  value.then(
    () => {
      if (shelf.generation !== generation || shelf.entries.has(key)) return;
      if (size >= MAX_ENTRIES) {
        // Make room: drop the oldest shelf's entries (collections read least recently filled).
        const [, oldest] = shelves.entries().next().value as [string, Shelf];
        forget(oldest);
      }
      shelf.entries.set(key, value);
      size++;
    },
    () => {},
  );
  return value;
}

/** Drops what is kept of one collection (this server's own writes, the moment they commit). */
export function forgetReads(projectId: string, collection: string): void {
  const shelf = shelves.get(shelfKey(projectId, collection));
  if (shelf) forget(shelf);
}

/** Keeps what is kept exact: drops a collection's reads when it changes, a project's when its definitions do, everything after a gap in the feed. */
export function onItemsChange(event: FeedEvent): void {
  if (event.op === 'reset') {
    for (const shelf of shelves.values()) forget(shelf);
    return;
  }
  if (event.collection === '$collections' || event.collection === '$project') {
    for (const [key, shelf] of shelves) if (key.startsWith(`${event.project}\u0000`)) forget(shelf);
    return;
  }
  const shelf = shelves.get(shelfKey(event.project, event.collection));
  if (shelf) forget(shelf);
}
