// Secrets handed to anonymous clients (edit tokens, voting session tokens) and the keyed hashes
// the rate limiter counts by. Only hashes are ever stored; the raw values live in the browser.

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 256 random bits, URL-safe base64 without padding (43 characters). */
export function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Lowercase hex SHA-256 of the UTF-8 text: the form every token hash is stored in. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/**
 * Compares two strings in time that depends only on their length (used on equal-length hashes):
 * every character of both is read and folded into one difference, with no early exit.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function hmacKey(secret: BufferSource): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** Lowercase hex HMAC-SHA256 of `text` under `key`. */
export async function hmacHex(key: CryptoKey, text: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/** HMAC(master secret, label), as an HMAC key of its own. */
async function deriveKey(masterSecret: string, label: string): Promise<CryptoKey> {
  const master = await hmacKey(encoder.encode(masterSecret));
  return hmacKey(await crypto.subtle.sign('HMAC', master, encoder.encode(label)));
}

const derivedKeys = new Map<string, Promise<CryptoKey>>();

/**
 * HMAC(master secret, label) as a key of its own, kept for the process: one key per use of the
 * master secret, so the hashes of one use say nothing about those of another.
 */
export function derivedKey(masterSecret: string, label: string): Promise<CryptoKey> {
  let key = derivedKeys.get(label);
  if (!key) {
    key = deriveKey(masterSecret, label);
    derivedKeys.set(label, key);
  }
  return key;
}

let dayKey: { day: string; key: Promise<CryptoKey> } | undefined;

/**
 * The day's HMAC key: HMAC(master secret, "YYYY-MM-DD" in UTC). Yesterday's keyed hashes cannot be
 * linked to today's, and without the master secret none can be linked to an IP or device at all.
 */
export function dailyKey(masterSecret: string, now = new Date()): Promise<CryptoKey> {
  const day = now.toISOString().slice(0, 10);
  if (dayKey?.day !== day) dayKey = { day, key: deriveKey(masterSecret, day) };
  return dayKey.key;
}

/**
 * Splits an edit token `<submission id>.<secret>`; undefined when it is not of that form or names
 * another submission.
 */
export function editTokenSecret(token: string | undefined, submissionId: string): string | undefined {
  if (!token) return undefined;
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const id = token.slice(0, dot).toLowerCase();
  const secret = token.slice(dot + 1);
  if (id !== submissionId.toLowerCase() || secret.length < 16 || secret.length > 128) return undefined;
  return secret;
}

/**
 * Whether the secret of a well-formed edit token (see editTokenSecret) hashes to the stored hash.
 * What is compared is never the presented text but its SHA-256: 64 hex characters whatever was
 * sent, whose characters bear no relation to how much of the real secret the guess got right; and
 * the comparison reads all 64. So neither the time it takes nor where it could stop tells a
 * guesser anything. `compare` is for the unit test that checks exactly that.
 */
export async function secretMatchesHash(
  secret: string,
  storedHash: string,
  compare: (a: string, b: string) => boolean = timingSafeEqual,
): Promise<boolean> {
  return compare(await sha256Hex(secret), storedHash);
}
