import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
// Which server tests run on one database only, and which need a build (docs/testing.md, "Which database").
import { NEEDS_BUILD, PGLITE_ONLY } from './scripts/lib/test-groups.mjs';

/** Starts PostgreSQL once for every suite that needs it. */
const POSTGRES_SETUP = './vitest.global-setup.ts';
/** Makes the migrated PGlite data directory the PGlite suite's databases start from. */
const PGLITE_SETUP = './vitest.pglite-setup.ts';

const serverSuite = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['apps/server/test/**/*.test.ts'],
    exclude: db === 'postgres' ? PGLITE_ONLY : ['apps/server/test/two-servers.test.ts', ...(process.env.TEST_FAST ? NEEDS_BUILD : [])],
    environment: 'node' as const,
    env: { TEST_DB: db },
    globalSetup: db === 'postgres' ? [POSTGRES_SETUP] : [PGLITE_SETUP],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});

/**
 * Vitest's order (by the last run's times, or else the largest file first), with the process
 * tests first in their project: they mostly wait on the servers they start, so when two
 * workers share the files (the Node leg), the longest waits begin first instead of ending last.
 */
class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isProcessTest = (file: TestSpecification) => NEEDS_BUILD.some((name: string) => file.moduleId.endsWith(name));
    // Projects run one after another; within each, the process tests move to its front.
    const projectOrder = [...new Set(sorted.map((file) => file.project.name))];
    return projectOrder.flatMap((name) => {
      const own = sorted.filter((file) => file.project.name === name);
      return [...own.filter(isProcessTest), ...own.filter((file) => !isProcessTest(file))];
    });
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: ProcessTestsFirst },
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts', 'packages/core/test/**/*.test.ts'],
          environment: 'node',
          // The files share their modules (a process per file cost 13 of the suite's 20 s). What
          // one file gives the runtime (the zone database) it states itself or puts back.
          isolate: false,
        },
      },
      {
        define: { __BUILD_ID__: JSON.stringify('test') },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // The web app's unit tests share their modules and one jsdom between files (docs/testing.md,
          // "How the suite runs"): a new module graph and jsdom for each file cost more than its
          // tests (36 s → 11 s). Core's files share theirs too.
          isolate: false,
          // A form test that draws the whole options form takes about 1 s alone and 4–5 s on a
          // CI machine whose two cores run the browser journeys beside it: vitest's default 5 s
          // limit failed it there once (2026-11-28). A limit is there to end a hung test.
          testTimeout: 20_000,
        },
      },
      serverSuite('pglite'),
      serverSuite('postgres'),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: [POSTGRES_SETUP, 'apps/web/e2e/support/global-setup.ts'],
          fileParallelism: false,
          // The files share one worker process and its modules: a new process per file cost about
          // 3.5 s of processor time each, 100 s a run. What a file opens, it closes (each-file.ts).
          isolate: false,
          setupFiles: ['apps/web/e2e/support/each-file.ts'],
          // A file's concurrent journeys (the page sweep's) two at a time: one browser each, on two cores.
          maxConcurrency: 2,
          // A journey that takes 20 s alone can take three times that on a loaded two-core CI
          // machine (the other suites run beside it); a limit is there to end a hung test.
          testTimeout: 150_000,
          hookTimeout: 60_000,
          // A browser journey polls for what the page shows after a round trip; on a loaded CI
          // machine that can take seconds, not vitest's default one.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
