import type { FastifyBaseLogger } from 'fastify';

/** Counts each run of a job in the metrics (docs/operations.md). */
export type TimeJob = (job: string, run: () => Promise<unknown>) => Promise<unknown>;

/**
 * Runs a background job every `everyMs` (the first time after `firstAfterMs`) until the returned
 * function is called; a run's failure is logged, never thrown. The timers never keep the process
 * alive. Each job makes itself safe to run on several servers at once (docs/operations.md).
 */
export function startIntervalJob({
  name,
  everyMs,
  firstAfterMs = everyMs,
  run,
  timeJob = (_job, work) => work(),
  log,
}: {
  name: string;
  everyMs: number;
  firstAfterMs?: number;
  run: () => Promise<unknown>;
  timeJob?: TimeJob | undefined;
  log?: FastifyBaseLogger | undefined;
}): () => void {
  const once = () => void timeJob(name, run).catch((error: unknown) => log?.error({ err: error, job: name }, 'a background job failed'));
  const first = setTimeout(once, firstAfterMs);
  const timer = setInterval(once, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
