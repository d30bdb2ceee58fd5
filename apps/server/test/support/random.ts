/** A repeatable sequence of numbers in [0, 1) from a seed: generated test data that is the same at every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}
