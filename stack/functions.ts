import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import getPort from 'get-port';
import { ROOT, readProjectConfig } from './config.ts';
import { answers, supervise, type Log, type Supervised } from './processes.ts';

const DENO = path.join(ROOT, 'node_modules', '@deno', 'linux-x64-glibc', 'deno');
const HOST = path.join(ROOT, 'stack', 'deno', 'host.ts');

export interface RunningFunction {
  name: string;
  verifyJwt: boolean;
  port: number;
  /** 0 for the first instance of the function, 1 for the second… */
  instance: number;
  process: Supervised;
}

interface FunctionsOptions {
  supabaseDir: string;
  env: Record<string, string>;
  log: Log;
  /** Only these functions (all by default): tests start a second set with another environment. */
  only?: string[];
  /**
   * Processes per function (1): the edge runtime starts as many as traffic needs, and the
   * benchmarks' campus peak runs several behind the gateway's round robin.
   */
  instances?: number;
}

/** Every folder of supabase/functions with an index.ts, except shared ones (`_shared`). */
export function discoverFunctions(supabaseDir: string): { name: string; verifyJwt: boolean }[] {
  const dir = path.join(supabaseDir, 'functions');
  if (!existsSync(dir)) return [];
  const configured = new Map(readProjectConfig(supabaseDir).functions.map((f) => [f.name, f.verifyJwt]));
  return (
    readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
      .filter((d) => existsSync(path.join(dir, d.name, 'index.ts')))
      // Supabase's default is verify_jwt = true unless config.toml says otherwise.
      .map((d) => ({ name: d.name, verifyJwt: configured.get(d.name) ?? true }))
  );
}

/**
 * Brings every npm: import of the functions into Deno's cache once, before any function starts:
 * not each of nine processes fetching the same packages on a fresh machine. Deno trusts only its
 * own copy of Mozilla's roots unless told, so behind a proxy that signs with a CA of the machine's
 * (which npm, git and curl trust) it is told to trust the system's too; a function started with
 * --unsafely-ignore-certificate-errors for some hosts would not honour that, so it must find the
 * packages cached.
 */
async function cacheFunctionImports(functionsDir: string, entries: string[]): Promise<void> {
  const config = path.join(functionsDir, 'deno.json');
  const cached = await execa(DENO, ['cache', ...(existsSync(config) ? ['--config', config] : []), ...entries, HOST], {
    env: { DENO_TLS_CA_STORE: 'mozilla,system', NO_COLOR: '1' },
    reject: false,
    all: true,
  });
  if (cached.exitCode !== 0) throw new Error(`Deno could not fetch the functions' imports:\n${cached.all}`);
}

/** One Deno process per function instance, each restarted if it dies, as isolated as the edge runtime. */
export async function startFunctions(opts: FunctionsOptions): Promise<RunningFunction[]> {
  const functionsDir = path.join(opts.supabaseDir, 'functions');
  const running: RunningFunction[] = [];
  const chosen = discoverFunctions(opts.supabaseDir).filter((f) => !opts.only || opts.only.includes(f.name));
  await cacheFunctionImports(
    functionsDir,
    chosen.map((f) => path.join(functionsDir, f.name, 'index.ts')),
  );
  const instances = Array.from({ length: Math.max(1, opts.instances ?? 1) }, (_, i) => i);
  for (const [fn, instance] of chosen.flatMap((f) => instances.map((i) => [f, i] as const))) {
    const port = await getPort();
    const fnDir = path.join(functionsDir, fn.name);
    const config = [path.join(fnDir, 'deno.json'), path.join(functionsDir, 'deno.json')].find((f) => existsSync(f));
    const args = ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--no-prompt'];
    // A test's stand-in push service on loopback serves TLS with a certificate of its own making.
    if (opts.env.PUSH_ALLOW_LOOPBACK === '1') args.push('--unsafely-ignore-certificate-errors=localhost,127.0.0.1');
    if (config) args.push('--config', config);
    args.push(HOST);
    const process = supervise({
      name: instance ? `fn:${fn.name}#${instance + 1}` : `fn:${fn.name}`,
      command: DENO,
      args,
      cwd: fnDir,
      log: opts.log,
      env: {
        ...opts.env,
        CLASSPULSE_FUNCTION_PORT: String(port),
        CLASSPULSE_FUNCTION_ENTRY: path.join(fnDir, 'index.ts'),
        NO_COLOR: '1',
      },
      ready: () => answers(`http://127.0.0.1:${port}/_stack/health`, true),
      readyTimeoutMs: 180_000,
    });
    running.push({ ...fn, port, instance, process });
  }
  await Promise.all(running.map((f) => f.process.started));
  return running;
}
