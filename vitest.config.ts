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
          // Files of a worker share loaded modules (see below): 32 s on a loaded machine, where the last CI took 120 s.
          isolate: false,
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
          // Each file used to load the app's modules afresh (Vitest's isolation): loading was about
          // 440 s of a run's 950 s of test-file time. The files share them instead; none mocks a
          // module or keeps state at module level (each starts its own servers and database), and a
          // subset of 24 files took 137 s instead of 415 s side by side on the same machine.
          isolate: false,
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
