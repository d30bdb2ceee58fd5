import type { FeedEvent } from '../../db/change-feed.ts';
import { FrequencySketch } from '../../lib/frequency-sketch.ts';

/**
 * Pages and items of a collection as everyone of one kind sees them — a visitor's view of
 * the catalogue, or the whole items staff see — kept as the JSON text PostgreSQL built
 * (docs/architecture.md, "Change feed"). Nothing that depends on who asks (a buyer's own
 * carts, an owner's view of a unit) is kept. Any committed change to a collection, on any
 * server, drops everything kept for it; a read that started before the change is not kept.
 *
 * Bounded in bytes, not entries (docs/performance.md, "Memory"): at most MAX_BYTES of text;
 * the longest kept is dropped first unless it was read since its last turn (a clock). A read is kept only when it is asked a second time
 * within the last MAX_SEEN distinct reads: a crawler walking every page once fills nothing.
 * When the bound is reached, a read takes the place of the one the clock would drop only if it
 * was asked more often lately, and at least twice (a frequency sketch whose "lately" is about
 * ten asks per kept read): reads of more pages than fit, each asked as often as the others,
 * leave what is kept as it is instead of replacing it at every request, and a page many ask
 * now is kept at once, however often the pages kept were asked before.
 */

/** What the kept text may take, counting 2 bytes a character (V8's widest strings). */
export const MAX_BYTES = 32 * 1024 * 1024;
/** How many distinct reads are remembered as asked once. */
const MAX_SEEN = 20_000;
/**
 * How often reads were asked lately: 64 KB, halved every ten asks per kept read (at least
 * every 1,000), so that "lately" is about ten times what is kept: a read asked often now
 * outweighs what was asked often long ago, however many asks that was.
 */
const asked = new FrequencySketch(65_536, () => Math.max(1_000, 10 * order.size));

interface Shelf {
  /** Bumped by every change: a read that began under an older generation is not kept. */
  generation: number;
  entries: Map<string, Entry>;
}

interface Entry {
  shelf: Shelf;
  /** The shelf's key: with `key`, what the frequency sketch counts. */
  shelfKey: string;
  key: string;
  value: Promise<string | null>;
  bytes: number;
  /** Read since it was last passed over for dropping: it gets another turn (the clock's hand). */
  recent: boolean;
}

const shelves = new Map<string, Shelf>();
/** Every kept read, the longest kept first. */
const order = new Set<Entry>();
const seen = new Set<string>();
let bytes = 0;

const shelfKey = (projectId: string, collection: string) => `${projectId}\u0000${collection}`;

function shelfOf(key: string): Shelf {
  let shelf = shelves.get(key);
  if (!shelf) {
    shelf = { generation: 0, entries: new Map() };
    shelves.set(key, shelf);
  }
  return shelf;
}

function drop(entry: Entry) {
  order.delete(entry);
  entry.shelf.entries.delete(entry.key);
  bytes -= entry.bytes;
}

function forget(shelf: Shelf) {
  for (const entry of shelf.entries.values()) drop(entry);
  shelf.generation++;
}

/** Whether this read was asked before among the last MAX_SEEN distinct reads (and remembers that it now was). */
function askedBefore(fullKey: string): boolean {
  if (seen.has(fullKey)) return true;
  seen.add(fullKey);
  if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value!);
  return false;
}

/**
 * Makes room for `size` bytes of a read asked `frequency` times lately: the longest kept go
 * first, unless read since their last turn. Returns false, keeping the one it reached, when
 * that one was asked at least as often as the newcomer, or the newcomer only once lately.
 */
function makeRoom(size: number, frequency: number): boolean {
  for (const entry of order) {
    if (bytes + size <= MAX_BYTES) return true;
    if (!entry.recent && (frequency < 2 || asked.frequency(entry.shelfKey, entry.key) >= frequency)) return false;
    order.delete(entry);
    if (entry.recent) {
      entry.recent = false;
      order.add(entry);
    } else {
      entry.shelf.entries.delete(entry.key);
      bytes -= entry.bytes;
    }
  }
  return bytes + size <= MAX_BYTES;
}

function keep(shelf: Shelf, shelfKey: string, key: string, value: Promise<string | null>, text: string | null) {
  const size = (text?.length ?? 0) * 2 + key.length * 2;
  if (size > MAX_BYTES / 8) return;
  if (!makeRoom(size, asked.frequency(shelfKey, key))) return;
  const entry: Entry = { shelf, shelfKey, key, value, bytes: size, recent: false };
  shelf.entries.set(key, entry);
  order.add(entry);
  bytes += size;
}

/** The kept answer for this read, or `load`'s (kept unless the collection changed meanwhile). */
export function cachedRead(
  projectId: string,
  collection: string,
  key: string,
  load: () => Promise<string | null>,
): Promise<string | null> {
  const sk = shelfKey(projectId, collection);
  const shelf = shelfOf(sk);
  asked.add(sk, key);
  const hit = shelf.entries.get(key);
  if (hit) {
    hit.recent = true;
    return hit.value;
  }
  const generation = shelf.generation;
  const value = load();
  if (!askedBefore(`${sk}\u0000${key}`)) return value;
  value.then(
    (text) => {
      if (shelf.generation === generation && !shelf.entries.has(key)) keep(shelf, sk, key, value, text);
    },
    () => {},
  );
  return value;
}

/** What is kept now: entries and bytes (tests, metrics). */
export function keptSize(): { entries: number; bytes: number } {
  return { entries: order.size, bytes };
}

/**
 * Forgets what is kept and how often each read was asked (tests): the frequencies otherwise carry
 * over from earlier tests, and their halving falls wherever those left the count of asks.
 */
export function startAfresh(): void {
  onItemsChange({ op: 'reset' });
  asked.clear();
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
