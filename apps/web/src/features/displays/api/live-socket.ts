import { DISPLAY_PROTOCOL_VERSION, displayPushSchema, type DisplayMessage, type DisplayPush } from '@decor/core';

/**
 * The one realtime connection of a screen, a phone and the realtime diagnostic
 * (`/api/displays/live`, docs/displays.md): it greets first, comes back by itself (at once, with a
 * little jitter, when a server says it is stopping; otherwise after ½ s, then a little later
 * each time up to 4 s, so that it is back within 5 s of a server answering again, and at once
 * when the device's network comes back), and stops for good only when told the other side is gone.
 */

/** Close codes after which reconnecting is pointless: a pairing that ended, a greeting refused. */
const FINAL = new Set([4000, 4400, 4401]);
/** The server is restarting: reconnect at once (the balancer picks another server). */
const RESTARTING = 1012;
/** The browser's side of the heartbeat: a ping this often; a connection silent for this long after one is given up and opened again. */
const BEAT_MS = 25_000;
const SILENCE_MS = 10_000;
/** The longest wait between two tries (a quarter more or less, at random): back within 5 s of a server answering again. */
const MOST_RETRY_MS = 4_000;

type Message = DisplayMessage extends infer M ? (M extends { v: number } ? Omit<M, 'v'> : never) : never;

export interface LiveSocket {
  send(message: Message): boolean;
  close(): void;
}

export function openLiveSocket({
  greeting,
  onPush,
  onOpenChange,
  onFinal,
}: {
  /** What to say first (null: not yet, try again in 2 s). */
  greeting: () => Message | null;
  onPush: (push: DisplayPush) => void;
  onOpenChange?: (isOpen: boolean) => void;
  /** The server closed for good (4000 ended, 4401 unknown, 4400 refused). */
  onFinal?: (code: number) => void;
}): LiveSocket {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    const hello = greeting();
    if (!hello) {
      retry = setTimeout(open, 2_000);
      return;
    }
    const next = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/displays/live`);
    socket = next;
    let isAnswered = false;
    // A network that drops silently never closes the socket: the page pings, and a server that does not answer is left.
    let heardAt = performance.now();
    const beat = setInterval(() => {
      if (next.readyState !== WebSocket.OPEN) return;
      if (performance.now() - heardAt > BEAT_MS + SILENCE_MS) {
        // Left at once: its close may never come back from a server that is gone.
        clearInterval(beat);
        socket = null;
        next.close();
        onOpenChange?.(false);
        if (!stopped) retry = setTimeout(open, 500);
        return;
      }
      next.send(JSON.stringify({ v: DISPLAY_PROTOCOL_VERSION, type: 'ping', t: -1 }));
    }, BEAT_MS);
    next.onopen = () => next.send(JSON.stringify({ v: DISPLAY_PROTOCOL_VERSION, ...hello }));
    next.onmessage = (event) => {
      heardAt = performance.now();
      let parsed;
      try {
        parsed = displayPushSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      // The first answer to the greeting: the connection is live.
      if (!isAnswered) {
        isAnswered = true;
        attempts = 0;
        onOpenChange?.(true);
      }
      onPush(parsed.data);
    };
    next.onclose = (event) => {
      clearInterval(beat);
      if (socket !== next) return;
      socket = null;
      onOpenChange?.(false);
      if (stopped) return;
      if (FINAL.has(event.code)) return onFinal?.(event.code);
      attempts += 1;
      const delay =
        event.code === RESTARTING
          ? 100 + Math.random() * 400
          : Math.min(MOST_RETRY_MS, 500 * 2 ** Math.min(attempts - 1, 6)) * (0.75 + Math.random() / 2);
      retry = setTimeout(open, delay);
    };
  };
  open();
  // The device's network is back: try now rather than at the next turn of the wait.
  const onOnline = () => {
    if (stopped || socket) return;
    clearTimeout(retry);
    open();
  };
  window.addEventListener('online', onOnline);

  return {
    send(message) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify({ v: DISPLAY_PROTOCOL_VERSION, ...message }));
      return true;
    },
    close() {
      stopped = true;
      window.removeEventListener('online', onOnline);
      clearTimeout(retry);
      socket?.close();
    },
  };
}
