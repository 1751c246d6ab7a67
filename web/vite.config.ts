import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { addressPagesPreview } from './scripts/address-pages-preview.ts';
import { prerenderStudentPages } from './scripts/prerender.ts';
import { serviceWorker } from './scripts/service-worker.ts';

const port = Number(process.env.WEB_PORT ?? 5173);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The service worker is built last (its plugin runs after the others): it lists the prerendered pages.
  plugins: [react(), prerenderStudentPages(), addressPagesPreview(), serviceWorker()],
  // The manifest maps each route module to its chunks: bench/page-weight.ts measures what each route downloads before it is usable.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
});
