import { defineConfig } from 'vitest/config';

// Three tiers, run by scripts/test.ts one after another:
// unit (*.test.ts), integration (*.integration.test.ts: real Postgres, real HTTP server),
// e2e (apps/web/e2e/*.e2e.test.ts: the built app in Debian's Chromium).
const ignored = ['**/node_modules/**', '**/dist/**', '.tooling/**', '.data/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,scripts,bench}/**/*.test.ts'],
          exclude: [...ignored, '**/*.integration.test.ts', '**/*.e2e.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages,scripts,bench}/**/*.integration.test.ts'],
          exclude: ignored,
          globalSetup: ['scripts/test-setup/postgres.ts'],
          // Integration files mostly wait on Postgres, HTTP and child processes: two at a time on two
          // cores took the tier from 812 s to 509 s in one run (Vitest's default is one fewer than the cores).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          exclude: ignored,
          globalSetup: ['apps/web/e2e/setup/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
