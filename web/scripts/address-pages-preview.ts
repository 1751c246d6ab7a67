import type { Plugin } from 'vite';
import { addressPageFile } from '../src/app/addressPages.ts';

/**
 * `vite preview` (the end-to-end tests' host) answers a course's address with course.html, a class
 * link with class.html and a private link with track.html, as docs/deploying.md asks of hosts.
 */
export function addressPagesPreview(): Plugin {
  return {
    name: 'classpulse:address-pages-preview',
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        const { pathname } = new URL(request.url ?? '/', 'http://preview.invalid');
        const file = addressPageFile(pathname);
        if (file) request.url = `/${file}`;
        next();
      });
    },
  };
}
