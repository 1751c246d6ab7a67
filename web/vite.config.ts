import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './scripts/service-worker.ts';
import { APP_FILE, studentPages } from './scripts/student-pages.ts';

const port = Number(process.env.WEB_PORT ?? 5173);
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // The professor app is built here; the student pages by studentPages() beside it (scripts/student-pages.ts).
  // The service worker is built last (its plugin runs after the others): it lists the student pages.
  plugins: [react(), studentPages(), serviceWorker()],
  resolve: { alias: [{ find: /^styled-system\//, replacement: `${root}styled-system/` }] },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, rollupOptions: { input: { app: `${root}${APP_FILE}` } } },
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
});
