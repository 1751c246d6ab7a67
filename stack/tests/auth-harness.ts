// A small stack for the auth and inbox tests: Postgres (bootstrapped and migrated), the auth
// service and the inbox, each on a free port, with no gateway, PostgREST or functions.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import getPort from 'get-port';
import pg from 'pg';
import WebSocket from 'ws';
import { createAuthApp } from '../auth/index.ts';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, SUPABASE_DIR } from '../config.ts';
import { createInbox } from '../inbox.ts';
import { startPostgres } from '../postgres.ts';

export const SITE_URL = 'http://localhost:5173';
export const ALLOWED_REDIRECT = 'http://127.0.0.1:5173/auth/callback';

export interface AuthHarness {
  url: string;
  inboxUrl: string;
  db: pg.Pool;
  stop(): Promise<void>;
}

function serve(fetch: (req: Request) => Response | Promise<Response>): Promise<Server> {
  const server = createServer(getRequestListener(fetch));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function startAuthHarness(): Promise<AuthHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-auth-'));
  const postgres = await startPostgres({ dataDir: path.join(dir, 'pg'), port: await getPort(), supabaseDir: SUPABASE_DIR });
  const db = new pg.Pool({ connectionString: postgres.url, max: 8 });
  // Stopping Postgres at the end can reach a connection the pool is still closing (57P01,
  // "terminating connection due to administrator command"): with no listener, the pool's 'error'
  // event would be thrown, outside any test.
  db.on('error', () => {});
  const inbox = createInbox();
  const inboxServer = await serve(inbox.app.fetch);
  // The auth server has to know its own URL for the links it mails, so listen first.
  const authServer = await serve((req) => auth.fetch(req));
  const url = origin(authServer);
  const auth = createAuthApp({
    db,
    jwtSecret: DEMO_JWT_SECRET,
    jwtExpiry: 3600,
    apiUrl: url,
    siteUrl: SITE_URL,
    additionalRedirectUrls: ['http://127.0.0.1:5173/**'],
    otpLength: 6,
    otpExpiry: 3600,
    sendMail: (mail) => inbox.send(mail),
  });
  return {
    url,
    inboxUrl: origin(inboxServer),
    db,
    async stop() {
      await close(authServer);
      await close(inboxServer);
      await db.end();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const noPersistence = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
// Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly and needs one.
const realtime = { transport: WebSocket as unknown as typeof globalThis.WebSocket };

export function anonClient(h: AuthHarness): SupabaseClient {
  return createClient(h.url, DEMO_ANON_KEY, { auth: noPersistence, realtime });
}

export function serviceClient(h: AuthHarness): SupabaseClient {
  return createClient(h.url, DEMO_SERVICE_ROLE_KEY, { auth: noPersistence, realtime });
}

/** A PKCE client as a browser has one: the code verifier survives in (here in-memory) storage. */
export function pkceClient(h: AuthHarness): SupabaseClient {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return createClient(h.url, DEMO_ANON_KEY, { auth: { ...noPersistence, flowType: 'pkce', storage }, realtime });
}

export interface Mail {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
}

export async function latestMail(h: AuthHarness, to: string): Promise<Mail> {
  const res = await fetch(`${h.inboxUrl}/api/v1/latest?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`no e-mail for ${to}`);
  return (await res.json()) as Mail;
}

export const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.Text)?.[1] ?? '';
export const linkIn = (mail: Mail) => /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0] ?? '';

let counter = 0;
export const uniqueEmail = (prefix = 'prof') => `${prefix}-${process.pid}-${Date.now()}-${counter++}@example.edu`;
