import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client.ts';

/**
 * The server's Prometheus metrics (docs/operations.md, "Metrics"): one registry per app, so
 * several apps in one process (the tests) never share counters.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'decor_' });
  const httpRequests = new Counter({
    name: 'decor_http_requests_total',
    help: 'Answered HTTP requests by method, route (its pattern) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'decor_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'decor_mail_sent_total',
    help: 'Mails handed to the SMTP server (or the dev outbox), by result',
    labelNames: ['transport', 'result'] as const,
    registers: [registry],
  });
  const mailPending = new Gauge({
    name: 'decor_mail_pending',
    help: 'Mails being sent now (the queue between an answer and the SMTP server)',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'decor_job_runs_total',
    help: 'Runs of the background jobs, by job and result',
    labelNames: ['job', 'result'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'decor_job_duration_seconds',
    help: 'How long a background job ran',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    mailSent,
    mailPending,
    /** Runs a job and counts it: its result and its time. */
    async timeJob<T>(job: string, run: () => Promise<T>): Promise<T> {
      const stop = jobDuration.startTimer({ job });
      try {
        const result = await run();
        jobRuns.inc({ job, result: 'ok' });
        return result;
      } catch (error) {
        jobRuns.inc({ job, result: 'failed' });
        throw error;
      } finally {
        stop();
      }
    },
    /** The database's connections, read at each scrape. */
    observeDatabase(database: Pick<Database, 'kind' | 'poolStats'>) {
      new Gauge({
        name: 'decor_db_pool_connections',
        help: 'Connections of this process to the database, by state (total, idle, waiting = queries waiting for one)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const stats = database.poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
