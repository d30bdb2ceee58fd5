import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveConnection } from '../plugins/live-sessions.ts';

/** A comment this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;

/** Sends one event of a stream (`event` names it; none is a plain message); nothing once it has ended. */
export type SendEvent = (data: unknown, event?: string) => void;

/**
 * Server-sent event streams of a plugin (docs/security.md, "Long-lived connections"): each one
 * is watched with the session that opened it and ends within seconds of it (signed out,
 * expired, disabled, no longer what it requires), saying why; the server closing ends them all,
 * so that closing does not wait. `feed` starts what the stream sends and returns how to stop it.
 */
export function eventStreams(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    {
      sessionToken,
      requires,
      feed,
    }: { sessionToken: string; requires: LiveConnection['requires']; feed: (send: SendEvent) => () => void },
  ) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(': connected\n\n');
    const send: SendEvent = (data, event) => {
      if (!raw.writableEnded) raw.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    };
    const stop = feed(send);
    const keepAlive = setInterval(() => raw.write(': still here\n\n'), KEEP_ALIVE_MS);
    let unwatch = () => {};
    const end = () => {
      clearInterval(keepAlive);
      stop();
      unwatch();
      open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    unwatch = app.liveSessions.watch({
      sessionToken,
      requires,
      end: (reason) => {
        send({ reason }, 'ended');
        end();
      },
    });
    open.add(end);
    request.raw.on('close', end);
  };
}
