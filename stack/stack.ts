import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pg from 'pg';
import { createAuthApp, type OutgoingMail } from './auth/index.ts';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, readProjectConfig, type StackInfo, type StackOptions } from './config.ts';
import { startFunctions, type RunningFunction } from './functions.ts';
import { startGateway, type GatewayRoutes } from './gateway.ts';
import { createInbox } from './inbox.ts';
import { databaseUrl, startPostgres, type RunningPostgres } from './postgres.ts';
import { startPgbouncer, type RunningPgbouncer } from './pooler.ts';
import { startPostgrest } from './postgrest.ts';
import { startRetention } from './retention.ts';
import { startClassSummaries } from './class-summaries.ts';
import getPort from 'get-port';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Log, Supervised } from './processes.ts';
import { LOCAL_VAPID_SUBJECT, localVapidKeys } from './vapid.ts';

/** A running stack: its addresses and keys (StackInfo), and the handles to stop and fault its parts. */
export interface Stack extends StackInfo {
  /** The VAPID public key the functions sign Web Push with (kept beside the data folder). */
  vapidPublicKey: string;
  /** PostgREST itself, behind the gateway (benchmarks compare the two). */
  postgrestUrl: string;
  functions: RunningFunction[];
  /** PostgREST's supervised process (`crash()` kills it; the supervisor starts it again). */
  postgrest: Supervised;
  /**
   * Stops the auth service alone, as a restart would: its database connections close and the
   * gateway answers /auth/v1 with 503 until `restartAuth()` starts a new instance. Sessions live in
   * the database, so they outlast it.
   */
  stopAuth(): Promise<void>;
  restartAuth(): void;
  /**
   * PgBouncer, when the stack runs with `pooler`: `stop()` ends it at once (the functions' pooled
   * connections break; new ones are refused), `start()` brings it back on the same port.
   */
  pooler?: { url: string; stop(): Promise<void>; start(): Promise<void> };
  /** Stops Postgres alone, as an outage would; `restartPostgres()` brings it back on its data. */
  stopPostgres(): Promise<void>;
  restartPostgres(): Promise<void>;
  stop(): Promise<void>;
}

export type { StackInfo } from './config.ts';

