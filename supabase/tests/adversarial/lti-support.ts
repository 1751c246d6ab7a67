// What the LTI adversarial suites (lti-forged.test.ts, lti-fuzz.test.ts) share, beside the stand-in
// platform of ../lti/platform.ts: row counts of every table of every schema (the LTI tables are in
// `private`, which support.ts's `public` counts do not see), an attacker's JWKS server (for `jku`
// headers: it must never be fetched), and what every page of the `lti` function must be.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { db } from '../../../testing/vitest.ts';
import { Platform } from '../lti/platform.ts';

/** Every table of every schema but Postgres's own, as `schema.table`. */
export async function everyTable(): Promise<string[]> {
  const { rows } = await db().query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Row counts of the tables given (`schema.table`, quoted as everyTable gives them), in one statement. */
export async function tableCounts(tables: string[]): Promise<Record<string, number>> {
  const { rows } = await db().query(`select ${tables.map((t, i) => `(select count(*)::int from ${t}) as t${i}`).join(', ')}`);
  const row = rows[0] as Record<string, number>;
  return Object.fromEntries(tables.map((t, i) => [t.replace(/"/g, ''), row[`t${i}`]!]));
}

/** The tables whose counts differ, with both counts. */
export function changed(before: Record<string, number>, after: Record<string, number>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(before)
      .filter((t) => before[t] !== after[t])
      .map((t) => [t, `${before[t]} → ${after[t]}`]),
  );
}

export const REFUSALS_TABLE = 'private.lti_launch_refusals';
export const STATES_TABLE = 'private.lti_login_states';

/** What a page must never show: a stack frame, an exception's name, the libraries underneath. */
export const STACK_TRACE = /\bat .+:\d+:\d+|Error:|TypeError|RangeError|SyntaxError|jose|postgres|deno/i;

/** The one script a page of the function may carry: the deep-linking form's auto-submit. */
export const OWN_SCRIPT = "<script>document.getElementById('lti').submit();</script>";

/** Hostile text the suites put in parameters and claims; none may come back unescaped. */
export const HOSTILE = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg/onload=alert(1)>", '</title><h1>owned</h1>'];

/** An attacker's JWKS on a local port (their own key pair), counting how often it is fetched. */
export class AttackerJwks {
  hits = 0;
  url = '';
  key!: Awaited<ReturnType<typeof Platform.rogueKey>>;
  private server?: http.Server;

  async start(): Promise<this> {
    this.key = await Platform.rogueKey();
    this.server = http.createServer((_req, res) => {
      this.hits++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [this.key.publicJwk] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/jwks`;
    return this;
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
    await closed;
  }
}
