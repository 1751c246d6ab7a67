// Postgres' side of the campus peak: how many server connections are open (pg_stat_activity,
// sampled through a superuser connection, which Postgres keeps reserved slots for and which is not
// counted), and a hog that takes every slot left, to put Postgres at its cap.
import pg from 'pg';
import type { Stack } from '../../stack/stack.ts';
import { ADMIN_ROLE } from '../../stack/postgres.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function asUser(dbUrl: string, user: string): string {
  const url = new URL(dbUrl);
  url.username = user;
  return url.toString();
}

export interface ConnectionSampler {
  /** Client connections open now, by role (PostgREST's `authenticator`, PgBouncer's `postgres`, …). */
  now(): Promise<Record<string, number>>;
  /** Starts sampling every `everyMs`; the peak of the total and of each role since then. */
  watch(everyMs?: number): { stop(): Promise<{ peak: number; by_role: Record<string, number> }> };
  /** Waits until no more than `baseline` are open (at most `timeoutS`); the seconds it took, or null. */
  settle(baseline: number, timeoutS: number): Promise<{ seconds: number | null; open: number }>;
  /** Postgres' max_connections. */
  cap: number;
  close(): Promise<void>;
}

const total = (byRole: Record<string, number>) => Object.values(byRole).reduce((a, b) => a + b, 0);

export async function connectionSampler(stack: Stack): Promise<ConnectionSampler> {
  const admin = new pg.Client({ connectionString: asUser(stack.dbUrl, ADMIN_ROLE) });
  admin.on('error', () => {});
  await admin.connect();
  const {
    rows: [{ max_connections: cap }],
  } = await admin.query<{ max_connections: string }>('show max_connections');
  const now = async () => {
    const { rows } = await admin.query<{ role: string; n: number }>(
      `select coalesce(usename, '?') as role, count(*)::int as n from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid() group by 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.role, r.n]));
  };
  return {
    cap: Number(cap),
    now,
    watch(everyMs = 200) {
      let running = true;
      let peak = 0;
      const byRole: Record<string, number> = {};
      const loop = (async () => {
        while (running) {
          const sample = await now();
          peak = Math.max(peak, total(sample));
          for (const [role, n] of Object.entries(sample)) byRole[role] = Math.max(byRole[role] ?? 0, n);
          await sleep(everyMs);
        }
      })();
      return {
        stop: async () => {
          running = false;
          await loop;
          return { peak, by_role: byRole };
        },
      };
    },
    async settle(baseline, timeoutS) {
      const began = performance.now();
      for (;;) {
        const open = total(await now());
        const seconds = Math.round((performance.now() - began) / 100) / 10;
        if (open <= baseline) return { seconds, open };
        if (seconds >= timeoutS) return { seconds: null, open };
        await sleep(1000);
      }
    },
    close: () => admin.end(),
  };
}

export { total as totalConnections };

/**
 * Opens connections as `postgres` (the role the functions and PgBouncer use) until Postgres
 * refuses one: then nobody but a superuser can connect. `release()` closes them all.
 */
export async function fillConnections(stack: Stack, limit = 200): Promise<{ held: number; release(): Promise<void> }> {
  const held: pg.Client[] = [];
  for (let i = 0; i < limit; i++) {
    const client = new pg.Client({ connectionString: stack.dbUrl });
    client.on('error', () => {});
    try {
      await client.connect();
      held.push(client);
    } catch {
      break;
    }
  }
  return {
    held: held.length,
    release: async () => {
      await Promise.all(held.map((c) => c.end().catch(() => {})));
    },
  };
}

/**
 * The pooler's client connections (the functions' side: every instance's pool), sampled from
 * PgBouncer's admin console (`show pools`: clients active or waiting, of the database, not the
 * console's own). A sample that fails is skipped: this only watches.
 */
export async function watchPoolerClients(poolerUrl: string, everyMs = 200): Promise<{ stop(): Promise<number | null> }> {
  const admin = new pg.Client({ connectionString: poolerUrl.replace(/\/[^/]*$/, '/pgbouncer') });
  admin.on('error', () => {});
  const connected = await admin.connect().then(
    () => true,
    () => false,
  );
  let running = connected;
  let peak: number | null = null;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await admin.query<{ database: string; cl_active: string; cl_waiting: string }>('show pools');
        const clients = rows.filter((r) => r.database !== 'pgbouncer').reduce((n, r) => n + Number(r.cl_active) + Number(r.cl_waiting), 0);
        peak = Math.max(peak ?? 0, clients);
      } catch {
        // skipped
      }
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await admin.end().catch(() => {});
      return peak;
    },
  };
}
