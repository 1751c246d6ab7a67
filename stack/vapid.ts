// The VAPID key pair the local stack's functions sign Web Push requests with (RFC 8292): made once
// with Web Crypto's P-256 (ES256) and kept beside the database's folder (`.local/vapid-keys.json`
// for `npm start`, the temporary folder for test stacks), so a browser's subscriptions keep
// working across restarts. A hosted project keeps the same values as function secrets.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface VapidKeys {
  /** base64url of the uncompressed public point (65 bytes), as PushManager.subscribe takes it. */
  publicKey: string;
  /** The private key as a JWK, in JSON. */
  privateKey: string;
}

export const LOCAL_VAPID_SUBJECT = 'mailto:classpulse@localhost';

export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: JSON.stringify(jwk) };
}

/** The keys kept in `file`, made and written there the first time. */
export function localVapidKeys(file: string): VapidKeys {
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
