import { describe, expect, it } from 'vitest';
import { createThreadRunner } from '../src/lib/thread-runner.ts';

type Pixels = { rgba: Uint8Array; width: number; height: number };
const KTX2_IDENTIFIER = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a];

describe('work on a thread of its own (lib/thread-runner.ts)', () => {
  it('compresses a texture off the main thread, and a thread with nothing to do ends and comes back when asked', async () => {
    const runner = createThreadRunner<Pixels, Uint8Array>({
      bundledName: 'texture-worker',
      source: new URL('../src/modules/files/texture.worker.ts', import.meta.url),
      timeoutMs: 60_000,
      tooLong: 'too long',
      quiet: true,
      idleMs: 200,
    });
    const pixels = (grey: number): Pixels => ({
      rgba: new Uint8Array(256 * 256 * 4).fill(grey),
      width: 256,
      height: 256,
    });
    try {
      let ticks = 0;
      const ticking = setInterval(() => (ticks += 1), 5);
      const started = performance.now();
      const first = await runner.run(pixels(128));
      clearInterval(ticking);
      expect([...first.subarray(0, 12)]).toEqual(KTX2_IDENTIFIER);
      // The main thread's timer kept firing while the encoder worked elsewhere.
      expect(ticks).toBeGreaterThan((performance.now() - started) / 5 / 4);
      expect(runner.isRunning).toBe(true);
      await expect.poll(() => runner.isRunning, { timeout: 5_000 }).toBe(false);
      const again = await runner.run(pixels(40));
      expect([...again.subarray(0, 12)]).toEqual(KTX2_IDENTIFIER);
    } finally {
      await runner.close();
    }
  });
});
