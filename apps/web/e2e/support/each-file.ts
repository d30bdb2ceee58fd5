import { afterAll } from 'vitest';
import { closeSharedBrowsers } from './browser.ts';
import { forgetSessions } from './fixtures.ts';

/**
 * Runs before every browser test file. The files share one worker process and its modules
 * (vitest.config.ts: a new process per file cost about 3.5 s of processor time each), so what a
 * file opens is closed here when its tests are done: its shared browsers and its API sessions.
 */
afterAll(async () => {
  forgetSessions();
  await closeSharedBrowsers();
});
