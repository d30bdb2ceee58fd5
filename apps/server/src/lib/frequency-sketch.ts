/**
 * How often each key was asked lately, approximately, in fixed memory: a count-min sketch
 * (docs/performance.md, "Memory"). Each key counts in four cells of one byte array, and its
 * frequency is the least of the four, so a collision can only make a key look more asked,
 * never less. Counts stop at 15, and all are halved after `agesAfter` additions, so what was
 * asked long ago weighs less than what is asked now.
 *
 * The hash is seeded per process: nobody outside can pick keys that share cells.
 */
export class FrequencySketch {
  private readonly cells: Uint8Array;
  private readonly mask: number;
  private readonly seed = (Math.random() * 0x1_0000_0000) >>> 0;
  private additions = 0;

  /** `width` cells (rounded up to a power of two), halved after `agesAfter()` additions (asked again at each addition). */
  constructor(
    width: number,
    private readonly agesAfter: () => number,
  ) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(width, 64)));
    this.cells = new Uint8Array(size);
    this.mask = size - 1;
  }

  /** FNV-1a over the key's parts, then a second hash for the other cells (double hashing). */
  private hashes(parts: readonly string[]): [number, number] {
    let h = (0x811c9dc5 ^ this.seed) >>> 0;
    for (const part of parts) {
      for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
      h = Math.imul(h ^ 0xff, 0x01000193);
    }
    const second = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) | 1;
    return [h >>> 0, second >>> 0];
  }

  /** Counts one more ask of the key made of `parts`. */
  add(...parts: string[]): void {
    const [first, second] = this.hashes(parts);
    for (let i = 0; i < 4; i++) {
      const cell = (first + i * second) & this.mask;
      if (this.cells[cell]! < 15) this.cells[cell]!++;
    }
    if (++this.additions >= this.agesAfter()) this.age();
  }

  /** How often the key made of `parts` was asked lately: at least the true count, at most 15. */
  frequency(...parts: string[]): number {
    const [first, second] = this.hashes(parts);
    let least = 15;
    for (let i = 0; i < 4; i++) least = Math.min(least, this.cells[(first + i * second) & this.mask]!);
    return least;
  }

  /** Forgets every count, as if nothing had been asked (tests that need a known start). */
  clear(): void {
    this.cells.fill(0);
    this.additions = 0;
  }

  private age(): void {
    for (let i = 0; i < this.cells.length; i++) this.cells[i]! >>= 1;
    this.additions = 0;
  }
}
