// Submissions kept on the device until they reach the server
// (docs/decisions/offline-submissions.md): the body, its Idempotency-Key (which is also its edit
// token's secret) and the page that sent it, so the page can send it again and show the outcome. Written before the first
// attempt, so a page closed while the request was in flight still has it.

const KEY = 'classpulse.pendingSubmissions';

export interface PendingSubmission {
  /** 32 random bytes, base64url: the Idempotency-Key of every attempt. */
  key: string;
  /** Which form sent it (e.g. `submit|<courseId>|<sessionId>`): only that page sends it again. */
  page: string;
  body: Record<string, unknown>;
  savedAt: string;
}

/** Storage disabled (private mode, blocked): kept for the page's life only. */
let memory: PendingSubmission[] = [];

function isPending(value: unknown): value is PendingSubmission {
  const v = value as PendingSubmission | null;
  return !!v && typeof v.key === 'string' && typeof v.page === 'string' && !!v.body && typeof v.body === 'object';
}

function readAll(): PendingSubmission[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isPending) : [];
  } catch {
    return memory;
  }
}

function writeAll(list: PendingSubmission[]): void {
  memory = list;
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {
    // Kept in memory.
  }
}

/** The submission this page still has to send, if any. */
export function pendingFor(page: string): PendingSubmission | undefined {
  return readAll().find((entry) => entry.page === page);
}

/** Keeps `entry` on the device (one per page: a new one replaces the page's last). */
export function savePending(entry: PendingSubmission): void {
  writeAll([...readAll().filter((e) => e.page !== entry.page && e.key !== entry.key), entry]);
}

/** Forgets the submission of this key: it was stored, or the server refused it. */
export function dropPending(key: string): void {
  writeAll(readAll().filter((e) => e.key !== key));
}

/** 32 random bytes, URL-safe base64 without padding (43 characters), the shape the server checks. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The wait before the next attempt while online: 2 s, doubling, at most a minute. */
export function retryDelay(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt));
}
