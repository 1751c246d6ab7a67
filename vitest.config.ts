import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { studentViteConfig } from './web/scripts/student-vite-config.ts';

const web = fileURLToPath(new URL('./web', import.meta.url));
const student = studentViteConfig(web, 'test');

/** Files that start stacks (or Postgres, or `npm start`) of their own and share nothing with the others. */
const OWN_STACK_FILES = [
  'stack/tests/faults.test.ts',
  'stack/tests/gateway.test.ts',
  'stack/tests/postgres.test.ts',
  'stack/tests/resilience.test.ts',
  'stack/tests/retention.test.ts',
  'stack/tests/start-stop.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // Pure functions and components: no stack.
          name: 'unit',
          exclude: ['web/src/student/**', 'web/src/**/*.test.tsx', '**/node_modules/**'],
          include: [
            'web/src/**/*.test.{ts,tsx}',
            'supabase/functions/_shared/**/*.test.ts',
            // Reads git history, not the database.
            'supabase/tests/migrations.test.ts',
            'testing/**/*.test.ts',
            'web/scripts/**/*.test.ts',
            'web/service-worker/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          // A worker runs many files, each with our modules afresh (testing/fresh-modules.ts).
          isolate: false,
          setupFiles: ['testing/fresh-modules.ts'],
        },
      },
      {
        test: {
          // The professor app's components in a DOM (happy-dom), with the façade's hooks given data
          // by each test (web/src/test/renderInApp.tsx). Worker threads, as the student components.
          name: 'app-components',
          include: ['web/src/**/*.test.tsx'],
          exclude: ['web/src/student/**', '**/node_modules/**'],
          environment: 'happy-dom',
          pool: 'threads',
          // A worker imports Chakra once for all its files; each still gets our modules afresh.
          isolate: false,
          setupFiles: ['testing/fresh-modules.ts'],
        },
      },
      {
        // The student pages' components as students get them: Preact (through preact/compat) and
        // their build-time CSS's class names, in a DOM (happy-dom), with Testing Library.
        resolve: student.resolve,
        oxc: student.oxc,
        test: {
          name: 'components',
          include: ['web/src/student/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['testing/fresh-modules.ts', 'testing/components-setup.ts'],
          // Worker threads rather than child processes: its 55 files ran in 73 s instead of 117 s on two cores.
          pool: 'threads',
        },
      },
      {
        test: {
          // Database, RLS, edge-function, API and stack tests, against the one stack `npm test` started.
          name: 'integration',
          include: ['stack/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          exclude: ['supabase/tests/migrations.test.ts', ...OWN_STACK_FILES, '**/node_modules/**'],
          globalSetup: ['testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The stack's own tests that start, kill and restart stacks of their own: `npm test` runs
          // them in a second Vitest process beside the integration project (docs/testing.md).
          name: 'stacks',
          include: OWN_STACK_FILES,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
