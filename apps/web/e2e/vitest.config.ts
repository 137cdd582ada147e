import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts its own server on a fresh embedded database.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    root: new URL('../../..', import.meta.url).pathname,
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
