import path from 'node:path';
import { type Plugin, build, createServer, preview } from 'vite';
import { ROOT } from './config.ts';

const CONFIG_FILE = path.join(ROOT, 'web', 'vite.config.ts');

export interface RunningWeb {
  url: string;
  close(): Promise<void>;
}

function exposeApi(apiUrl: string, anonKey: string) {
  // Vite exposes VITE_* variables of the environment to the client code.
  process.env.VITE_SUPABASE_URL = apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = anonKey;
}

/** The Vite dev server for `npm start`, pointed at the local API. */
export async function startWebDevServer(opts: { port: number; apiUrl: string; anonKey: string }): Promise<RunningWeb> {
  exposeApi(opts.apiUrl, opts.anonKey);
  const server = await createServer({
    configFile: CONFIG_FILE,
    logLevel: 'warn',
    server: { port: opts.port, strictPort: true, host: 'localhost' },
  });
  await server.listen();
  return { url: `http://localhost:${opts.port}`, close: () => server.close() };
}

/** A production build pointed at `apiUrl`, in `outDir`. */
export async function buildWeb(opts: { apiUrl: string; anonKey: string; outDir: string }): Promise<void> {
  exposeApi(opts.apiUrl, opts.anonKey);
  await build({ configFile: CONFIG_FILE, logLevel: 'warn', build: { outDir: opts.outDir, emptyOutDir: true } });
}

/**
 * `vite preview` gzips every response anew, and a browser test's fresh context fetches the app's
 * scripts again on every page: on loopback that is CPU spent twice for no transfer saved. Asking
 * for no encoding before its compression sees the request serves the files as they are.
 */
const noCompression: Plugin = {
  name: 'classpulse:preview-without-compression',
  configurePreviewServer(server) {
    // Middlewares added here, rather than in a returned hook, run before Vite's own.
    server.middlewares.use((req, _res, next) => {
      delete req.headers['accept-encoding'];
      next();
    });
  },
};

/** A production build in `outDir`, served by `vite preview` (what end-to-end tests use). */
export async function previewWeb(opts: { port: number; outDir: string }): Promise<RunningWeb> {
  const server = await preview({
    configFile: CONFIG_FILE,
    plugins: [noCompression],
    logLevel: 'warn',
    build: { outDir: opts.outDir },
    preview: { port: opts.port, strictPort: true, host: '127.0.0.1' },
  });
  return {
    url: `http://127.0.0.1:${opts.port}`,
    close: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
  };
}

/** A production build pointed at `apiUrl`, served by `vite preview` (the screenshots). */
export async function buildAndPreview(opts: { port: number; apiUrl: string; anonKey: string; outDir: string }): Promise<RunningWeb> {
  await buildWeb(opts);
  return previewWeb(opts);
}
