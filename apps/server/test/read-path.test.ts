import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coalesced, MAX_COALESCED } from '../src/db/coalesce.ts';
import { cachedRead, forgetReads, keptSize, MAX_BYTES, startAfresh } from '../src/modules/decor/items.cache.ts';

/**
 * The read path's two helpers on their own, without a database (docs/architecture.md, "Round
 * trips" and "Memory"): reads asked at once share one run; kept reads stay within their bytes.
 */

describe('coalesced reads, the mechanism', () => {
  it('answers each caller in order from one run per key and turn, and runs again on the next turn', async () => {
    const runs: number[][] = [];
    const run = async (args: number[]) => {
      runs.push(args);
      return args.map((n) => n * 10);
    };
    const answers = await Promise.all([1, 2, 3].map((n) => coalesced('tens', n, run)));
    expect(answers).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
    expect(await coalesced('tens', 4, run)).toBe(40);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps different keys apart and splits a crowd into runs of at most MAX_COALESCED', async () => {
    const sizes: Record<string, number[]> = { a: [], b: [] };
    const runFor = (key: 'a' | 'b') => async (args: number[]) => {
      sizes[key]!.push(args.length);
      return args.map((n) => `${key}${n}`);
    };
    const many = Array.from({ length: MAX_COALESCED + 5 }, (_, i) => i);
    const [a, b] = await Promise.all([
      Promise.all(many.map((n) => coalesced('a', n, runFor('a')))),
      coalesced('b', 7, runFor('b')),
    ]);
    expect(a[MAX_COALESCED + 4]).toBe(`a${MAX_COALESCED + 4}`);
    expect(b).toBe('b7');
    expect(sizes).toEqual({ a: [MAX_COALESCED, 5], b: [1] });
  });

  it('leaves nothing of a turn for young-generation collections to keep: its answers never reach the old generation', () => {
    // A child with --expose-gc runs 100 turns of 16 answers of 100 KB, with only young
    // collections between them (support/coalesce-retention.ts). Clearing a long-lived Map
    // left each turn's answers reachable from a dead table in the old generation until the
    // next full collection: 1.5 MB of them stayed, and a server under random pages moved
    // 2.6–3.0 MB to the old generation at each young collection (docs/performance.md, "Memory").
    const root = path.resolve(import.meta.dirname, '../../..');
    const grown = Number(
      execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', 'apps/server/test/support/coalesce-retention.ts'],
        { cwd: root, encoding: 'utf8' },
      ),
    );
    expect(grown).toBeLessThan(300_000);
  });

  it('asks each caller again on its own when a shared run fails, so that only the one at fault fails', async () => {
    const runs: string[][] = [];
    const run = async (args: string[]) => {
      runs.push(args);
      if (args.includes('bad')) throw new Error('invalid input syntax for type uuid');
      return args.map((arg) => arg.toUpperCase());
    };
    const results = await Promise.allSettled([
      coalesced('mixed', 'a', run),
      coalesced('mixed', 'bad', run),
      coalesced('mixed', 'c', run),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('invalid input syntax for type uuid') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(runs).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    const alone = await Promise.allSettled([coalesced('alone', 'bad', run)]);
    expect(alone[0]).toMatchObject({ status: 'rejected' });
  });
});

describe('reads kept between requests, the bounds', () => {
  const project = 'p-bounds';
  let loads = 0;
  const loader = (text: string) => async () => {
    loads++;
    return text;
  };

  it('keeps a read only once it is asked a second time', async () => {
    loads = 0;
    await cachedRead(project, 'rooms', 'once', loader('a'));
    await cachedRead(project, 'rooms', 'once', loader('a'));
    await cachedRead(project, 'rooms', 'once', loader('a'));
    await cachedRead(project, 'rooms', 'once', loader('a'));
    // Asked, asked again (loaded and kept), then served twice from what is kept.
    expect(loads).toBe(2);
  });

  it('does not keep what a change made stale while it was being read', async () => {
    loads = 0;
    await cachedRead(project, 'options', 'racing', loader('old'));
    let finish: (text: string) => void = () => {};
    const slow = cachedRead(project, 'options', 'racing', () => new Promise<string>((resolve) => (finish = resolve)));
    forgetReads(project, 'options');
    finish('old');
    expect(await slow).toBe('old');
    expect(await cachedRead(project, 'options', 'racing', loader('new'))).toBe('new');
  });

  it('holds at most MAX_BYTES; a read asked more often takes the place of the least recently read', async () => {
    startAfresh(); // nothing kept, and nothing counted, from the tests before
    const big = 'x'.repeat(MAX_BYTES / 2 / 10); // a tenth of the bound, at 2 bytes a character
    const ask = async (key: string) => {
      await cachedRead(project, 'units', key, loader(big));
      await cachedRead(project, 'units', key, loader(big));
    };
    for (let i = 0; i < 9; i++) await ask(`page ${i}`);
    loads = 0;
    await cachedRead(project, 'units', 'page 0', loader(big)); // read again: now the most recent
    expect(loads).toBe(0);
    // Page 9 has been asked as often as page 1, the one the clock would drop: it is not kept.
    await ask('page 9');
    loads = 0;
    await cachedRead(project, 'units', 'page 9', loader(big));
    expect(loads).toBe(1);
    expect(keptSize().bytes).toBeLessThanOrEqual(MAX_BYTES);
    // Asked a third time, it is asked more often than page 1 and takes its place; page 0, read since, stays.
    loads = 0;
    await cachedRead(project, 'units', 'page 9', loader(big));
    await cachedRead(project, 'units', 'page 0', loader(big));
    expect(loads).toBe(0);
    await cachedRead(project, 'units', 'page 1', loader(big));
    expect(loads).toBe(1);
    expect(keptSize().bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('keeps what it keeps when more pages than fit are asked in turn, instead of replacing one at every read', async () => {
    startAfresh();
    const page = 'z'.repeat(MAX_BYTES / 2 / 20); // a twentieth of the bound
    const loaded = new Set<string>();
    const round = async () => {
      loaded.clear();
      for (let i = 0; i < 60; i++) {
        const key = `turn ${i}`;
        await cachedRead(project, 'units', key, async () => {
          loaded.add(key);
          return page;
        });
      }
      return 60 - loaded.size;
    };
    await round(); // asked once: nothing kept
    await round(); // asked again: kept until the bound is reached
    const kept = keptSize().entries;
    expect(kept).toBe(19); // twenty pages and their keys are just over the bound
    // Each later round is answered from what is kept for the same pages: before, every read
    // replaced the one read longest ago, so a round in turn was never answered from it.
    const served = [await round(), await round(), await round()];
    expect(served).toEqual([served[0], served[0], served[0]]);
    expect(served[0]).toBe(kept);
    expect(keptSize().bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('keeps a page many ask now at once, however often the pages kept were asked long ago', async () => {
    startAfresh();
    const big = 'w'.repeat(MAX_BYTES / 2 / 10); // a tenth of the bound
    for (let i = 0; i < 9; i++)
      for (let n = 0; n < 12; n++) await cachedRead(project, 'units', `old ${i}`, loader(big));
    // Then 3,000 other reads, each asked once (a crawler): "lately" moves on.
    for (let n = 0; n < 3_000; n++) await cachedRead(project, 'rooms', `crawl ${n}`, loader('{}'));
    loads = 0;
    for (let n = 0; n < 4; n++) await cachedRead(project, 'units', 'hot', loader(big));
    // Loaded on its first two asks and kept on the second; answered from what is kept after.
    expect(loads).toBe(2);
    expect(keptSize().bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('never keeps one read larger than an eighth of the bound', async () => {
    const before = keptSize().entries;
    const huge = 'y'.repeat(MAX_BYTES / 2 / 8 + 1);
    await cachedRead(project, 'plans', 'huge', loader(huge));
    await cachedRead(project, 'plans', 'huge', loader(huge));
    expect(keptSize().entries).toBe(before);
  });
});
