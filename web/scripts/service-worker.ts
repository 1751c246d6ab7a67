/**
 * The service worker (web/service-worker/sw.ts), built by vite-plugin-pwa (Workbox) after the
 * prerender has written the student pages' HTML, so their files are in its precache list
 * (docs/decisions/service-worker.md). Pages register it once they have loaded
 * and the browser is idle. Under `npm start` (Vite's dev server) nothing is precached: /sw.js is
 * the reply-notification handler alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, PluginOption, ResolvedConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { isLightScript } from './light-script.ts';

export const SERVICE_WORKER_URL = '/sw.js';

/** What each page runs: after `load`, when the browser is idle (or 5 s later), never before the page is drawn. */
const REGISTER =
  `if('serviceWorker' in navigator)addEventListener('load',()=>{const register=()=>navigator.serviceWorker.register('${SERVICE_WORKER_URL}').catch(()=>{});` +
  `'requestIdleCallback' in window?requestIdleCallback(register,{timeout:5000}):setTimeout(register,1000)})`;

function registerAfterLoad(): Plugin {
  return {
    name: 'classpulse:register-service-worker',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'script', children: REGISTER, injectTo: 'head' }],
  };
}

/** The dev server's /sw.js: push only; precaching there would answer with stale modules while editing. */
function devWorker(): Plugin {
  return {
    name: 'classpulse:dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(SERVICE_WORKER_URL, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.setHeader('Cache-Control', 'no-cache');
        response.end("importScripts('/reply-push-sw.js');\n");
      });
    },
  };
}

/**
 * Code no student page loads, left out of the precache: professors' pages (the dashboard's charts
 * are most of the build) and the sign-in client. A student's phone would download it for nothing;
 * those pages still open from the device's index.html, their code from the browser's cache or the
 * network. Everything else the app may load, lazily too (the toaster, a page's later parts), is kept.
 */
const NOT_STUDENT_CODE =
  /^src\/(features\/(professor|dashboard|live|admin|auth|user-stories)\/|app\/layout\/(Bare)?ProfessorLayout)|\/node_modules\/@supabase\/ssr\//;

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['manifestTransforms']>[number];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The files the entry may load, statically or lazily, without going through professors' code. */
function studentFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || NOT_STUDENT_CODE.test(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  visit('index.html');
  return files;
}

/** Keeps of the build's assets those of the student pages, the light pages' script among them (every other file matched stays). */
function studentCodeOnly(config: () => ResolvedConfig): ManifestTransform {
  return async (entries) => {
    const { root, build } = config();
    const outDir = path.resolve(root, build.outDir);
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const keep = studentFiles(manifest);
    const assets = `${build.assetsDir}/`;
    return { manifest: entries.filter((entry) => !entry.url.startsWith(assets) || keep.has(entry.url) || isLightScript(entry.url)) };
  };
}

export function serviceWorker(): PluginOption[] {
  let config: ResolvedConfig | undefined;
  const resolved = () => {
    if (!config) throw new Error('the service worker is built before the configuration is known');
    return config;
  };
  return [
    { name: 'classpulse:service-worker-config', configResolved: (value) => void (config = value) },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // Registered by the script above, with no manifest: the app is not offered for installing.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The code under hashed names, every prerendered page (course.html included), the icon.
        globPatterns: ['**/*.{js,css,html,svg}'],
        // The worker and what it imports are kept by the browser with the registration.
        globIgnores: ['sw.js', 'reply-push-sw.js'],
        manifestTransforms: [studentCodeOnly(resolved)],
        // A classic worker (registered without `type: 'module'`, and it calls importScripts), so a
        // classic script.
        rollupFormat: 'iife',
      },
    }),
    registerAfterLoad(),
    devWorker(),
  ];
}
