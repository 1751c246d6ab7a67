// The staff e-mail domains are one list for the whole deployment, and test files run side by side:
// a file that changes the list, or counts on it, holds this advisory lock while it does, so no
// other such file changes it meanwhile. Whatever a file lists while holding it keeps example.edu
// (or is empty), so the other files' new accounts (all @example.edu) are never refused.
import { db } from '../../testing/vitest.ts';

const STAFF_DOMAINS_LOCK = 430_043;

/** Waits for the list to be this file's alone; what it returns gives it back. */
export async function lockStaffDomains(): Promise<() => Promise<void>> {
  const client = await db().connect();
  await client.query('select pg_advisory_lock($1)', [STAFF_DOMAINS_LOCK]);
  return async () => {
    try {
      await client.query('select pg_advisory_unlock($1)', [STAFF_DOMAINS_LOCK]);
    } finally {
      client.release();
    }
  };
}
