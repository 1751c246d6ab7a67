// `npm run lock:complete`, after any `npm install <package>`: the npm registry reachable from this
// project's machines does not serve some optional, other-platform binaries (Deno, PostgREST and
// the Supabase CLI for macOS, Windows, arm64, musl), so npm leaves them out of package-lock.json
// and `npm ci` then refuses the lock. This records each missing one as an optional entry for its
// own platform, which npm ci skips on Linux x64 without downloading anything.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './config.ts';

interface LockEntry {
  version?: string;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

/** The platform a binary package is for, from its name (e.g. `@deno/linux-arm64-glibc`). */
function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const os =
    ['darwin', 'win32', 'android', 'openharmony', 'freebsd'].find((o) => name.includes(o)) ?? (/windows/.test(name) ? 'win32' : 'linux');
  const cpu =
    ['arm64', 'loong64', 'ppc64', 'riscv64', 's390x', 'ia32'].find((c) => name.includes(c)) ?? (/-arm-|-arm$/.test(name) ? 'arm' : 'x64');
  const libc = /musl/.test(name) ? ['musl'] : os === 'linux' && /glibc|gnu/.test(name) ? ['glibc'] : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

const file = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const added: string[] = [];
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || !/(darwin|win32|windows|linux|android|openharmony|freebsd|arm64|musl)/.test(name)) continue;
    lock.packages[key] = { version, optional: true, ...platformOf(name) };
    added.push(`${name}@${version}`);
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(added.length ? `recorded ${added.length} other-platform binaries: ${added.join(', ')}` : 'package-lock.json is complete');
