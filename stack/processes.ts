import { execa, type ResultPromise } from 'execa';

export type Log = (line: string) => void;

export interface Supervised {
  /** Resolves when the process is ready (its `ready` check passed). */
  started: Promise<void>;
  stop(): Promise<void>;
  /**
   * Kills the running child as a crash would, and resolves once it has exited. The supervisor
   * restarts it: at once, or once `restartAfter` settles, so that a test can hold the outage open
   * while it checks what clients meet, however slow the machine is.
   */
  crash(options?: { restartAfter?: Promise<unknown> }): Promise<void>;
}

interface SuperviseOptions {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  log: Log;
  /** Polled until it resolves true after each (re)start. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
}

let shuttingDown = false;
/** From now on a child that exits is not restarted (Ctrl-C reaches every child at once). */
export function beginShutdown() {
  shuttingDown = true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a child process, restarts it when it dies unexpectedly, and stops it on request.
 * Children die with us: execa's `cleanup` kills them when this Node process exits.
 */
export function supervise(opts: SuperviseOptions): Supervised {
  let child: ResultPromise | undefined;
  let stopping = false;
  let restarts = 0;
  // What the next restart waits for (crash's restartAfter), if anything.
  let restartAfter: Promise<unknown> | undefined;

  const spawn = () => {
    const proc = execa(opts.command, opts.args, {
      env: opts.env,
      extendEnv: true,
      cwd: opts.cwd,
      cleanup: true,
      reject: false,
      forceKillAfterDelay: 3000,
      stdin: 'ignore',
      buffer: false,
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) opts.log(`[${opts.name}] ${line}`);
    };
    proc.stdout?.on('data', forward);
    proc.stderr?.on('data', forward);
    child = proc;
    proc.then((result) => {
      if (stopping || shuttingDown || child !== proc) return;
      restarts += 1;
      opts.log(`[${opts.name}] exited (${result.signal ?? result.exitCode}); restarting (#${restarts})`);
      const held = restartAfter;
      restartAfter = undefined;
      const restart = () =>
        setTimeout(
          () => {
            if (!stopping && !shuttingDown) spawn();
          },
          Math.min(1000, 50 * restarts),
        );
      if (held) void held.catch(() => undefined).then(restart);
      else restart();
    });
  };

  const waitReady = async () => {
    const ready = () => opts.ready().catch(() => false);
    if ((await waitUntil(ready, { timeoutMs: opts.readyTimeoutMs ?? 60_000 })) !== 'ready') {
      throw new Error(`${opts.name} did not become ready in time`);
    }
  };

  spawn();
  return {
    started: waitReady(),
    async crash(options = {}) {
      const proc = child;
      if (!proc) return;
      restartAfter = options.restartAfter;
      proc.kill('SIGKILL');
      await proc;
    },
    async stop() {
      stopping = true;
      if (!child || child.exitCode != null) return;
      child.kill('SIGTERM');
      await child;
    },
  };
}

/**
 * Asks `probe` every 50 ms until it says yes (`ready`), the process it waits for has exited
 * (`exited`), or `timeoutMs` has passed (`timed out`).
 */
export async function waitUntil(
  probe: () => Promise<boolean>,
  opts: { exited?: () => boolean; timeoutMs: number },
): Promise<'ready' | 'exited' | 'timed out'> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (await probe()) return 'ready';
    if (opts.exited?.()) return 'exited';
    if (Date.now() > deadline) return 'timed out';
    await sleep(50);
  }
}

/** True when an HTTP GET to `url` answers at all (any status), within a short time. */
export async function answers(url: string, okOnly = false): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return okOnly ? res.ok : true;
  } catch {
    return false;
  }
}
