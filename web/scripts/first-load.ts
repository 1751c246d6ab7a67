/**
 * Gzip size of the JavaScript a route needs before it is usable: the entry's static imports plus
 * the route module's static imports (lazy chunks such as the toaster view or the auth client are
 * listed apart). Budget for student routes: 200 KB (docs/architecture.md, "Page weight").
 *
 *   npx vite build --config web/vite.config.ts
 *   npx tsx web/scripts/first-load.ts            # every student route
 *   npx tsx web/scripts/first-load.ts src/features/submit/SubmitPage.tsx
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const BUDGET_BYTES = 200 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (key: string) => gzipSync(readFileSync(path.join(dist, manifest[key]!.file))).length / 1024;

const routes = process.argv.slice(2);
// The student routes (/track adds its lazy TrackedSubmission to /submit's page module).
const STUDENT_ROUTES = [
  'src/features/landing/LandingPage.tsx',
  'src/features/courses/CourseSearchPage.tsx',
  'src/features/courses/CourseDetailPage.tsx',
  'src/features/class-session/ClassLinkPage.tsx',
  'src/features/class-session/ClassSessionPage.tsx',
  'src/features/submit/SubmitPage.tsx',
  'src/features/submit/TrackedSubmission.tsx',
];
if (routes.length === 0) routes.push(...STUDENT_ROUTES);
let overBudget = false;
for (const route of routes) {
  if (!manifest[route]) throw new Error(`${route} is not a chunk of this build`);
  const critical = staticClosure(['index.html', route]);
  const deferred = new Set(['index.html', route].flatMap((key) => manifest[key]?.dynamicImports ?? []));
  const total = [...critical].reduce((sum, key) => sum + gzipKb(key), 0);
  console.log(`${route}: ${total.toFixed(1)} KB gzip before usable`);
  for (const key of critical) console.log(`  ${gzipKb(key).toFixed(1).padStart(6)} KB  ${manifest[key]!.file}`);
  const lazy = [...deferred].filter((key) => !critical.has(key) && !key.includes('/features/'));
  for (const key of lazy) console.log(`  (lazy)  ${gzipKb(key).toFixed(1).padStart(6)} KB  ${manifest[key]!.file}  ← ${key}`);
  if (total * 1024 > BUDGET_BYTES) overBudget = true;
}
process.exitCode = overBudget ? 1 : 0;
