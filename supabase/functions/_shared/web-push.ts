// Web Push from an edge function: the VAPID keys from the function's secrets, the payload encrypted
// as RFC 8291 says (aes128gcm) and signed as RFC 8292 says, by @block65/webcrypto-web-push (Web
// Crypto only, so it runs in Deno; docs/decisions/reply-notifications.md). This module only builds
// and sends one request; what to send and when is the caller's.
import { buildPushPayload } from '@block65/webcrypto-web-push';
import { pushEndpointAllowed } from './schemas.ts';

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The local stack sets it so tests can stand in for a push service on loopback; never on a hosted project. */
export const allowLoopbackPush = () => Deno.env.get('PUSH_ALLOW_LOOPBACK') === '1';

/**
 * The VAPID keys, or undefined when reply notifications are not set up. VAPID_PRIVATE_KEY is the
 * private key as a JWK (JSON; only its `d` is read), VAPID_PUBLIC_KEY the public key as browsers
 * take it (base64url of the 65-byte point), VAPID_SUBJECT a mailto: or https: contact.
 */
export function vapidConfig(): VapidConfig | undefined {
  const publicKey = Deno.env.get('VAPID_PUBLIC_KEY')?.trim();
  const privateJwk = Deno.env.get('VAPID_PRIVATE_KEY')?.trim();
  const subject = Deno.env.get('VAPID_SUBJECT')?.trim() || 'mailto:notifications@classpulse.invalid';
  if (!publicKey || !privateJwk) return undefined;
  try {
    const { d } = JSON.parse(privateJwk) as { d?: unknown };
    return typeof d === 'string' && d ? { publicKey, privateKey: d, subject } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the browser's public key is a real P-256 point (the schemas check only its shape): an
 * ECDH agreement with it must work, as the encryption of a push will need. (Deno imports a raw
 * point without checking that it lies on the curve.)
 */
export async function isP256PublicKey(p256dh: string): Promise<boolean> {
  try {
    const raw = Uint8Array.from(atob(p256dh.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const theirs = await crypto.subtle.importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    const ours = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
    await crypto.subtle.deriveBits({ name: 'ECDH', public: theirs }, ours.privateKey, 256);
    return true;
  } catch {
    return false;
  }
}

const SEND_TIMEOUT_MS = 10_000;
// A reply written in the evening should still reach a phone that is off until the morning.
const TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Sends one push and answers the push service's status (0 when it could not be reached). The
 * endpoint is checked again here: a row written before a rule changed must not be sent to.
 */
export async function sendPush(subscription: StoredPushSubscription, payload: Record<string, string>, vapid: VapidConfig): Promise<number> {
  if (!pushEndpointAllowed(subscription.endpoint, { allowLoopback: allowLoopbackPush() })) return 404;
  const request = await buildPushPayload(
    { data: payload, options: { ttl: TTL_SECONDS, urgency: 'normal' } },
    { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    vapid,
  );
  try {
    const response = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      // Never follow a redirect: the endpoint passed the address rule, where it points does not.
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}
