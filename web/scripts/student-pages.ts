/**
 * The student pages (docs/decisions/student-pages.md), the same way under `npm start` and in the
 * build: each page rendered to HTML by web/src/student/render/server.tsx in every language, with
 * the document around it (render/document.ts), and hydrated where it is interactive by one script,
 * web/src/student/boot.ts, compiled with Preact. The professor app is the rest of the build.
 *
 * - `vite build`: after the app, a client build of the student code (boot, one chunk per island,
 *   the stylesheet) and an SSR build of the renderer; then every page's file, styles inline.
 * - `vite` (dev): a second Vite server, for the student code alone (its own `react` is Preact),
 *   mounted at /@student/; a student page's address is rendered on each request.
 * - `vite preview`: a family of addresses is answered by its page's file, anything else that is
 *   not a file by the app's (app.html), as hosts must (docs/deploying.md).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Plugin, type ResolvedConfig, type ViteDevServer, build, createServer } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language, THEME_STORAGE_KEY } from '../src/i18n/languages.ts';
import { STUDENT_PAGES, studentPageAt } from '../src/student/pages.ts';
import type { StudentPage } from '../src/student/page.ts';
import { LANGUAGE_SWAP_GLOBAL, type RenderedBody, studentDocument } from '../src/student/render/document.ts';
import { firstReadsScript } from '../src/student/render/firstReadsScript.ts';
import {
  DISABLED_WHILE_BLANK_ATTRIBUTE,
  ENABLED_ON_LISTEN_ATTRIBUTE,
  ISLAND_ATTRIBUTE,
  ISLAND_LIVE_ATTRIBUTE,
  ISLAND_ON_USE_ATTRIBUTE,
  LOADER_GLOBAL,
} from '../src/student/runtime/islandMarks.ts';
import { CARRIED_TOASTS_MARK, QUERY_MARK } from '../src/student/runtime/pageMarks.ts';
import { EDIT_TOKEN } from '../src/student/pages/form-post/outcome.ts';
import { SENT_TOKEN_MARK } from '../src/student/pages/form-post/sentMarks.ts';
import { FIRST_USE } from '../src/student/runtime/firstUse.ts';
import { SKIP_TARGET_ID } from '../src/student/shell/skipTarget.ts';
import { PLACEHOLDER_LINK } from '../src/student/ui/placeholderLink.ts';
import { CARRIED_TOASTS_KEY } from '../src/lib/carriedToasts.ts';
import { inlineScript } from './inline-script.ts';
import { APP_FILE, STUDENT_MANIFEST, studentViteConfig } from './student-vite-config.ts';

export { APP_FILE, STUDENT_MANIFEST };
import { readApiConfig } from '../src/lib/config.ts';
import { authStorageKey } from '../src/lib/sessionCookie.ts';
import { REMEMBERED_MARK, REMEMBERED_STORAGE_KEY } from '../src/shared/rememberedFeedbackStore.ts';
import { precompress } from './precompress.ts';
import { REGISTER_SERVICE_WORKER } from './register-service-worker.ts';

type Renderer = typeof import('../src/student/render/server.tsx');

const BOOT = 'src/student/boot.ts';
const STYLES = 'src/student/styles.css';
const RENDERER = 'src/student/render/server.tsx';
const DEV_BASE = '/@student/';

/**
 * How the student code is cut into files, so a page asks for a few rather than dozens (each a
 * request on a phone's network): what every page runs (Preact, the styles' runtime, the shell and
 * the building blocks) in one; the data clients and façade in another, for the pages that read;
 * the forms' parts in a third (their checks, with zod, load at the first focus); each island's own
 * code in its own.
 */
/** Modules of a group, islands left out: each island stays a file of its own, which boot.ts imports by name. */
const inGroup = (pattern: RegExp) => (id: string) => !id.endsWith('.island.tsx') && pattern.test(id);

const STUDENT_CHUNKS = {
  groups: [
    {
      name: 'base',
      priority: 3,
      test: inGroup(
        /node_modules\/preact|styled-system\/|src\/student\/(runtime|shell)\/|src\/student\/ui\/(primitives|AppLink|icons|toaster|Toaster|Alert|Card|states|BadgeList|FooterLinks|errorColor|Field|Checkbox)|src\/i18n\/|src\/lib\/(config|sessionCookie|ids)|src\/shared\/(rememberedFeedback|colorMode|themeChoice|arrivedFromThisSite|keepFocusOnBusyButtons)/,
      ),
    },
    // The clients and what reads with them, never what is loaded lazily (zod, the sign-in client).
    {
      name: 'data',
      priority: 2,
      test: inGroup(
        /node_modules\/@supabase\/(postgrest-js|functions-js)\/|src\/lib\/(clients|errors|serverMessages|prefetched|invoke|json|authClient|database)\.|src\/shared\/(errorMessage|dates|localDate|deviceId)\./,
      ),
    },
    {
      name: 'forms',
      priority: 1,
      test: inGroup(
        /src\/student\/forms\/(?!schemas\.)|src\/student\/ui\/(PrivateLink|NotifyOnReply|ProfessorReply|ProfessorNotes|SavedOnDevice|clipboard)|src\/shared\/(pendingSubmissions|storedFeedback|privateLink|pushSupport|labels|feedbackAddress|expiredLink)/,
      ),
    },
  ],
};

