import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The change feed (docs/architecture.md, "Change feed"): every committed write of an item
 * (and of a project or its collection definitions) is announced with PostgreSQL's NOTIFY on
 * one channel, in the writing transaction, so it is delivered only if and when that commits,
 * to every server listening on the database. Ids only: a listener reads what it needs.
 * PGlite implements LISTEN/NOTIFY in process with the same delivery rule.
 */

export const CHANGE_CHANNEL = 'decor_changes';

export interface Change {
  project: string;
  /** A collection's name, or `$project` / `$collections` for a project's row and its definitions. */
  collection: string;
  id: string;
  version: number;
  op: 'create' | 'update' | 'delete';
}

/** `reset`: the feed was interrupted (a lost connection); whatever a listener keeps may be stale. */
export type FeedEvent = Change | { op: 'reset' };

export interface ChangeFeed {
  subscribe(listener: (event: FeedEvent) => void): () => void;
  /**
   * Hears another channel on the feed's listening connection (the screens' bus,
   * docs/displays.md), with the same reconnection; PGlite hears it in process.
   */
  listen(channel: string, listener: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

function parse(payload: string | undefined): Change | null {
  try {
    const change = JSON.parse(payload ?? '') as Change;
    return typeof change.project === 'string' && typeof change.collection === 'string' ? change : null;
  } catch {
    return null;
  }
}

class Feed implements ChangeFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  /** The other channels heard, and what to do to start hearing one (LISTEN on the live connection). */
  readonly channels = new Map<string, Set<(payload: string) => void>>();
  startListening: (channel: string) => Promise<void> = async () => {};
  constructor(private readonly stop: () => Promise<void>) {}

  async listen(channel: string, listener: (payload: string) => void) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const listeners = this.channels.get(channel) ?? new Set();
    if (!this.channels.has(channel)) {
      this.channels.set(channel, listeners);
      await this.startListening(channel);
    }
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  hear(channel: string, payload: string | undefined) {
    for (const listener of this.channels.get(channel) ?? []) listener(payload ?? '');
  }

  emit(event: FeedEvent) {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: FeedEvent) => void) {
    this.emitter.on('event', listener);
    return () => void this.emitter.off('event', listener);
  }

  close() {
    this.emitter.removeAllListeners();
    return this.stop();
  }
}

export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  let unlisten: () => Promise<void> = async () => {};
  const feed = new Feed(() => unlisten().catch(() => {}));
  const unlistens: Array<() => Promise<void>> = [];
  unlisten = async () => void (await Promise.all(unlistens.map((stop) => stop())));
  unlistens.push(
    await client.listen(CHANGE_CHANNEL, (payload) => {
      const change = parse(payload);
      if (change) feed.emit(change);
    }),
  );
  feed.startListening = async (channel) =>
    void unlistens.push(await client.listen(channel, (payload) => feed.hear(channel, payload)));
  return feed;
}

/**
 * On PostgreSQL: one dedicated connection that LISTENs. When it is lost, listeners hear
 * `reset` and it reconnects (after 1 s, then up to every 30 s) until the feed is closed.
 */
export async function postgresChangeFeed(
  connectionString: string,
  log: (message: string) => void = () => {},
): Promise<ChangeFeed> {
  let client: pg.Client | null = null;
  let closed = false;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;
  const feed = new Feed(async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  });

  const reconnect = (delayMs: number) => {
    retry = setTimeout(() => void connect().catch(() => reconnect(Math.min(delayMs * 2, 30_000))), delayMs);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return feed.hear(message.channel, message.payload);
      const change = parse(message.payload);
      if (change) feed.emit(change);
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (closed || client !== next) return;
      client = null;
      feed.emit({ op: 'reset' });
      log('the change feed lost its connection; reconnecting');
      reconnect(1_000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      for (const channel of feed.channels.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) return void (await next.end());
    // Whatever was cached while no change could be heard is dropped once more.
    if (everConnected) feed.emit({ op: 'reset' });
    everConnected = true;
    client = next;
  };
  feed.startListening = async (channel) => void (await client?.query(`LISTEN ${channel}`));
  await connect();
  return feed;
}
