import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '@decor/core';
import { pingDatabase, type Database } from '../../db/client.ts';
import type { Metrics } from './metrics.ts';

/** Where a server is in its life: only a `ready` one is sent requests by a load balancer. */
export type Readiness = { state: 'starting' | 'ready' | 'stopping' };

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** How long /readyz waits for the database before calling it unreachable. */
const DATABASE_CHECK_MS = 2_000;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
  try {
    return await Promise.race([pingDatabase(database.db).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The probes and metrics of docs/operations.md: /livez (the process answers), /readyz (it
 * takes requests: started, not stopping, its database answering), /metrics (Prometheus,
 * behind METRICS_TOKEN), and the request counts and times behind them.
 */
export const healthPlugin = fp(async function health(
  app: FastifyInstance,
  { database, metrics, metricsToken }: { database: Database; metrics: Metrics; metricsToken: string | undefined },
) {
  app.decorate('readiness', { state: 'starting' } as Readiness);
  app.addHook('onReady', async () => {
    app.readiness.state = 'ready';
  });
  app.addHook('preClose', async () => {
    app.readiness.state = 'stopping';
  });
  metrics.observeDatabase(database);

  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config?.operations) return;
    // The route's pattern, never the path itself: a label per id would grow without end.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const hide = { hide: true };
  app.get('/livez', { schema: hide, config: { operations: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', { schema: hide, config: { operations: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.readiness.state !== 'ready')
      throw fail('unavailable', 'server.not-ready', undefined, { state: app.readiness.state });
    if (!(await databaseAnswers(database)))
      throw fail('unavailable', 'server.not-ready', undefined, { state: 'ready', database: 'unreachable' });
    return reply.send({ status: 'ready', database: database.kind });
  });

  app.get('/metrics', { schema: hide, config: { operations: true } }, async (request, reply) => {
    if (!metricsToken) throw fail('not_found', 'metrics.off');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, metricsToken)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw fail('unauthenticated', 'metrics.token');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
});
