// Types of the part of Mozilla's http_ece (Encrypted Content-Encoding, RFC 8188) the push test uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface EceParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    privateKey?: ECDH;
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt };
  export default ece;
}
