/**
 * Coalesced queries (docs/performance.md, "Round trips"): the same query, asked by several
 * requests in one turn of the event loop, runs once for all of them, each request's own
 * argument in an array parameter. Under load one round trip answers many requests; alone, a
 * request waits for nothing but the end of the current turn (setImmediate). Each request still
 * gets exactly its own answer, read when the query runs: nothing is kept between turns. When
 * the shared query fails, each request is asked again on its own, so that one request's bad
 * argument fails only that request.
 */

/** How many requests one query answers at most; more wait for the next. */
export const MAX_COALESCED = 16;

interface Waiting<A, R> {
  arg: A;
  resolve(value: R): void;
  reject(error: unknown): void;
}

interface Group<A, R> {
  waiting: Array<Waiting<A, R>>;
  run(args: A[]): Promise<R[]>;
}

/**
 * This turn's groups. Each turn gets a new Map instead of clearing this one: V8 gives a
 * cleared long-lived Map its new table in the old generation and leaves the old table's
 * entries in place, so every answer of every turn stayed reachable for young-generation
 * collections until the next full one (docs/performance.md, "Memory").
 */
let groups = new Map<string, Group<unknown, unknown>>();
let scheduled = false;

function flush() {
  scheduled = false;
  const ready = groups;
  groups = new Map();
  for (const group of ready.values()) {
    for (let start = 0; start < group.waiting.length; start += MAX_COALESCED) {
      const batch = group.waiting.slice(start, start + MAX_COALESCED);
      group.run(batch.map((w) => w.arg)).then(
        (results) => batch.forEach((w, i) => w.resolve(results[i])),
        (error: unknown) => {
          if (batch.length === 1) return batch[0]!.reject(error);
          // One request's argument may be what failed: each is asked again on its own, so that only it fails.
          for (const w of batch) group.run([w.arg]).then((results) => w.resolve(results[0]), w.reject);
        },
      );
    }
  }
}

/**
 * Asks `run` for `arg`'s answer together with every other request of the same `key` in this
 * turn. `run` answers one result per argument, in their order; the key must name everything
 * the query depends on besides the argument (its text and its other parameters).
 */
export function coalesced<A, R>(key: string, arg: A, run: (args: A[]) => Promise<R[]>): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let group = groups.get(key) as Group<A, R> | undefined;
    if (!group) {
      group = { waiting: [], run };
      groups.set(key, group as Group<unknown, unknown>);
    }
    group.waiting.push({ arg, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}
