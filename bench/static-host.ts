// The production build served the way a plain static host serves it: files from the build folder,
// `<path>.html` for a path without an extension when the build has one (course.html for a course's,
// class.html for a class link's, track.html for a private link's),
// precompressed `.br`/`.gz` siblings when they exist, otherwise compressed on the fly, and
// index.html for every other path (the app's client-side routes).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { addressPageFile } from '../web/src/app/addressPages.ts';

export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

export async function serveBuild(outDir: string, port: number): Promise<StaticHost> {
  const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const app = new Hono();
  app.use(compress());
  app.use('/assets/*', async (c, next) => {
    await next();
    // Vite's assets carry a content hash in their names: cached for good, as hosts do.
    if (c.res.ok) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  const root = path.relative(process.cwd(), outDir);
  // `/course-search` is answered by `course-search.html` when the build has one (a prerendered page),
  // every course's address by `course.html`, every class link by `class.html`, every private link by
  // `track.html` (docs/deploying.md).
  const withHtml = (requestPath: string) => {
    const file = addressPageFile(requestPath);
    if (file && existsSync(path.join(outDir, file))) return `/${file}`;
    return path.extname(requestPath) === '' && existsSync(path.join(outDir, `${requestPath}.html`)) ? `${requestPath}.html` : requestPath;
  };
  app.use('*', serveStatic({ root, precompressed: true, rewriteRequestPath: withHtml }));
  app.get('*', (c) => c.html(index));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
