import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['web/src/**/*.test.{ts,tsx}', 'supabase/functions/_shared/**/*.test.ts', 'stack/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          // Database, RLS, edge-function, API and stack tests, against one local stack.
          include: ['stack/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          exclude: ['stack/**/*.unit.test.ts'],
          globalSetup: ['stack/tests/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
