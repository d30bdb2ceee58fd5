import { defineConfig } from 'vitest/config';

const serverSuite = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['apps/server/test/**/*.test.ts'],
    exclude: db === 'postgres' ? ['apps/server/test/config.test.ts'] : [],
    environment: 'node' as const,
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    globalSetup: ['./vitest.global-setup.ts'],
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      serverSuite('pglite'),
      serverSuite('postgres'),
    ],
  },
});
