import type { FeedEvent } from '../../db/change-feed.ts';

/**
 * Pages and items of a collection as everyone of one kind sees them — a visitor's view of
 * the catalogue, or the whole items staff see — kept as the JSON text PostgreSQL built
 * (docs/architecture.md, "Change feed"). Nothing that depends on who asks (a buyer's own
 * carts, an owner's view of a unit) is kept. Any committed change to a collection, on any
 * server, drops everything kept for it; a read that started before the change is not kept.
 *
 * Bounded in bytes, not entries (docs/architecture.md, "Memory"): at most MAX_BYTES of text,
 * the least recently read dropped first. A read is kept only when it is asked a second time
 * within the last MAX_SEEN distinct reads: a crawler walking every page once fills nothing.
 */

/** What the kept text may take, counting 2 bytes a character (V8's widest strings). */
export const MAX_BYTES = 32 * 1024 * 1024;
/** How many distinct reads are remembered as asked once. */
const MAX_SEEN = 20_000;

interface Shelf {
  /** Bumped by every change: a read that began under an older generation is not kept. */
  generation: number;
  keys: Set<string>;
}

interface Entry {
  shelf: Shelf;
  value: Promise<string | null>;
  bytes: number;
}

const shelves = new Map<string, Shelf>();
/** Every kept read by its full key, least recently read first. */
const entries = new Map<string, Entry>();
const seen = new Set<string>();
let bytes = 0;

const shelfKey = (projectId: string, collection: string) => `${projectId}\u0000${collection}`;

function shelfOf(key: string): Shelf {
  let shelf = shelves.get(key);
  if (!shelf) {
    shelf = { generation: 0, keys: new Set() };
    shelves.set(key, shelf);
  }
  return shelf;
}

function drop(fullKey: string) {
  const entry = entries.get(fullKey);
  if (!entry) return;
  entries.delete(fullKey);
  entry.shelf.keys.delete(fullKey);
  bytes -= entry.bytes;
}

function forget(shelf: Shelf) {
  for (const fullKey of shelf.keys) drop(fullKey);
  shelf.generation++;
}

/** Whether this read was asked before (and remembers that it now was). */
function askedBefore(fullKey: string): boolean {
  if (seen.delete(fullKey)) return true;
  seen.add(fullKey);
  if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value!);
  return false;
}

function keep(shelf: Shelf, fullKey: string, value: Promise<string | null>, text: string | null) {
  const size = (text?.length ?? 0) * 2 + fullKey.length * 2;
  if (size > MAX_BYTES / 8) return;
  while (bytes + size > MAX_BYTES) drop(entries.keys().next().value!);
  entries.set(fullKey, { shelf, value, bytes: size });
  shelf.keys.add(fullKey);
  bytes += size;
}

/** The kept answer for this read, or `load`'s (kept unless the collection changed meanwhile). */
export function cachedRead(projectId: string, collection: string, key: string, load: () => Promise<string | null>): Promise<string | null> {
  const sk = shelfKey(projectId, collection);
  const fullKey = `${sk}\u0000${key}`;
  const hit = entries.get(fullKey);
  if (hit) {
    // Read again: the most recent now.
    entries.delete(fullKey);
    entries.set(fullKey, hit);
    return hit.value;
  }
  const shelf = shelfOf(sk);
  const generation = shelf.generation;
  const value = load();
  if (!askedBefore(fullKey)) return value;
  value.then(
    (text) => {
      if (shelf.generation === generation && !entries.has(fullKey)) keep(shelf, fullKey, value, text);
    },
    () => {},
  );
  return value;
}

/** What is kept now: entries and bytes (tests, metrics). */
export function keptSize(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes };
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
