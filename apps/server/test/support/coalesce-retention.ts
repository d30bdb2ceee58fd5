/**
 * Run by read-path.test.ts in a child process with `--expose-gc`: how many bytes of what a
 * coalesced turn answered are left in V8's old generation after only young-generation
 * collections, once nothing refers to them any more.
 */
import v8 from 'node:v8';
import { coalesced } from '../../src/db/coalesce.ts';

const gc = (globalThis as unknown as { gc(options?: { type: 'minor' | 'major'; execution: 'sync' }): void }).gc;
const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
const answer = (n: number) => `${n}:${'x'.repeat(100_000)}`;

async function turn() {
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, n) => coalesced('retention', n, async (args: number[]) => args.map(answer))),
  );
  return answers.length;
}

// Warm up: the coalescer's own state lives long enough to be in the old generation, as in a server.
for (let i = 0; i < 5; i++) await turn();
for (let i = 0; i < 3; i++) gc({ type: 'minor', execution: 'sync' });
gc({ type: 'major', execution: 'sync' });

const before = oldSpace();
for (let i = 0; i < 20; i++) {
  for (let j = 0; j < 5; j++) await turn();
  gc({ type: 'minor', execution: 'sync' });
}
gc({ type: 'minor', execution: 'sync' });
gc({ type: 'minor', execution: 'sync' });
process.stdout.write(String(oldSpace() - before));
