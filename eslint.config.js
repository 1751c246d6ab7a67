// ESLint, run by `npm run lint` (and so first by `npm test`). Beyond typescript-eslint's and the
// React hooks rules it enforces the web client's layers (docs/architecture.md, "The web client"):
//   app → features → student → shared → lib → i18n
// a layer imports only the layers to its right; no feature imports another; no import cycles; and
// only lib/ reaches into supabase/ (the generated database types and the shared zod schemas).
// student/ is the student pages (Preact in their build, React in the app, which renders the site's
// header and footer from it): it never reaches the app or its features.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SRC = './web/src';
const features = readdirSync(`${SRC}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  // i18n (the translator, its languages and their catalogs) sits under every layer: all of them show text.
  {
    target: `${SRC}/i18n`,
    from: [`${SRC}/lib`, `${SRC}/shared`, `${SRC}/student`, `${SRC}/features`, `${SRC}/app`],
    message: 'i18n/ imports nothing of the app.',
  },
  // lib is the bottom layer: the Supabase clients, errors, query keys, config.
  {
    target: `${SRC}/lib`,
    from: [`${SRC}/shared`, `${SRC}/student`, `${SRC}/features`, `${SRC}/app`],
    message: 'lib/ imports nothing above it.',
  },
  { target: `${SRC}/shared`, from: [`${SRC}/student`, `${SRC}/features`, `${SRC}/app`], message: 'shared/ may import lib/ only.' },
  {
    target: `${SRC}/student`,
    from: [`${SRC}/features`, `${SRC}/app`],
    message: 'The student pages import shared/, lib/ and i18n/ only: never the professor app.',
  },
  { target: `${SRC}/features`, from: `${SRC}/app`, message: 'A feature may not import app/.' },
  // Each feature on its own: what two features need belongs in shared/.
  ...features.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message: 'A feature may not import another feature; move what both need to shared/.',
  })),
  {
    target: SRC,
    from: './supabase',
    except: [],
    message:
      'Only web/src/lib/database.ts, lib/schemas.ts, lib/serverMessages.ts, lib/sessionNotes.ts and lib/today.ts reach into supabase/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      '.local/**',
      'supabase/functions/**', // Deno code: `npm run lint` type-checks it with `deno check`
      'supabase/functions/_shared/database.types.ts',
      '**/fixtures/**',
      'web/styled-system/**', // written by `panda codegen`
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The service workers are plain scripts the browser runs in a worker's scope.
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'web/tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Cycles run through our own files only: external packages never import ours back, and
      // following them was four fifths of ESLint's time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // The files that are the web's window on supabase/.
    files: [
      'web/src/lib/database.ts',
      'web/src/lib/schemas.ts',
      'web/src/lib/serverMessages.ts',
      'web/src/lib/sessionNotes.ts',
      'web/src/lib/today.ts',
    ],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
