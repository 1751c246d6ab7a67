// Page weight: the JavaScript a page loads until it is idle, as a host serves it compressed (gzip and
// brotli), from the production build. A student page (web/src/student/pages.ts) loads what its HTML
// names: the modules of its loader's `data-modules`, its boot script and each chunk its islands
// need, as it loads or, where every island waits for its first use, at that use (counted all the
// same); a visitor of another language also loads that language's student catalog (boot.ts). A page of the professor
// app loads its entry's static imports and its route module's (lazy chunks, such as the toaster view
// or the auth client, are not counted). `npm run bench -- page-weight`. Student pages: target 60 KB
// of JavaScript gzip, budget 90 KB (docs/performance.md); a benchmark reports, it never fails.
// Lighthouse's part measures the same as the phone downloads it (`js_kb`).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { ROOT } from '../stack/config.ts';
import { APP_FILE, STUDENT_MANIFEST } from '../web/scripts/student-vite-config.ts';
import type { StudentPage } from '../web/src/student/page.ts';
import { STUDENT_PAGES } from '../web/src/student/pages.ts';

/** Target and budget for a student page's JavaScript, gzip. */
export const STUDENT_TARGET_BYTES = 60 * 1024;
export const STUDENT_BUDGET_BYTES = 90 * 1024;

/** The professor app's pages measured, by path: the route module of web/src/app/router.tsx. */
const APP_PAGES: Record<string, string> = { '/professor/dashboard': 'src/features/dashboard/DashboardPage.tsx' };
const APP_MANIFEST = '.vite/manifest.json';

/** Each language's student catalog, by language: boot.ts loads it for a visitor of that language before the islands start. */
const STUDENT_CATALOGS: Record<string, string> = { es: 'src/locales/es/student-side.ts' };

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A page's files, relative to the build's folder. */
interface PageFiles {
  html: string;
  js: string[];
  css: string[];
}

export interface PageWeight {
  /** Its JavaScript until idle, as a host sends it. */
  js_gzip: number;
  js_brotli: number;
  /** Its stylesheet files (a student page has none: its styles are in its HTML). */
  css_gzip: number;
  /** Its HTML: a student page's carries its styles and its markup in every language. */
  html_gzip: number;
}

const readManifest = (outDir: string, file: string) => JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as Manifest;

/** The chunks of `keys` and everything they import statically. */
function chunksOf(manifest: Manifest, keys: string[], seen = new Map<string, ManifestChunk>()): ManifestChunk[] {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build`);
    if (seen.has(key)) continue;
    seen.set(key, chunk);
    chunksOf(manifest, chunk.imports ?? [], seen);
  }
  return [...seen.values()];
}

const LOADER_MODULES = /<script\b[^>]*\bdata-modules="([^"]+)"/;

/** The scripts a page's HTML loads (web/scripts/student-pages.ts writes them): the modules its loader names. */
function scriptsNamedIn(html: string): string[] {
  const named = LOADER_MODULES.exec(html)?.[1];
  if (!named) throw new Error('a student page names its modules in its loader (render/loader.inline.ts)');
  return named.split(' ').map((href) => href.replace(/^\//, ''));
}

/** A student page as an English visitor gets it, and as a visitor of each other language (with its catalog). */
function studentPageFiles(outDir: string, manifest: Manifest, page: StudentPage): [string, PageFiles][] {
  const files = { html: page.file, js: scriptsNamedIn(readFileSync(path.join(outDir, page.file), 'utf8')), css: [] };
  return [
    [page.path, files],
    ...Object.entries(STUDENT_CATALOGS).map(([language, catalog]): [string, PageFiles] => [
      `${page.path} (${language})`,
      { ...files, js: [...new Set([...files.js, ...chunksOf(manifest, [catalog]).map((chunk) => chunk.file)])] },
    ]),
  ];
}

function appPageFiles(manifest: Manifest, routeModule: string): PageFiles {
  const chunks = chunksOf(manifest, [APP_FILE, routeModule]);
  return { html: APP_FILE, js: chunks.map((chunk) => chunk.file), css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))] };
}

/**
 * A file's size as a host sends it: the build's compressed copy (`.gz`, `.br`: web/scripts/precompress.ts,
 * what nginx's gzip_static and brotli_static send); a file too small to have one goes as it is.
 */
function servedBytes(outDir: string, file: string, extension: '.gz' | '.br'): number {
  const copy = path.join(outDir, `${file}${extension}`);
  return statSync(existsSync(copy) ? copy : path.join(outDir, file)).size;
}

const servedSum = (outDir: string, files: string[], extension: '.gz' | '.br') =>
  files.reduce((sum, file) => sum + servedBytes(outDir, file, extension), 0);

function weigh(outDir: string, { html, js, css }: PageFiles): PageWeight {
  return {
    js_gzip: servedSum(outDir, js, '.gz'),
    js_brotli: servedSum(outDir, js, '.br'),
    css_gzip: servedSum(outDir, css, '.gz'),
    html_gzip: servedBytes(outDir, html, '.gz'),
  };
}

/** Every student page (in each language with a catalog) and the professor app's pages, by name. */
function pagesOf(outDir: string): [string, PageFiles][] {
  const studentManifest = readManifest(outDir, STUDENT_MANIFEST);
  const appManifest = readManifest(outDir, APP_MANIFEST);
  return [
    ...STUDENT_PAGES.flatMap((page: StudentPage) => studentPageFiles(outDir, studentManifest, page)),
    ...Object.entries(APP_PAGES).map(([route, routeModule]): [string, PageFiles] => [route, appPageFiles(appManifest, routeModule)]),
  ];
}

export async function measurePageWeight(): Promise<Record<string, PageWeight>> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-weight-'));
  try {
    await build({
      configFile: path.join(ROOT, 'web', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    return Object.fromEntries(pagesOf(outDir).map(([name, files]) => [name, weigh(outDir, files)]));
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
