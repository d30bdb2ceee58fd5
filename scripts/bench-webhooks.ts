/**
 * `npm run bench -- webhooks` (docs/integrations.md, "Figures"): events delivered per second by
 * two compiled server processes on one PostgreSQL database to a receiver on loopback, and the
 * delay from an event's commit to its arrival while the receiver is healthy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase, sqlRows, withTransaction } from '../apps/server/src/db/client.ts';
import { recordEvent } from '../apps/server/src/modules/integrations/index.ts';
import { secretSealer, newSigningSecret } from '../apps/server/src/modules/integrations/webhooks.signing.ts';

interface Started {
  pid: number;
  stop(): Promise<void>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Events one at a time, each timed from its commit to its arrival. */
const TIMED = 300;
/** Events committed at once, across this many resources, for the throughput. */
const BURST = 3_000;
const RESOURCES = 300;

export async function benchWebhooks({
  databaseUrl,
  authSecret,
  start,
  line,
}: {
  databaseUrl: string;
  authSecret: string;
  start(env: Record<string, string>): Promise<Started>;
  line(name: string, value: string): void;
}) {
  const arrivals = new Map<string, number>();
  let duplicates = 0;
  const receiver = http.createServer((request, response) => {
    const id = String(request.headers['webhook-id']);
    if (arrivals.has(id)) duplicates++;
    else arrivals.set(id, performance.timeOrigin + performance.now());
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const port = (receiver.address() as AddressInfo).port;
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  const servers: Started[] = [];
  try {
    const [demo] = await sqlRows<{ id: string }>(database.db, sql`SELECT id FROM projects WHERE key = 'demo'`);
    const secret = newSigningSecret();
    await sqlRows(
      database.db,
      sql`INSERT INTO webhook_endpoints (id, project_id, url, events, secret, secret_hint)
          VALUES (gen_random_uuid(), ${demo!.id}, ${`http://127.0.0.1:${port}/bench`},
                  ARRAY['lead.created'], ${secretSealer(authSecret).seal(secret)}, 'whsec_…')`,
    );
    const env = { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}`, AUTH_SECRET: authSecret, WEB_CONCURRENCY: '1' };
    servers.push(await start(env), await start(env));
    const commit = (resource: number) =>
      withTransaction(database.db, (tx) =>
        recordEvent(tx, {
          projectId: demo!.id,
          type: 'lead.created',
          resource: `lead:bench-${resource}`,
          object: { bench: true, resource },
        }),
      );

    // The delay: one event at a time, a healthy receiver, both servers listening.
    const delays: number[] = [];
    for (let i = 0; i < TIMED; i++) {
      const id = await commit(i % RESOURCES);
      const committed = performance.timeOrigin + performance.now();
      for (let waited = 0; !arrivals.has(id) && waited < 10_000; waited += 2) await sleep(2);
      const arrived = arrivals.get(id);
      if (arrived !== undefined) delays.push(Math.max(0, arrived - committed));
    }
    delays.sort((a, b) => a - b);
    line(
      'Webhooks: commit → arrival, one at a time',
      `p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms, max ${delays.at(-1)!.toFixed(1)} ms over ${delays.length} events   (target: p99 ≤ 1,000 ms)`,
    );

    // The throughput: a burst committed a hundred events a transaction, delivered by both servers.
    const before = arrivals.size;
    const started = performance.now();
    const ids: string[] = [];
    for (let batch = 0; batch < BURST / 100; batch++)
      await withTransaction(database.db, async (tx) => {
        for (let i = 0; i < 100; i++)
          ids.push(
            await recordEvent(tx, {
              projectId: demo!.id,
              type: 'lead.created',
              resource: `lead:bench-${(batch * 100 + i) % RESOURCES}`,
              object: { bench: true },
            }),
          );
      });
    const committedIn = performance.now() - started;
    while (ids.some((id) => !arrivals.has(id)) && performance.now() - started < 120_000) await sleep(20);
    const delivered = arrivals.size - before;
    const seconds = (performance.now() - started) / 1000;
    line(
      'Webhooks: burst delivered by two servers',
      `${(delivered / seconds).toFixed(0)} events/s (${delivered} of ${BURST} in ${seconds.toFixed(1)} s from the first commit; committed in ${(committedIn / 1000).toFixed(1)} s; ${RESOURCES} resources, each in order), ${duplicates} delivered twice`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await database.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
