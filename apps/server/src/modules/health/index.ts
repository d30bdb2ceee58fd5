/**
 * The front door of the probes and metrics (docs/architecture.md, "Server modules";
 * docs/operations.md): a plugin the app registers before the others, so that the probes answer
 * whatever a later plugin decides about a request, and the metrics every module's jobs are timed in.
 */
export { healthPlugin } from './health.routes.ts';
export { createMetrics } from './metrics.ts';
