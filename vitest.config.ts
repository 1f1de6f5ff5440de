import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // `npm run test:unit` gives it every core: its files mostly wait on servers and databases.
          name: 'unit',
          environment: 'node',
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'tests/build/**/*.test.ts',
          ],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // `npm run test:e2e` runs two files at a time: much of a browser test waits (animations,
          // timers, mail), so two files share the 2 cores.
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
