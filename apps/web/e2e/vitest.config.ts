import { defineConfig } from 'vitest/config';

// Browser journeys not yet on Playwright Test (*.spec.ts, playwright.config.ts): each file starts its own
// server on a fresh embedded database.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    root: new URL('../../..', import.meta.url).pathname,
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 200_000, // a server start under load (support.ts SERVER_START_MS)
    pool: 'forks',
    maxWorkers: 2,
    // A journey that fails is run once more before the suite fails (docs/decisions/068-browser-journey-retry.md:
    // the CI machine is shared, and a browser on a loaded machine can lose a frame). A real break fails
    // both times; a pass on the second try is listed by the flaky reporter below.
    retry: 1,
    reporters: ['default', './apps/web/e2e/flaky-reporter.ts'],
    fileParallelism: true,
  },
});
