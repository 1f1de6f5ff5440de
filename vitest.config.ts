import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every run ends with each project's ten slowest files against their budgets.
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    projects: [
      {
        test: {
          // `npm run test:unit` gives it every core: its files mostly wait on servers and databases.
          name: 'unit',
          // One module graph per worker, not one per file: on two cores the unit run took 374 s
          // instead of 568 (each file imported the whole server). Each file still builds its own
          // servers and databases, and must stop every timer it starts.
          isolate: false,
          environment: 'node',
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'tests/build/**/*.test.ts',
          ],
          setupFiles: [
            'tests/support/fail-on-console-error.ts',
            'tests/support/quick-password-hashing.ts',
          ],
          // One SQLite template and one password hash for the whole run.
          globalSetup: ['tests/support/run-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          // One SQLite template, password hash, Chromium and copy of the build for the whole run.
          globalSetup: ['tests/support/run-setup.ts', 'tests/support/browser-run-setup.ts'],
          setupFiles: ['tests/support/quick-password-hashing.ts'],
          // Two files at a time: a browser file keeps about 1.4 of two cores busy (its Chromium,
          // server and test), so a second one fills the rest: 688 s instead of 941 for the 53
          // files. Each worker's files share one module graph (each imported the whole server again).
          maxWorkers: 2,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
