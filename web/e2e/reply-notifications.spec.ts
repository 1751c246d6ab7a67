// "Notify me if my professor replies" on a student's private link (/track/<token>): with
// notifications granted, turning it on stores the browser's subscription with the submission and
// keeps the link on the device for the service worker; turning it off removes both.
// Headless Chromium has no push service to reach, so the granted path stands in for the browser's
// PushManager.subscribe with a subscription of real keys (everything after it is real).
import { type Page, expect, test } from '@playwright/test';
import { anonClient, db } from './support/stack';
import { TIME_ZONE, professorCourse } from './support/student';
import { fullChromium } from './support/browser';

test.use({ timezoneId: TIME_ZONE, serviceWorkers: 'allow', ...fullChromium });

const NOTIFY = 'Notify me if my professor replies';

/** A Variant A submission to a new course of today, as a student's browser sends it: its edit token. */
async function ownSubmission(): Promise<{ id: string; editToken: string }> {
  const { course, session } = await professorCourse({ withSession: true });
  const { data, error } = await anonClient().functions.invoke('submissions', {
    body: {
      courseId: course.id,
      sessionId: session!.sessionId,
      topic: 'Recursion',
      confusion: 'How does the base case stop it?',
      difficultyLevel: 'very',
    },
  });
  if (error) throw error;
  return data as { id: string; editToken: string };
}

async function storedEndpoint(submissionId: string): Promise<string | undefined> {
  const { rows } = await db().query<{ endpoint: string }>('select endpoint from public.reply_push_subscriptions where submission_id = $1', [
    submissionId,
  ]);
  return rows[0]?.endpoint;
}

/** The private link this device keeps for the service worker (IndexedDB), or undefined. */
const keptLink = (page: Page, submissionId: string) =>
  page.evaluate(
    (id) =>
      new Promise<string | undefined>((resolve) => {
        const open = indexedDB.open('classpulse-reply-links', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('links');
        open.onsuccess = () => {
          const read = open.result.transaction('links').objectStore('links').get(id);
          read.onsuccess = () => resolve(read.result as string | undefined);
        };
      }),
    submissionId,
  );

// Without the Push API, or with notifications blocked for the site: one line, no switch, the private link's page
// and form kept: web/src/student/ui/NotifyOnReply.test.tsx and web/src/student/pages/track/TrackPage.test.tsx.

test('granted: turning it on stores the subscription and keeps the link on the device; turning it off removes both', async ({
  page,
  context,
}) => {
  const own = await ownSubmission();
  await context.grantPermissions(['notifications']);
  const endpoint = `https://push.example.com/e2e/${crypto.randomUUID()}`;
  await page.addInitScript((address) => {
    // The browser's push service, standing in: a subscription with a real P-256 key and auth secret.
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async function (options) {
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
      const b64u = (bytes: ArrayBuffer | Uint8Array) =>
        btoa(String.fromCharCode(...new Uint8Array(bytes)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const keys = {
        p256dh: b64u(await crypto.subtle.exportKey('raw', pair.publicKey)),
        auth: b64u(crypto.getRandomValues(new Uint8Array(16))),
      };
      current = {
        endpoint: address,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey as ArrayBuffer },
        toJSON: () => ({ endpoint: address, expirationTime: null, keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      return current;
    };
  }, endpoint);

  await page.goto(`/track/${own.editToken}`);
  const notify = page.getByRole('checkbox', { name: NOTIFY });
  await expect(notify).not.toBeChecked();
  await expect(page.getByText(/saying only “Your professor replied” and/)).toBeVisible();
  // As a person does: a click on the drawn box or its words (the native box under them is hidden).
  const notifyLabel = page.getByText(NOTIFY, { exact: true });
  await notifyLabel.click();
  await expect(notify).toBeChecked();
  // Turning it on waits for the service worker to be ready, which first stores the 3.4 MB precache:
  // on a busy machine that took longer than 10 s once.
  await expect.poll(() => storedEndpoint(own.id), { timeout: 30_000 }).toBe(endpoint);
  expect(await keptLink(page, own.id)).toBe(`/track/${own.editToken}`);
  // The service worker that will show the notification is registered for the site.
  await expect.poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration('/sw.js')))).toBe(true);

  await page.reload();
  await expect(notify).toBeChecked();
  await notifyLabel.click();
  await expect(notify).not.toBeChecked();
  await expect.poll(() => storedEndpoint(own.id)).toBeUndefined();
  // The device forgets the link once the server has answered, so it may still be there a moment
  // after the row is gone.
  await expect.poll(() => keptLink(page, own.id)).toBeUndefined();
});
