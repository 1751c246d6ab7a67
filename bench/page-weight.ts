// Page weight: bytes of JavaScript and CSS a route loads before it is usable, from the
// production build: the entry's static imports plus the route module's static imports (lazy
// chunks, such as the toaster view or the auth client, are not counted); a light student page
// (web/scripts/prerender.ts) loads its own script only. `npm run bench -- page-weight`. Student
// pages: target 60 KB of JavaScript gzip, budget 90 KB (docs/performance.md); a benchmark reports,
// it never fails. Lighthouse's part measures the same as the phone downloads it (`js_kb`).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT } from '../stack/config.ts';
import { addressPageFile } from '../web/src/app/addressPages.ts';

/** The student pages (docs/architecture.md, "Page weight"). */
export const STUDENT_ROUTES = [
  '/class-session',
  '/submit',
  '/course-search',
  '/',
  '/courses/{id}',
  '/class/{token}',
  '/track/{token}',
  '/my-feedback',
  '/privacy',
  '/accessibility',
];

/** Target and budget for a student page's JavaScript, gzip. */
export const STUDENT_TARGET_BYTES = 60 * 1024;
export const STUDENT_BUDGET_BYTES = 90 * 1024;

/** The route modules of web/src/app/router.tsx, by path. */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/class-session': ['src/features/class-session/ClassSessionPage.tsx'],
  '/submit': ['src/features/submit/SubmitPage.tsx'],
  '/course-search': ['src/features/courses/CourseSearchPage.tsx'],
  '/': ['src/features/landing/LandingPage.tsx'],
  '/courses/{id}': ['src/features/courses/CourseDetailPage.tsx'],
  '/class/{token}': ['src/features/class-session/ClassLinkPage.tsx'],
  '/track/{token}': ['src/features/submit/SubmitPage.tsx'],
  '/my-feedback': ['src/features/my-feedback/MyFeedbackPage.tsx'],
  '/privacy': ['src/features/privacy/PrivacyPage.tsx'],
  '/accessibility': ['src/features/accessibility/AccessibilityPage.tsx'],
  '/professor/dashboard': ['src/features/dashboard/DashboardPage.tsx'],
  '/user-stories': ['src/features/user-stories/UserStoriesPage.tsx'],
};

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Each language's catalog chunk: a visitor of that language loads it before the first render. */
const CATALOGS: Record<string, string> = { es: 'src/locales/es/index.ts' };

/** A light page's script (web/scripts/prerender.ts): its prerendered HTML loads it, and a student nothing of the app. */
function lightScriptOf(outDir: string, route: string): string | undefined {
  const name = route === '/' ? 'index.html' : (addressPageFile(route.replace(/\{\w+\}/, 'id')) ?? `${route.slice(1)}.html`);
  const file = path.join(outDir, name);
  return existsSync(file) ? /\/(assets\/light-[\w-]+\.js)/.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
}

export interface PageWeight {
  js_gzip: number;
  js_brotli: number;
  css_gzip: number;
}

export async function measurePageWeight(): Promise<Record<string, PageWeight>> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-weight-'));
  try {
    await build({
      configFile: path.join(ROOT, 'web', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const closure = (keys: string[], seen = new Set<string>()) => {
      for (const key of keys) {
        if (seen.has(key) || !manifest[key]) continue;
        seen.add(key);
        closure(manifest[key].imports ?? [], seen);
      }
      return seen;
    };
    const bytes = (file: string) => readFileSync(path.join(outDir, file));
    const weights: Record<string, PageWeight> = {};
    const pages = Object.entries(ROUTE_MODULES).flatMap(([route, modules]) => [
      { route, modules },
      // The same page for a visitor of another language: its catalog comes too (STUDENT_ROUTES only).
      ...(STUDENT_ROUTES.includes(route)
        ? Object.entries(CATALOGS).map(([language, catalog]) => ({ route: `${route} (${language})`, modules: [...modules, catalog] }))
        : []),
    ]);
    for (const { route, modules } of pages) {
      for (const module of modules) if (!manifest[module]) throw new Error(`${module} (${route}) is not a chunk of the build`);
      const chunks = [...closure(['index.html', ...modules])].map((key) => manifest[key]);
      // A light page in another language loads the same script: every language's markup is in its HTML.
      const light = lightScriptOf(outDir, route.replace(/ \(\w+\)$/, ''));
      const js = light ? [bytes(light)] : chunks.map((c) => bytes(c.file));
      const css = light ? [] : [...new Set(chunks.flatMap((c) => c.css ?? []))].map(bytes);
      weights[route] = {
        js_gzip: js.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
        js_brotli: js.reduce((sum, b) => sum + brotliCompressSync(b).length, 0),
        css_gzip: css.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
      };
    }
    return weights;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
