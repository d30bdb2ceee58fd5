import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveSocket } from './live-socket.ts';

/*
 * How a screen or a phone comes back after its server went away (docs/displays.md, "Live
 * connection"): never more than 5 s after the server answers again, whatever the outage's length,
 * and at once when the device's network returns. The socket is the one thing replaced: each
 * attempt is refused, as by a server that is down, until the test lets one through.
 */

class RefusedSocket {
  static opened: RefusedSocket[] = [];
  static isServerUp = false;
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    RefusedSocket.opened.push(this);
    queueMicrotask(() => {
      if (!RefusedSocket.isServerUp) return this.onclose?.({ code: 1006 });
      this.readyState = RefusedSocket.OPEN;
      this.onopen?.();
      this.onmessage?.({ data: JSON.stringify({ v: 1, type: 'sync' }) });
    });
  }
  send() {}
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  RefusedSocket.opened = [];
  RefusedSocket.isServerUp = false;
  vi.stubGlobal('WebSocket', RefusedSocket);
  // The longest wait each time: a quarter more than the step.
  random = vi.spyOn(Math, 'random').mockReturnValue(1);
});
let random: { mockRestore(): void } | undefined;
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  random?.mockRestore();
});

const greeting = () => ({ type: 'join' as const, pairing: 'screen.secret' });

describe('the live connection', () => {
  it('tries again at least every 5 s however long the server was away, and says when it is live', async () => {
    const states: boolean[] = [];
    const socket = openLiveSocket({ greeting, onPush: () => {}, onOpenChange: (isOpen) => states.push(isOpen) });
    // Two minutes of a server that refuses: the gaps between tries grow, then stay at most 5 s.
    const triedAt: number[] = [];
    for (let elapsed = 0; elapsed < 120_000; elapsed += 100) {
      const before = RefusedSocket.opened.length;
      await vi.advanceTimersByTimeAsync(100);
      if (RefusedSocket.opened.length > before) triedAt.push(elapsed);
    }
    const gaps = triedAt.slice(1).map((at, index) => at - triedAt[index]!);
    expect(gaps.length).toBeGreaterThan(20);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5_000);
    expect(gaps[0]).toBeLessThan(gaps.at(-1)!);
    // The server answers again: the next try gets through, within 5 s.
    RefusedSocket.isServerUp = true;
    const upAt = Date.now();
    for (let waited = 0; !states.includes(true) && waited < 10_000; waited += 100)
      await vi.advanceTimersByTimeAsync(100);
    expect(Date.now() - upAt).toBeLessThanOrEqual(5_000);
    socket.close();
  });

  it('tries at once when the device’s network comes back', async () => {
    const socket = openLiveSocket({ greeting, onPush: () => {} });
    await vi.advanceTimersByTimeAsync(20_000);
    const tries = RefusedSocket.opened.length;
    RefusedSocket.isServerUp = true;
    window.dispatchEvent(new Event('online'));
    expect(RefusedSocket.opened.length).toBe(tries + 1);
    socket.close();
  });
});
