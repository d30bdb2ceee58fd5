/**
 * A small time-limited cache for read-mostly data on hot paths (projects, collection
 * definitions). The change feed drops entries as soon as what they hold changes, on every
 * server; the time limit only bounds how long a change made outside the portal can hide.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose settled value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      void entry.value.then(
        (value) => {
          if (matches(value) && this.entries.get(key) === entry) this.entries.delete(key);
        },
        () => {},
      );
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
