import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import type { PgbouncerOptions } from './pooler.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SUPABASE_DIR = path.join(ROOT, 'supabase');

// The same well-known local defaults as `supabase start`, so tools and docs written for it work.
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const DB_PASSWORD = 'postgres';
export const DEMO_PROFESSOR_EMAIL = 'professor@example.edu';

/** A running stack's addresses and keys, as plain data (handed to test processes). */
export interface StackInfo {
  apiUrl: string;
  dbUrl: string;
  inboxUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

export interface FunctionConfig {
  name: string;
  verifyJwt: boolean;
}

export interface StackOptions {
  /** Where Postgres keeps its data; survives restarts. */
  dataDir: string;
  apiPort: number;
  dbPort: number;
  inboxPort: number;
  /** The inbox's SMTP port (Mailpit's 54325 for `npm start`; a free one when absent). */
  smtpPort?: number;
  /** Folder holding `migrations/`, `functions/`, `seed.sql` and `config.toml`. */
  supabaseDir: string;
  /** Site the auth e-mails link back to. */
  siteUrl?: string;
  /** Print each child's log lines (npm start) or keep quiet (tests). */
  verbose?: boolean;
  /** Receives every log line (all of Postgres's too); overrides `verbose`. */
  log?: (line: string) => void;
  /** Postgres' `max_connections` (300); the connection-limit test sets it low. */
  maxConnections?: number;
  /**
   * Lets the functions send pushes to loopback with a self-made TLS certificate, for a test's
   * stand-in push service (Deno then warns about it at start).
   */
  loopbackPush?: boolean;
  /**
   * Lets a request pin the functions' clock for the per-minute limits with `x-classpulse-clock`
   * (supabase/functions/_shared/clock.ts): the test stack only, so tests never wait for a minute to
   * turn. `npm start`, like a hosted project, never honours the header.
   */
  testClock?: boolean;
  /** Extra environment for the edge functions (e.g. raised rate limits in benchmarks). */
  functionEnv?: Record<string, string>;
  /** Processes per edge function behind the gateway's round robin (1; the campus benchmark runs several). */
  functionInstances?: number;
  /**
   * PgBouncer in transaction mode in front of Postgres, the functions reaching the database
   * through it as DB_POOLER_URL (the campus benchmark; `npm start` and the tests run without).
   * PgBouncer must be installed (ensurePgbouncer).
   */
  pooler?: PgbouncerOptions;
  /**
   * Retention's hourly run (true). Tests turn it off: the purge then runs once, at start-up before
   * any test, and afterwards only when a test asks for it, so no run can land in the middle of one.
   */
  hourlyRetention?: boolean;
  /**
   * The after-class summaries' run every minute (true; stack/class-summaries.ts). Tests turn it off
   * and ask for runs themselves (POST /functions/v1/class-summaries/run).
   */
  minutelySummaries?: boolean;
  /** The demo data's time zone (America/Chicago, as `supabase/seed.sql` has it); the test runner picks its own. */
  demoTimeZone?: string;
}

export interface SupabaseProjectConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  otpLength: number;
  otpExpiry: number;
  /** [auth.hook.before_user_created] uri when enabled: the Postgres function Auth calls before making a user. */
  beforeUserCreatedHook?: string;
  functions: FunctionConfig[];
}

function envPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** Options for `npm start`: the supabase-start ports unless overridden by environment variables. */
export function defaultStackOptions(): StackOptions {
  return {
    dataDir: path.resolve(process.env.CLASSPULSE_DATA_DIR ?? path.join(ROOT, '.local', 'postgres')),
    apiPort: envPort('SUPABASE_API_PORT', 54321),
    dbPort: envPort('SUPABASE_DB_PORT', 54322),
    inboxPort: envPort('SUPABASE_INBOX_PORT', 54324),
    smtpPort: envPort('SUPABASE_SMTP_PORT', 54325),
    supabaseDir: SUPABASE_DIR,
    verbose: true,
  };
}

export function webPort(): number {
  return envPort('WEB_PORT', 5173);
}

type Toml = Record<string, unknown>;

/** Reads the parts of supabase/config.toml the local stack honours. */
export function readProjectConfig(supabaseDir: string): SupabaseProjectConfig {
  const toml = parseToml(readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8')) as Toml;
  const auth = (toml.auth ?? {}) as Toml;
  const email = (auth.email ?? {}) as Toml;
  const functions = (toml.functions ?? {}) as Record<string, Toml>;
  const beforeUserCreated = (((auth.hook ?? {}) as Toml).before_user_created ?? {}) as Toml;
  return {
    siteUrl: String(auth.site_url ?? 'http://localhost:5173'),
    additionalRedirectUrls: (auth.additional_redirect_urls as string[] | undefined) ?? [],
    jwtExpiry: Number(auth.jwt_expiry ?? 3600),
    otpLength: Number(email.otp_length ?? 6),
    otpExpiry: Number(email.otp_expiry ?? 3600),
    ...(beforeUserCreated.enabled === true && typeof beforeUserCreated.uri === 'string'
      ? { beforeUserCreatedHook: beforeUserCreated.uri }
      : {}),
    functions: Object.entries(functions).map(([name, fn]) => ({ name, verifyJwt: fn.verify_jwt !== false })),
  };
}
