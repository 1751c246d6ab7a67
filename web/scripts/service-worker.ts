/**
 * The service worker (web/service-worker/sw.ts), built by vite-plugin-pwa (Workbox) after the
 * student pages' HTML has been written (web/scripts/student-pages.ts), so their files are in its precache list
 * (docs/decisions/service-worker.md). Pages register it once they have loaded
 * and the browser is idle. Under `npm start` (Vite's dev server) nothing is precached: /sw.js is
 * the reply-notification handler alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, PluginOption, ResolvedConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { REGISTER_SERVICE_WORKER, SERVICE_WORKER_URL } from './register-service-worker.ts';
import { STUDENT_MANIFEST } from './student-vite-config.ts';

function registerAfterLoad(): Plugin {
  return {
    name: 'classpulse:register-service-worker',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'script', children: REGISTER_SERVICE_WORKER, injectTo: 'head' }],
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

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['manifestTransforms']>[number];

/**
 * Keeps what a student's phone needs again: the student pages' HTML and their code (the student
 * build's every file: web/scripts/student-pages.ts), app.html (the answer to any other address),
 * and the site's own files. The professor app's code is left out: a student's phone would download
 * it for nothing; a professor's pages load it from the network or the browser's cache.
 */
function studentFilesOnly(config: () => ResolvedConfig): ManifestTransform {
  return async (entries) => {
    const { root, build } = config();
    const outDir = path.resolve(root, build.outDir);
    const manifest = JSON.parse(await readFile(path.join(outDir, STUDENT_MANIFEST), 'utf8')) as Record<string, { file: string }>;
    const studentAssets = new Set(Object.values(manifest).map((chunk) => chunk.file));
    const assets = `${build.assetsDir}/`;
    return { manifest: entries.filter((entry) => !entry.url.startsWith(assets) || studentAssets.has(entry.url)) };
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
        // The code under hashed names, every student page (course.html included), app.html, the icon.
        globPatterns: ['**/*.{js,css,html,svg}'],
        // The worker and what it imports are kept by the browser with the registration; what a host
        // with SSI includes into pages (_ssi/) is never a page of its own.
        globIgnores: ['sw.js', 'reply-push-sw.js', '_ssi/**'],
        manifestTransforms: [studentFilesOnly(resolved)],
        // A classic worker (registered without `type: 'module'`, and it calls importScripts), so a
        // classic script.
        rollupFormat: 'iife',
      },
    }),
    registerAfterLoad(),
    devWorker(),
  ];
}
