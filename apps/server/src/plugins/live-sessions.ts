import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { liveSessionsOf } from './sessions.repo.ts';

/**
 * Long-lived connections (the admins' change stream; later the display sockets) outlive the
 * request that checked their session. Each one is watched here: every LIVE_SESSION_CHECK_MS,
 * one query asks whether the sessions behind all of this process's open connections still
 * stand (not signed out, expired or revoked; the person not disabled; still an admin where
 * that was required), and a connection whose session fell is closed. Every server process
 * watches its own, so a sign-out on one server closes the stream on another within seconds
 * (docs/security.md, "Long-lived connections").
 */
export const LIVE_SESSION_CHECK_MS = 2_000;

export interface LiveConnection {
  sessionToken: string;
  /** What the connection needs of its person beyond a live session. */
  requires: 'session' | 'admin';
  /** Closes the connection, saying why. */
  end(reason: 'signed-out' | 'no-longer-admin'): void;
}

export interface LiveSessions {
  /** Watches a connection until the returned function is called (when it closes). */
  watch(connection: LiveConnection): () => void;
  /** Checks every watched connection now (tests, and after a revocation this process made). */
  checkNow(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveSessions: LiveSessions;
  }
}

export function createLiveSessions(
  db: Db,
  intervalMs = LIVE_SESSION_CHECK_MS,
  onError: (error: unknown) => void = () => {},
): LiveSessions & { stop(): void } {
  const watched = new Set<LiveConnection>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  async function check() {
    if (!watched.size) return;
    const connections = [...watched];
    const tokens = [...new Set(connections.map((c) => c.sessionToken))];
    const standing = await liveSessionsOf(db, tokens);
    for (const connection of connections) {
      if (!watched.has(connection)) continue;
      const isAdmin = standing.get(connection.sessionToken);
      if (isAdmin === undefined) connection.end('signed-out');
      else if (connection.requires === 'admin' && !isAdmin) connection.end('no-longer-admin');
      else continue;
      watched.delete(connection);
    }
  }

  const checkNow = () => {
    running ??= check()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    watch(connection) {
      watched.add(connection);
      timer ??= setInterval(() => void checkNow(), intervalMs).unref();
      return () => {
        watched.delete(connection);
        if (!watched.size && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    checkNow,
    stop() {
      clearInterval(timer);
      timer = undefined;
      watched.clear();
    },
  };
}

export const liveSessionsPlugin = fp(async function liveSessions(app: FastifyInstance, { db }: { db: Db }) {
  const live = createLiveSessions(db, LIVE_SESSION_CHECK_MS, (error) =>
    app.log.warn({ err: error }, 'the live sessions could not be checked'),
  );
  app.decorate('liveSessions', live);
  app.addHook('onClose', async () => live.stop());
});
