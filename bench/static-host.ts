// The production build served the way a plain static host serves it: files from the build folder,
// a student page's file for its address (web/src/student/pages.ts: `/submit` is submit.html, every
// course's address course.html, every class link class.html, every private link track.html),
// precompressed `.br`/`.gz` siblings when they exist, otherwise compressed on the fly, and
// app.html for every other path (the professor app's client-side routes).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { APP_FILE } from '../web/scripts/student-vite-config.ts';
import { studentPageAt } from '../web/src/student/pages.ts';

export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

export async function serveBuild(outDir: string, port: number): Promise<StaticHost> {
  const appHtml = await readFile(path.join(outDir, APP_FILE), 'utf8');
  const app = new Hono();
  app.use(compress());
  app.use('/assets/*', async (c, next) => {
    await next();
    // Vite's assets carry a content hash in their names: cached for good, as hosts do.
    if (c.res.ok) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  const root = path.relative(process.cwd(), outDir);
  // A student page's address is answered by its file, as hosts must (docs/deploying.md).
  const withPageFile = (requestPath: string) => {
    const page = path.extname(requestPath) === '' ? studentPageAt(requestPath) : undefined;
    return page ? `/${page.file}` : requestPath;
  };
  app.use('*', serveStatic({ root, precompressed: true, rewriteRequestPath: withPageFile }));
  app.get('*', (c) => c.html(appHtml));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
