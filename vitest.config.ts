import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Every response of a test app is checked against the OpenAPI document.
          setupFiles: ['apps/server/test/contract/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
      {
        // Checks on build output (the web bundle budget): they build into a temporary folder.
        test: {
          name: 'build',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
