import { defineConfig } from 'vitest/config';

// One runner for the whole workspace. `unit` holds unit and integration tests (they start our real
// servers on free ports); `e2e` drives Debian Chromium against the whole stack and runs after the build.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/*/test/**/*.test.{ts,tsx}',
            'packages/*/test/**/*.test.{ts,tsx}',
            'eval/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
