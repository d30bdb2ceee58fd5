/**
 * Run by config.test.ts in a child process with `--expose-gc`: objects that live long enough to
 * reach V8's old generation keep dying there beside a fixed live set, with the server's bound on
 * heap growth (the argument: a HEAP_GROWTH_PERCENT) or V8's own ("none"). Prints the largest heap
 * V8 held and what a full collection keeps at the end, in bytes.
 */
import v8 from 'node:v8';
import { limitHeapGrowth } from '../../src/lib/heap.ts';

const percent = process.argv[2];
if (percent !== 'none') limitHeapGrowth({ heapGrowthPercent: Number(percent) });

const live = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `${'x'.repeat(64)}${i}` }));
// Each object stays in the ring for 250,000 more allocations: through two young collections,
// into the old generation, where it dies.
const ring: unknown[] = Array.from({ length: 250_000 });
let largest = 0;
for (let k = 0; k < 2_000_000; k++) {
  ring[k % ring.length] = { k, text: `${'y'.repeat(32)}${k}`, pair: [k, k + 1] };
  if (k % 5_000 === 0) largest = Math.max(largest, v8.getHeapStatistics().total_heap_size);
}
(globalThis as unknown as { gc(): void }).gc();
const kept = v8.getHeapStatistics().used_heap_size;
// Both sets are read after the collection, so it kept them: `kept` is the live set and the ring.
process.stdout.write(JSON.stringify({ largest, kept, objects: live.length + ring.length }));
