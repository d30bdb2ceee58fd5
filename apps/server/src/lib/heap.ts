import v8 from 'node:v8';
import type { Config } from '../config/env.ts';

/**
 * Bounds how far this process's heap may grow past what V8's last full collection kept before
 * it collects in full again; 0 leaves the factor to V8. Each process sets its own: the primary,
 * every worker, or the one process. Left to itself, V8 let a worker under random pages climb
 * from about 190 to 310 MB between full collections (docs/decisions/055-the-heap-grows-by-half.md).
 */
export function limitHeapGrowth(config: Pick<Config, 'heapGrowthPercent'>) {
  v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
}
