import { randomUUID } from 'node:crypto';
import type { DisplayPush } from '@decor/core';
import type { Database } from '../../db/client.ts';
import { notifyChannel } from './displays.repo.ts';

/**
 * The bus between server processes for the screens' live connections (docs/displays.md,
 * "Several servers"): a screen and its phone may be connected to different processes; a
 * message for a peer that is not connected here is published, and the process that holds it
 * delivers it. On PostgreSQL the bus is NOTIFY on one channel, heard on the change feed's
 * listening connection; on the embedded database there is one process, so nothing is published.
 * A Redis bus would implement the same interface.
 */

/**
 * For the screen or the phone of a display: a push to send, or `refresh` (ask the database what
 * the screen shows now and send it). A `probe` (the realtime diagnostic) comes back to the process that sent it.
 */
export type Envelope = { to: 'screen' | 'phone' | 'probe'; display: string } & (
  { push: DisplayPush } | { refresh: true }
);

export interface DisplayBus {
  /** This process, as the messages it publishes name it (and `/test/gamelift` shows it). */
  readonly serverId: string;
  publish(envelope: Envelope): void;
  /** Sends an envelope through the bus and back to this process (the diagnostic's cross-server round trip). */
  echo(envelope: Envelope): void;
  subscribe(listener: (envelope: Envelope) => void): () => void;
  /** What went through: envelopes published, NOTIFYs sent (several envelopes each), envelopes heard. */
  stats(): { published: number; notifies: number; heard: number };
  close(): Promise<void>;
}

export const DISPLAY_CHANNEL = 'decor_displays';
/** A NOTIFY's payload is at most 8,000 bytes: batches stay under this. */
const PAYLOAD_MAX = 7_500;
/** At most one batch per this many milliseconds per process (250 a second); what arrives meanwhile goes in the next batch. */
const NOTIFY_GAP_MS = 4;

/** One process: every peer is here, so there is nothing to publish to. */
export function memoryBus(): DisplayBus {
  const serverId = randomUUID().slice(0, 8);
  const listeners = new Set<(envelope: Envelope) => void>();
  return {
    serverId,
    publish: () => {},
    echo: (envelope) => setImmediate(() => listeners.forEach((listener) => listener(envelope))),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stats: () => ({ published: 0, notifies: 0, heard: 0 }),
    close: async () => {},
  };
}

/**
 * PostgreSQL's NOTIFY, batched: envelopes published within 4 ms travel together (as many
 * NOTIFYs as their bytes need), so 500 phones sending 20 looks a second make at most 500
 * NOTIFYs a second, not 10,000. A process ignores its own batches.
 */
export async function postgresBus(database: Database, log: (message: string) => void): Promise<DisplayBus> {
  const serverId = randomUUID().slice(0, 8);
  const listeners = new Set<(envelope: Envelope) => void>();
  const counts = { published: 0, notifies: 0, heard: 0 };
  let queue: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  let lastFlush = 0;
  let closed = false;

  const stopListening = await database.changes.listen(DISPLAY_CHANNEL, (payload) => {
    let batch: { s: string; e: Envelope[] };
    try {
      batch = JSON.parse(payload) as { s: string; e: Envelope[] };
    } catch {
      return;
    }
    if (!Array.isArray(batch.e)) return;
    for (const envelope of batch.e) {
      // A process hears its own batches: only its probes are for it.
      if (batch.s === serverId && envelope.to !== 'probe') continue;
      if (batch.s !== serverId && envelope.to === 'probe') continue;
      counts.heard++;
      for (const listener of listeners) listener(envelope);
    }
  });

  const notify = (payload: string) => {
    counts.notifies++;
    notifyChannel(database.db, DISPLAY_CHANNEL, payload).catch((error: Error) =>
      log(`a screens' message could not be published: ${error.message}`),
    );
  };
  const flush = () => {
    timer = null;
    lastFlush = performance.now();
    const head = `{"s":"${serverId}","e":[`;
    let parts: string[] = [];
    let bytes = head.length + 2;
    for (const json of queue) {
      if (parts.length && bytes + json.length + 1 > PAYLOAD_MAX) {
        notify(`${head}${parts.join(',')}]}`);
        parts = [];
        bytes = head.length + 2;
      }
      parts.push(json);
      bytes += json.length + 1;
    }
    if (parts.length) notify(`${head}${parts.join(',')}]}`);
    queue = [];
  };

  function publish(envelope: Envelope) {
    if (closed) return;
    const json = JSON.stringify(envelope);
    // A message that alone does not fit a NOTIFY is not sent (a look is at most 4 KB).
    if (json.length > PAYLOAD_MAX - 40) return log('a screens message was too large for the bus');
    counts.published++;
    queue.push(json);
    timer ??= setTimeout(flush, Math.max(0, lastFlush + NOTIFY_GAP_MS - performance.now()));
  }

  return {
    serverId,
    echo: publish,
    publish,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stats: () => ({ ...counts }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (queue.length) flush();
      stopListening();
    },
  };
}
