// `npm start` and `npm run db:reset`. (`npm test` has its own runner: testing/run.ts.)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PROFESSOR_EMAIL, defaultStackOptions, webPort } from './config.ts';
import { removeDataDir, startPostgres } from './postgres.ts';
import { poolerFunctionEnv } from './pooler.ts';
import { startStack } from './stack.ts';
import { startWebDevServer } from './web.ts';
import { beginShutdown } from './processes.ts';
import { generateVapidKeys } from './vapid.ts';

const command = process.argv[2];

function postgresIsRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function start() {
  const options = defaultStackOptions();
  if (postgresIsRunning(options.dataDir)) {
    throw new Error(`The database in ${options.dataDir} is already running: is another \`npm start\` up?`);
  }
  const began = Date.now();
  const stack = await startStack({
    ...options,
    verbose: true,
    siteUrl: `http://localhost:${webPort()}`,
    functionEnv: poolerFunctionEnv(),
  });
  const web = await startWebDevServer({ port: webPort(), apiUrl: stack.apiUrl, anonKey: stack.anonKey });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    beginShutdown();
    console.log(`\n${signal}: stopping ClassPulse…`);
    await web.close().catch(() => {});
    await stack.stop();
    console.log('Stopped. Your data is kept in .local/ (npm run db:reset starts over).');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  // The terminal or pipe we print to has gone (EPIPE) without a SIGHUP: stop as for one. Printing
  // again would only fail again.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      void stop('output closed');
    });
  }

  // If whatever started us dies without passing a signal on (npm does not always forward one),
  // stop rather than leave Postgres and the rest running with no one to stop them.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop('parent process exited');
  }, 1000).unref();

  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  console.log(`
ClassPulse is running (started in ${seconds} s).

  App            ${web.url}
  API URL        ${stack.apiUrl}
  Database URL   ${stack.dbUrl}
  Inbox (e-mail) ${stack.inboxUrl}
  anon key       ${stack.anonKey}
  service_role   ${stack.serviceRoleKey}
  JWT secret     ${stack.jwtSecret}
  VAPID public   ${stack.vapidPublicKey}
                 (reply notifications; the key pair is kept in ${path.relative(process.cwd(), path.join(path.dirname(options.dataDir), 'vapid-keys.json'))})

  Demo professor: ${DEMO_PROFESSOR_EMAIL}
  Sign in at ${web.url}/auth: the 6-digit code and the magic link are printed here
  and kept in the inbox at ${stack.inboxUrl}.

Press Ctrl-C to stop.`);
}

async function dbReset() {
  const options = defaultStackOptions();
  if (postgresIsRunning(options.dataDir)) throw new Error('Stop `npm start` first: the database is in use.');
  await removeDataDir(options.dataDir);
  const postgres = await startPostgres({
    dataDir: options.dataDir,
    port: options.dbPort,
    supabaseDir: options.supabaseDir,
    log: console.log,
  });
  await postgres.stop();
  console.log(`The local database was recreated, migrated and seeded (${options.dataDir}).`);
}

/** `npm run vapid:keys`: a new key pair for a hosted project, as the command that stores it. */
async function vapidKeys() {
  const keys = generateVapidKeys();
  console.log(
    `supabase secrets set VAPID_PUBLIC_KEY='${keys.publicKey}' VAPID_PRIVATE_KEY='${keys.privateKey}' VAPID_SUBJECT='mailto:you@your-school.edu'`,
  );
}

const commands: Record<string, () => Promise<unknown>> = {
  start,
  'db:reset': dbReset,
  'vapid:keys': vapidKeys,
};

const run = commands[command ?? ''];
if (!run) {
  console.error(`usage: tsx stack/cli.ts <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