/** The inline scripts every student page carries (render/settings.inline.ts, render/language.inline.ts, render/loader.inline.ts). */
async function inlineScripts() {
  const source = (name: string) => new URL(`../src/student/render/${name}.inline.ts`, import.meta.url);
  return {
    settings: await inlineScript(source('settings'), {
      languages: LANGUAGES.map(({ code }) => code),
      fallback: DEFAULT_LANGUAGE,
      languageKey: LANGUAGE_STORAGE_KEY,
      themeKey: THEME_STORAGE_KEY,
      sessionCookie: authStorageKey(readApiConfig(process.env).supabaseUrl),
      rememberedKey: REMEMBERED_STORAGE_KEY,
      rememberedMark: REMEMBERED_MARK,
      queryMark: QUERY_MARK,
      carriedToastsKey: CARRIED_TOASTS_KEY,
      carriedToastsMark: CARRIED_TOASTS_MARK,
      sentTokenMark: SENT_TOKEN_MARK,
      editTokenPattern: EDIT_TOKEN.source,
    }),
    languageSwap: await inlineScript(source('language'), { global: LANGUAGE_SWAP_GLOBAL, island: ISLAND_ATTRIBUTE }),
    loader: await inlineScript(source('loader'), {
      signsOfUse: [...FIRST_USE, 'touchstart'],
      global: LOADER_GLOBAL,
      island: ISLAND_ATTRIBUTE,
      onUse: ISLAND_ON_USE_ATTRIBUTE,
      live: ISLAND_LIVE_ATTRIBUTE,
      enabledOnListen: ENABLED_ON_LISTEN_ATTRIBUTE,
      disabledWhileBlank: DISABLED_WHILE_BLANK_ATTRIBUTE,
      skipTarget: SKIP_TARGET_ID,
      placeholderLink: PLACEHOLDER_LINK,
    }),
  };
}