export function stackInfo(stack: Stack): StackInfo {
  const { apiUrl, dbUrl, inboxUrl, anonKey, serviceRoleKey, jwtSecret } = stack;
  return { apiUrl, dbUrl, inboxUrl, anonKey, serviceRoleKey, jwtSecret };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Each function's instances' ports, for the gateway's round robin. */
function functionRoutes(functions: RunningFunction[]): GatewayRoutes['functions'] {
  const routes: GatewayRoutes['functions'] = new Map();
  for (const f of functions) {
    const route = routes.get(f.name) ?? { ports: [], verifyJwt: f.verifyJwt };
    route.ports.push(f.port);
    routes.set(f.name, route);
  }
  return routes;
}

/**
 * Starts the Docker-free local Supabase: Postgres, PostgREST, auth, inbox, edge functions and
 * the gateway in front of them. Everything it starts, `stop()` stops.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  // Postgres is chatty: on the console only its problems, unless CLASSPULSE_DEBUG is set.
  const quietPostgres = (line: string) =>
    line.startsWith('[postgres]') && !process.env.CLASSPULSE_DEBUG && !/ERROR|FATAL|PANIC|WARNING/.test(line);
  const log: Log = options.log ?? (options.verbose ? (line) => void (quietPostgres(line) || console.log(line)) : () => {});
  const project = readProjectConfig(options.supabaseDir);
  const apiUrl = `http://127.0.0.1:${options.apiPort}`;
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e: Error) => log(`stop: ${e.message}`));
    cleanups.length = 0;
  };

  try {
    const postgresOptions = {
      dataDir: options.dataDir,
      port: options.dbPort,
      supabaseDir: options.supabaseDir,
      maxConnections: options.maxConnections,
      demoTimeZone: options.demoTimeZone,
      log: (line: string) => log(`[postgres] ${line}`),
    };
    let postgres: RunningPostgres | undefined = await startPostgres(postgresOptions);
    cleanups.push(async () => postgres?.stop());

    // Retention: hosted projects purge expired feedback with pg_cron; here, at start-up and hourly
    // (test stacks: at start-up, then only when a test asks).
    const retention = startRetention({
      dbUrl: databaseUrl(options.dbPort),
      log,
      intervalMs: options.hourlyRetention === false ? null : undefined,
    });
    cleanups.push(() => retention.stop());
    await retention.started;

    let pgbouncer: RunningPgbouncer | undefined;
    const pgbouncerOptions = { ...options.pooler, dbUrl: databaseUrl(options.dbPort), log };
    if (options.pooler) {
      pgbouncer = await startPgbouncer(pgbouncerOptions);
      cleanups.push(async () => pgbouncer?.stop());
    }
    const pgbouncerPort = pgbouncer?.port;

    const postgrestPort = await getPort();
    const postgrest = startPostgrest({
      dbPort: options.dbPort,
      port: postgrestPort,
      adminPort: await getPort(),
      jwtSecret: DEMO_JWT_SECRET,
      log,
    });
    cleanups.push(() => postgrest.stop());

    const inbox = createInbox({ log: (line) => log(`[inbox] ${line}`) });
    const inboxServer = createServer(getRequestListener(inbox.app.fetch));
    const inboxPort = await listen(inboxServer, options.inboxPort);
    cleanups.push(() => closeServer(inboxServer));
    // The inbox's SMTP side, where the functions send e-mail (SMTP_HOST/SMTP_PORT below).
    const smtpPort = await new Promise<number>((resolve, reject) => {
      inbox.smtp.once('error', reject);
      inbox.smtp.listen(options.smtpPort ?? 0, '127.0.0.1', () => resolve((inbox.smtp.address() as AddressInfo).port));
    });
    cleanups.push(() => new Promise<void>((resolve) => inbox.smtp.close(() => resolve())));

    const authOptions = {
      jwtSecret: DEMO_JWT_SECRET,
      jwtExpiry: project.jwtExpiry,
      apiUrl,
      siteUrl: options.siteUrl ?? project.siteUrl,
      additionalRedirectUrls: project.additionalRedirectUrls,
      otpLength: project.otpLength,
      otpExpiry: project.otpExpiry,
      beforeUserCreatedHook: project.beforeUserCreatedHook,
      sendMail: (mail: OutgoingMail) => inbox.send(mail),
    };
    let auth: { pool: pg.Pool; listener: ReturnType<typeof getRequestListener> } | undefined;
    const startAuth = () => {
      if (auth) return;
      // As hosted, the auth server connects as supabase_auth_admin, the owner of the auth tables.
      const pool = new pg.Pool({ connectionString: databaseUrl(options.dbPort, 'supabase_auth_admin'), max: 10 });
      // A pooled connection that dies with a Postgres restart must not take the process with it.
      pool.on('error', (error) => log(`[auth] database connection lost: ${error.message}`));
      auth = { pool, listener: getRequestListener(createAuthApp({ ...authOptions, db: pool }).fetch) };
    };
    const stopAuth = async () => {
      const stopping = auth;
      auth = undefined;
      await stopping?.pool.end();
    };
    startAuth();
    cleanups.push(stopAuth);

    // Reply notifications: one key pair per data folder, kept beside it (so it survives restarts
    // and db:reset). Loopback push endpoints only where a test's stand-in push service asks.
    const dataParent = path.dirname(path.resolve(options.dataDir));
    mkdirSync(dataParent, { recursive: true });
    const vapid = localVapidKeys(path.join(dataParent, 'vapid-keys.json'));
    const functions = await startFunctions({
      supabaseDir: options.supabaseDir,
      log,
      env: {
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: DEMO_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
        SUPABASE_DB_URL: databaseUrl(options.dbPort),
        // The web app the lti function sends launches to (on hosted: SITE_URL's first site). Not
        // SITE_URL itself: that would pin the other functions' form posts to this one site.
        LTI_SITE_URL: authOptions.siteUrl,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: LOCAL_VAPID_SUBJECT,
        PUSH_ALLOW_LOOPBACK: options.loopbackPush ? '1' : '0',
        CLASSPULSE_TEST_CLOCK: options.testClock ? '1' : '0',
        // After-class summaries go to the local inbox over SMTP (on hosted: the project's mail server).
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
        SMTP_FROM: 'ClassPulse <summaries@classpulse.local>',
        ...(pgbouncer ? { DB_POOLER_URL: pgbouncer.url } : {}),
        ...options.functionEnv,
      },
      instances: options.functionInstances,
    });
    cleanups.push(async () => {
      await Promise.all(functions.map((f) => f.process.stop()));
    });

    await postgrest.started;
    const gateway = await startGateway({
      port: options.apiPort,
      jwtSecret: DEMO_JWT_SECRET,
      apiKeys: [DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY],
      log,
      routes: {
        postgrestPort,
        auth: () => auth?.listener,
        functions: functionRoutes(functions),
      },
    });
    cleanups.push(() => gateway.close());

    // After-class summaries: hosted projects call the function every minute with pg_cron and pg_net;
    // here a timer does (test stacks: only when a test asks).
    const classSummaries = startClassSummaries({
      apiUrl,
      secret: DEMO_SERVICE_ROLE_KEY,
      log,
      intervalMs: options.minutelySummaries === false ? null : undefined,
    });
    cleanups.push(() => classSummaries.stop());

    return {
      apiUrl,
      dbUrl: databaseUrl(options.dbPort),
      inboxUrl: `http://127.0.0.1:${inboxPort}`,
      anonKey: DEMO_ANON_KEY,
      serviceRoleKey: DEMO_SERVICE_ROLE_KEY,
      jwtSecret: DEMO_JWT_SECRET,
      vapidPublicKey: vapid.publicKey,
      postgrestUrl: `http://127.0.0.1:${postgrestPort}`,
      functions,
      postgrest,
      stopAuth: async () => {
        log('[auth] stopped');
        await stopAuth();
      },
      restartAuth: () => {
        startAuth();
        log('[auth] started');
      },
      pooler: pgbouncer && {
        url: pgbouncer.url,
        stop: async () => {
          const stopping = pgbouncer;
          pgbouncer = undefined;
          await stopping?.stop();
        },
        start: async () => {
          pgbouncer ??= await startPgbouncer({ ...pgbouncerOptions, port: pgbouncerPort });
        },
      },
      stopPostgres: async () => {
        await postgres?.stop();
        postgres = undefined;
      },
      restartPostgres: async () => {
        postgres ??= await startPostgres(postgresOptions);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
