// The gateway's memory of accepted JWTs: it spares the signature check of a token it has seen, and
// changes nothing a client can tell: expired and forged tokens are refused as before.
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedVerifier } from '../verified-tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-characters!');
const sign = (expiresInS: number, key = secret) =>
  new SignJWT({ role: 'anon' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInS)
    .sign(key);

afterEach(() => vi.useRealTimers());

describe('cachedVerifier', () => {
  it('accepts a good token again, and refuses it once expired although it was accepted before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const verify = cachedVerifier(secret);
    const token = await sign(60);
    await expect(verify(token)).resolves.toMatchObject({ role: 'anon' });
    await expect(verify(token)).resolves.toMatchObject({ role: 'anon' });
    vi.setSystemTime(new Date('2026-11-23T12:01:01Z'));
    await expect(verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  it('keeps the clock tolerance it was made with, on a remembered token too', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const verify = cachedVerifier(secret, 30);
    const token = await sign(10);
    await verify(token);
    vi.setSystemTime(new Date('2026-11-23T12:00:35Z')); // 25 s past exp: inside the tolerance
    await expect(verify(token)).resolves.toMatchObject({ role: 'anon' });
    vi.setSystemTime(new Date('2026-11-23T12:00:41Z')); // 31 s past exp
    await expect(verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  it('never accepts a token signed with another secret or changed by one byte, even next to a remembered one', async () => {
    const verify = cachedVerifier(secret, 0, 2);
    const good = await sign(3600);
    await verify(good);
    const forged = await sign(3600, new TextEncoder().encode('another-secret-of-at-least-32-characters'));
    await expect(verify(forged)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    const [header, payload, signature] = good.split('.');
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    await expect(verify(tampered)).rejects.toThrow();
    // Past its bound it forgets the oldest, and still answers correctly for it.
    await verify(await sign(3601));
    await verify(await sign(3602));
    await expect(verify(good)).resolves.toMatchObject({ role: 'anon' });
  });
});
