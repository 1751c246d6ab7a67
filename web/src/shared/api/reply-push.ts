import { ApiError } from '../../lib/errors';
import { invokeFunction } from '../../lib/invoke';
import { pushSubscriptionSchema } from '../../lib/schemas';
import { forgetReplyLink, keepReplyLink, keptReplyLinks } from '../replyLinks';
import { ownSubmissionPath } from './get-own-submission';
import { type PushSupport, pushSupport } from '../pushSupport';

export { type PushSupport, pushSupport };

// Reply notifications: the browser's push subscription stored with one submission (by its edit
// token), used once for the first reply. The service worker is /sw.js.
const SERVICE_WORKER = '/sw.js';

/** A refusal of this browser (permission denied, no push service), told apart from the server's. */
export class PushUnavailableError extends Error {
  constructor(readonly reason: Exclude<PushSupport, 'supported'>) {
    super(`Push notifications are ${reason}`);
    this.name = 'PushUnavailableError';
  }
}

/** GET /api/submissions/push-key → the VAPID public key to subscribe with (404 when not set up). */
export async function getPushKey(): Promise<string> {
  return (await invokeFunction<{ publicKey: string }>('GET', 'submissions/push-key')).publicKey;
}

const bytesOf = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/** This browser's push subscription for `publicKey` (one per browser, shared by its submissions). */
async function browserSubscription(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(SERVICE_WORKER);
  const registration = await navigator.serviceWorker.ready;
  const key = bytesOf(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  // Made with another server key (the keys were rotated): it cannot be used any more.
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

interface OwnSubmissionRef {
  submissionId: string;
  editToken: string;
}

/**
 * PUT /api/submissions/{id}/push: asks for permission, subscribes this browser and stores the
 * subscription with the submission. The private link is kept on this device first, for the
 * service worker to open when the push comes.
 */
export async function turnOnReplyNotifications({ submissionId, editToken }: OwnSubmissionRef): Promise<{ notify: boolean }> {
  if (pushSupport() === 'unsupported') throw new PushUnavailableError('unsupported');
  const publicKey = await getPushKey();
  if ((await Notification.requestPermission()) !== 'granted') throw new PushUnavailableError('denied');
  let subscription: PushSubscription;
  try {
    subscription = await browserSubscription(publicKey);
  } catch {
    throw new PushUnavailableError('unsupported');
  }
  const parsed = pushSubscriptionSchema.safeParse(subscription.toJSON());
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid subscription');
  await keepReplyLink(submissionId, `/track/${editToken}`);
  try {
    return await invokeFunction<{ notify: boolean }>('PUT', `${ownSubmissionPath(editToken)}/push`, {
      headers: { 'x-edit-token': editToken },
      body: subscription.toJSON() as Record<string, unknown>,
    });
  } catch (error) {
    await forgetReplyLink(submissionId).catch(() => undefined);
    throw error;
  }
}

/**
 * DELETE /api/submissions/{id}/push: the server forgets the subscription, this device the link;
 * the browser's subscription ends too once no other submission of this device waits for a reply.
 */
export async function turnOffReplyNotifications({ submissionId, editToken }: OwnSubmissionRef): Promise<{ notify: boolean }> {
  const answer = await invokeFunction<{ notify: boolean }>('DELETE', `${ownSubmissionPath(editToken)}/push`, {
    headers: { 'x-edit-token': editToken },
  });
  await forgetReplyLink(submissionId).catch(() => undefined);
  if (pushSupport() !== 'unsupported' && (await keptReplyLinks().catch(() => 1)) === 0) {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  }
  return answer;
}
