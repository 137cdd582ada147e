import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Browser journeys on Playwright Test: web-first assertions that wait for the page, not for time.
 * Each file starts its own server on a fresh embedded database (serverForThisFile in fixtures.ts); files run
 * two at a time, the tests of a file one after another (a journey builds on the one before).
 */
export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir: path.join(here, 'test-results'),
  timeout: 120_000,
  // A loaded 2-core machine can take seconds to draw a page that a quiet one draws at once.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // A failed journey runs once more (docs/decisions/068-browser-journey-retry.md); Playwright lists
  // a pass on the retry as "flaky" in the summary, so it is seen without failing the run.
  retries: 1,
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'off',
    screenshot: 'off',
  },
});