async function renderBodies(renderer: Renderer, page: StudentPage) {
  const bodies = {} as Record<Language, RenderedBody>;
  const islands = new Set<string>();
  let runsAtLoad = false;
  for (const { code } of LANGUAGES) {
    const rendered = await renderer.renderStudentPage(page, code);
    bodies[code] = { html: rendered.html, title: rendered.title };
    rendered.islands.forEach((island) => islands.add(island));
    runsAtLoad ||= rendered.islandsAtLoad.length > 0;
  }
  return { bodies, islands: [...islands], runsAtLoad };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** A chunk and what it imports statically, as site paths. */
function chunksOf(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the student build`);
  if (into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  chunk.imports?.forEach((imported) => chunksOf(manifest, imported, into));
  return into;
}

/** Where an island's code is in the build: the key the manifest gives its file. */
const islandSource = (island: string) => `src/student/${island}.island.tsx`;

/** Writes `text` to `file` under the build's folder, its folders made first. */
async function writeBuilt(outDir: string, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
  await writeFile(path.join(outDir, file), text);
}

async function buildStudentPages(config: ResolvedConfig): Promise<void> {
  const root = config.root;
  const outDir = path.resolve(root, config.build.outDir);
  const base = studentViteConfig(root, config.mode);
  await build({
    ...base,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: STUDENT_MANIFEST,
      // Each page names the chunks it needs in its HTML: nothing is preloaded by the bundler's own code.
      modulePreload: false,
      rollupOptions: {
        input: { boot: path.join(root, BOOT), styles: path.join(root, STYLES) },
        output: { codeSplitting: STUDENT_CHUNKS },
      },
    },
  });
  const manifest = JSON.parse(await readFile(path.join(outDir, STUDENT_MANIFEST), 'utf8')) as Record<string, ManifestChunk>;
  const styles = await readFile(path.join(outDir, manifest[STYLES]!.file), 'utf8');
  const boot = [...chunksOf(manifest, BOOT)];

  // A folder of its own for each build: one process may build more than once (tests, bench), and Node keeps a module per address.
  const serverDir = path.join(root, '.prerender', `${process.pid}-${Date.now()}`);
  await build({ ...base, build: { ssr: path.join(root, RENDERER), outDir: serverDir, emptyOutDir: true } });
  try {
    const renderer = (await import(pathToFileURL(path.join(serverDir, 'server.js')).href)) as Renderer;
    const scripts = { ...(await inlineScripts()), afterLoad: REGISTER_SERVICE_WORKER };
    for (const page of STUDENT_PAGES) {
      const { bodies, islands, runsAtLoad } = await renderBodies(renderer, page);
      const preload = new Set<string>(boot.slice(1));
      islands.forEach((island) => chunksOf(manifest, islandSource(island), preload));
      boot.forEach((file) => preload.delete(file));
      const html = studentDocument({
        page,
        bodies,
        styles: { inline: styles },
        boot: boot[0]!,
        preload: [...boot.slice(1), ...preload],
        runsAtLoad,
        scripts: { ...scripts, firstReads: await firstReadsScript(page, base) },
      });
      await writeBuilt(outDir, page.file, html);
    }
    // What a host with SSI writes into the pages (render/hostedCourse.tsx): included by them, never served as pages.
    for (const [file, commands] of Object.entries(renderer.renderHostFiles())) await writeBuilt(outDir, file, commands);
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}

/** The path of a request for a page (an address, not a module, a file or an API call); as in Vite's own fallback, an Accept of any type asks for one too. */
function pageRequest(request: IncomingMessage): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const accept = request.headers.accept ?? '*/*';
  if (!accept.includes('text/html') && !accept.includes('*/*')) return undefined;
  const pathname = new URL(request.url ?? '/', 'http://dev.invalid').pathname;
  // A private link's address ends in `.<secret>`, which can look like a file's extension.
  if (studentPageAt(pathname)) return pathname;
  if (/\.[a-z0-9]+$/i.test(pathname) || /^\/(@|src\/|node_modules\/)/.test(pathname)) return undefined;
  return pathname;
}

/** `npm start`: the student pages from a Vite server of their own, rendered per request; every other page is the app's. */
function devServer(): Plugin {
  let student: ViteDevServer | undefined;
  return {
    name: 'classpulse:student-pages-dev',
    apply: 'serve',
    async configureServer(server) {
      student = await createServer({
        ...studentViteConfig(server.config.root, server.config.mode),
        base: DEV_BASE,
        appType: 'custom',
        server: { middlewareMode: true, hmr: server.httpServer ? { server: server.httpServer } : false },
      });
      const renderer = student;
      const scripts = inlineScripts();
      server.middlewares.use(renderer.middlewares);
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => {
        const pathname = pageRequest(request);
        if (pathname === undefined) return next();
        const page = studentPageAt(pathname);
        void (async () => {
          let html: string;
          if (page) {
            const module = (await renderer.ssrLoadModule(`/${RENDERER}`)) as Renderer;
            const { bodies, runsAtLoad } = await renderBodies(module, page);
            const firstReads = await firstReadsScript(page, studentViteConfig(server.config.root, server.config.mode));
            html = studentDocument({
              page,
              bodies,
              styles: { href: `${DEV_BASE}${STYLES}` },
              boot: `${DEV_BASE}${BOOT}`,
              preload: [],
              runsAtLoad,
              scripts: { ...(await scripts), firstReads },
              // The student server's client: a change to a student file reloads the page.
              head: `<script type="module" src="${DEV_BASE}@vite/client"></script>`,
            });
          } else {
            html = await server.transformIndexHtml(
              request.url ?? pathname,
              await readFile(path.join(server.config.root, APP_FILE), 'utf8'),
            );
          }
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.setHeader('Cache-Control', 'no-cache');
          response.end(html);
        })().catch((error: Error) => {
          renderer.ssrFixStacktrace(error);
          next(error);
        });
      });
    },
    async closeBundle() {
      await student?.close();
    },
  };
}

/** `vite preview` answers as hosts must: a family of addresses with its page's file, the app's other addresses with app.html. */
function previewServer(): Plugin {
  return {
    name: 'classpulse:student-pages-preview',
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = pageRequest(request);
        if (pathname !== undefined) {
          const page = studentPageAt(pathname);
          const query = request.url?.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          request.url = `/${page ? page.file : APP_FILE}${query}`;
        }
        next();
      });
    },
  };
}

export function studentPages(): Plugin[] {
  let config: ResolvedConfig | undefined;
  const scripts = inlineScripts();
  return [
    {
      // The app's HTML gets the student pages' first script: the stored language and theme before first paint.
      name: 'classpulse:app-settings-script',
      transformIndexHtml: async () => [{ tag: 'script', children: (await scripts).settings, injectTo: 'head-prepend' }],
    },
    {
      name: 'classpulse:student-pages-build',
      apply: 'build',
      configResolved: (resolved) => void (config = resolved),
      // After the app's bundle: the student build writes beside it; then every text file gets its compressed copies.
      closeBundle: {
        sequential: true,
        order: 'pre',
        async handler() {
          if (!config || config.build.ssr) return;
          await buildStudentPages(config);
          await precompress(path.resolve(config.root, config.build.outDir));
        },
      },
    },
    devServer(),
    previewServer(),
  ];
}
