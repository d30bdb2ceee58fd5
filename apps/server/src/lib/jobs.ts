import type { FastifyBaseLogger } from 'fastify';

/** Counts each run of a job in the metrics (docs/operations.md). */
export type TimeJob = (job: string, run: () => Promise<unknown>) => Promise<unknown>;

/**
 * A background job a module runs on a timer (docs/architecture.md, "Server modules"). Each job
 * makes itself safe to run on several servers at once: it claims its work in the database
 * (docs/operations.md, "Background jobs").
 */
export interface Job {
  name: string;
  everyMs: number;
  /** The first run, after the server is ready; `everyMs` unless said. */
  firstAfterMs?: number;
  run: () => Promise<unknown>;
  /**
   * `mail`: it mails people on a timer (deadline reminders, digests), and runs only on a server
   * started to send them (`npm start`), never in an app a test builds, whose mails a test sends
   * by calling the job's work itself. `upkeep` (the default) runs wherever the app runs.
   */
  kind?: 'mail' | 'upkeep';
}

/** The app's jobs: modules add theirs when they are registered; the app starts them when it is ready and stops them when it closes. */
export interface Jobs {
  add(job: Job): void;
}

export function createJobs({
  runMailJobs,
  timeJob,
  log,
}: {
  runMailJobs: boolean;
  timeJob: TimeJob;
  log: FastifyBaseLogger;
}) {
  const jobs: Job[] = [];
  const timers: NodeJS.Timeout[] = [];
  return {
    add(job: Job) {
      jobs.push(job);
    },
    /** Starts every job this server runs; a run's failure is logged, never thrown, and no timer keeps the process alive. */
    start() {
      for (const job of jobs) {
        if (job.kind === 'mail' && !runMailJobs) continue;
        const once = () =>
          void timeJob(job.name, job.run).catch((error: unknown) =>
            log.error({ err: error, job: job.name }, 'a background job failed'),
          );
        const first = setTimeout(() => {
          once();
          timers.push(setInterval(once, job.everyMs).unref());
        }, job.firstAfterMs ?? job.everyMs);
        timers.push(first.unref());
      }
    },
    stop() {
      for (const timer of timers.splice(0)) clearTimeout(timer);
    },
  };
}
