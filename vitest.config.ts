import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // Pure functions and components: no stack.
          name: 'unit',
          include: [
            'web/src/**/*.test.{ts,tsx}',
            'supabase/functions/_shared/**/*.test.ts',
            // Reads git history, not the database.
            'supabase/tests/migrations.test.ts',
          ],
        },
      },
      {
        test: {
          // Database, RLS, edge-function, API and stack tests, against one local stack.
          name: 'integration',
          include: ['stack/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          exclude: ['supabase/tests/migrations.test.ts', '**/node_modules/**'],
          globalSetup: ['testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
