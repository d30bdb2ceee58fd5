import WebSocket from 'ws';
import { displayPushSchema, type DisplayPush } from '@decor/core';

/** A live socket as a screen or a phone opens it (`/api/displays/live`), with the pushes it hears and how it was closed. */
export function openLive({ port, host, origin = `http://${host}` }: { port: number; host: string; origin?: string }) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/displays/live`, { headers: { host, origin } });
  const pushes: DisplayPush[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
    socket.on('error', reject);
  });
  socket.on('message', (data) => pushes.push(displayPushSchema.parse(JSON.parse(data.toString()))));
  /** The `count`th push heard (waiting up to 5 s). */
  const next = async (count: number) => {
    const deadline = Date.now() + 5_000;
    while (pushes.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return pushes[count - 1];
  };
  /** The first push that matches among those not yet taken by an earlier `waitFor` (waiting up to 5 s). */
  let cursor = 0;
  const waitFor = async (match: (push: DisplayPush) => boolean, timeoutMs = 5_000) => {
    const from = cursor;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = pushes.findIndex((push, i) => i >= from && match(push));
      const found = pushes[index];
      if (found) {
        cursor = index + 1;
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no such push; heard ${JSON.stringify(pushes.slice(from))}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const say = (message: object) => socket.send(JSON.stringify({ v: 1, ...message }));
  return { socket, pushes, closed, opened, next, waitFor, say };
}
