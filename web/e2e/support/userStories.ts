// Helpers for the user-stories board's end-to-end tests.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type BrowserContext, type Page, expect } from '@playwright/test';
import { db, pinnedClock, putSessionInBrowser, signInWithAdminLink, stack } from './stack';

export const DEMO_OWNER_EMAIL = 'professor@example.edu';

/**
 * Request headers for a distinct simulated visitor, for calls made from Node (not the browser: the
 * function's CORS answer does not allow the header). The edge function rate-limits per client IP,
 * and the local gateway keeps a client-sent x-forwarded-for, so each call counts as its own network.
 */
export function visitorHeaders(): Record<string, string> {
  const [a, b, c] = randomBytes(3);
  return { 'x-forwarded-for': `10.${a}.${b}.${Math.max(1, c ?? 1)}` };
}

/** A lecture hall behind one address, every request in one minute of the functions' clock. */
export const hallHeaders = (): Record<string, string> => ({ ...visitorHeaders(), ...pinnedClock() });

/**
 * Uses up the new voting sessions the user-stories function may issue to the network of `headers`
 * in one minute (STORY_LIMIT_TOKENS_PER_MINUTE), as a busy lecture hall behind one address would.
 * `headers` pin the functions' clock (`pinnedClock`), so the limit holds for the whole test.
 */
export async function useUpNewSessions(headers: Record<string, string>): Promise<void> {
  const { apiUrl, anonKey } = stack();
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${apiUrl}/functions/v1/user-stories`, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, ...headers },
    });
    expect(res.status).toBe(200);
    const { sessionToken } = (await res.json()) as { sessionToken: string | null };
    if (sessionToken === null) return;
  }
  throw new Error('the user-stories function never stopped issuing new sessions');
}

/** A want no other test (or run) uses, so each test works on its own stories. */
export function uniqueWant(prefix = 'try the board'): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hash of a made-up voter token, as the server stores it. */
export function voterHash(): string {
  return sha256(`e2e-voter-${randomUUID()}`);
}

export interface StoryFixture {
  id: string;
  title: string;
  description: string;
}

/** A story written straight into the database, with votes from the given voter hashes. */
export async function insertStory(
  parts: { role?: string; want: string; benefit?: string; impact?: number; confidence?: number; ease?: number; status?: string },
  voters: string[] = [],
): Promise<StoryFixture> {
  const role = parts.role ?? 'student';
  const title = `As a ${role}, I want to ${parts.want}`;
  const description = `${title}, so that ${parts.benefit ?? 'the board is tested'}.`;
  const { rows } = await db().query<{ id: string }>(
    `insert into public.user_stories (title, description, impact, confidence, ease, status)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [title, description, parts.impact ?? 1, parts.confidence ?? 1, parts.ease ?? 1, parts.status ?? 'submitted'],
  );
  const id = rows[0]!.id;
  for (const voter of voters) {
    await db().query('insert into public.user_story_upvotes (user_story_id, session_token_hash) values ($1, $2)', [id, voter]);
  }
  return { id, title, description };
}

export async function storyRow(id: string) {
  const { rows } = await db().query<{
    title: string;
    description: string;
    status: string;
    ice_score: number;
    merged_into_id: string | null;
  }>('select title, description, status, ice_score, merged_into_id from public.user_stories where id = $1', [id]);
  return rows[0] ?? null;
}

export async function voteCount(id: string): Promise<number> {
  const { rows } = await db().query<{ n: string }>('select count(*) as n from public.user_story_upvotes where user_story_id = $1', [id]);
  return Number(rows[0]!.n);
}

export async function deleteStories(ids: string[]): Promise<void> {
  if (ids.length) await db().query('delete from public.user_stories where id = any($1::uuid[])', [ids]);
}

/** Signs the demo owner in for this browser context (through the session cookie). */
export async function signInOwner(context: BrowserContext, baseURL: string): Promise<void> {
  const { client } = await signInWithAdminLink(DEMO_OWNER_EMAIL);
  await putSessionInBrowser(context, baseURL, client);
}

export { expectToast } from './toast';

/** The board's card for a story in the List view. */
export function listCard(page: Page, title: string) {
  return page.getByTestId('story-list').getByRole('article', { name: title, exact: true });
}

/** Moves a slider (by its label) to a value with the keyboard, as a person would. */
export async function setSlider(page: Page, label: string, value: number): Promise<void> {
  const thumb = page.getByRole('slider', { name: label, exact: true });
  await thumb.focus();
  await thumb.press('Home');
  for (let i = 1; i < value; i++) await thumb.press('ArrowRight');
  await expect(thumb).toHaveAttribute('aria-valuenow', String(value));
}
