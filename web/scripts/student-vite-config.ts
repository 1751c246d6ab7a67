import path from 'node:path';
import type { InlineConfig } from 'vite';

/** The app's HTML file: hosts answer every address that is not a file or a student page with it. */
export const APP_FILE = 'app.html';

/** The student build's manifest: every file of it (the service worker keeps them all). */
export const STUDENT_MANIFEST = '.vite/student-manifest.json';

/** The Vite settings of every student build and of its dev server: `react` is Preact (preact/compat). */
export function studentViteConfig(root: string, mode: string): InlineConfig {
  return {
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        { find: /^styled-system\//, replacement: `${path.join(root, 'styled-system')}/` },
      ],
    },
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  };
}
