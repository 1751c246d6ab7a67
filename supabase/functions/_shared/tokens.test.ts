import { createHmac, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dailyKey, derivedKey, editTokenSecret, hmacHex, randomToken, secretMatchesHash, sha256Hex, timingSafeEqual } from './tokens.ts';

/** HMAC-SHA256 with Node's own crypto: the reference the Web Crypto code must agree with. */
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

describe('randomToken', () => {
  it('is 256 random bits as 43 URL-safe base64 characters, never the same twice', () => {
    const tokens = Array.from({ length: 200 }, randomToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});

describe('sha256Hex', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 text (the stored form of every token)', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('é😀')).toBe(createHash('sha256').update('é😀', 'utf8').digest('hex'));
  });
});

describe('timingSafeEqual', () => {
  it('is true only for identical strings', () => {
    expect(timingSafeEqual('a1b2', 'a1b2')).toBe(true);
    expect(timingSafeEqual('', '')).toBe(true);
    expect(timingSafeEqual('a1b2', 'a1b3')).toBe(false);
    expect(timingSafeEqual('a1b2', 'A1B2')).toBe(false);
    expect(timingSafeEqual('a1b2', 'a1b2c')).toBe(false);
  });
});

describe('keyed hashes', () => {
  const master = 'test-master-secret-for-the-unit-tests';

  it('hmacHex is HMAC-SHA256 in lowercase hex (RFC 4231, test case 2)', async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('Jefe'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    expect(await hmacHex(key, 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('derivedKey(master, label) is the key HMAC(master, label), one per label', async () => {
    const label = 'rate-limit:class-session-base';
    const key = await derivedKey(master, label);
    expect(await hmacHex(key, 'ip:203.0.113.7')).toBe(hmac(hmac(master, label), 'ip:203.0.113.7').toString('hex'));

    const other = await derivedKey(master, 'another-use');
    expect(await hmacHex(other, 'ip:203.0.113.7')).not.toBe(await hmacHex(key, 'ip:203.0.113.7'));
    expect(derivedKey(master, label)).toBe(derivedKey(master, label)); // derived once per process
  });

  it('dailyKey is HMAC(master, the UTC date) and changes at UTC midnight, not local midnight', async () => {
    const text = 'ip:198.51.100.4';
    const lastMs = new Date('2026-11-23T23:59:59.999Z');
    const firstMs = new Date('2026-11-24T00:00:00.000Z');
    const eveningInChicago = new Date('2026-11-23T20:00:00-06:00'); // 02:00 UTC the next day

    const before = await hmacHex(await dailyKey(master, lastMs), text);
    expect(before).toBe(hmac(hmac(master, '2026-11-23'), text).toString('hex'));
    const after = await hmacHex(await dailyKey(master, firstMs), text);
    expect(after).toBe(hmac(hmac(master, '2026-11-24'), text).toString('hex'));
    expect(after).not.toBe(before);
    expect(await hmacHex(await dailyKey(master, eveningInChicago), text)).toBe(after);
  });
});

describe('editTokenSecret', () => {
  const id = '6f1c1f5e-2b7a-4c55-9d7e-0a1b2c3d4e5f';
  const secret = 'Yf3kQ9x_2bLmN0pR7sT1uV4wX6yZ8aB-cD5eF0gH2iJ';

  it('returns the secret of a token `<submission id>.<secret>` for that submission', () => {
    expect(editTokenSecret(`${id}.${secret}`, id)).toBe(secret);
    expect(editTokenSecret(`${id.toUpperCase()}.${secret}`, id)).toBe(secret);
  });

  it('refuses a missing or malformed token', () => {
    expect(editTokenSecret(undefined, id)).toBeUndefined();
    expect(editTokenSecret('', id)).toBeUndefined();
    expect(editTokenSecret(secret, id)).toBeUndefined(); // no dot
    expect(editTokenSecret(`.${secret}`, id)).toBeUndefined(); // no id
    expect(editTokenSecret(`${id}.`, id)).toBeUndefined(); // no secret
    expect(editTokenSecret(`${id}.${'x'.repeat(15)}`, id)).toBeUndefined(); // secret too short
    expect(editTokenSecret(`${id}.${'x'.repeat(129)}`, id)).toBeUndefined(); // secret too long
  });

  it("refuses another submission's token", () => {
    expect(editTokenSecret(`${id}.${secret}`, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('splits at the first dot: the secret part is everything after it', () => {
    expect(editTokenSecret(`${id}.part.two.of.the.secret`, id)).toBe('part.two.of.the.secret');
  });
});

describe('edit-token comparison does not depend on how much of the token is right', () => {
  const secret = 'Yf3kQ9x_2bLmN0pR7sT1uV4wX6yZ8aB-cD5eF0gH2iJ';

  /** A string that counts which of its characters were read (timingSafeEqual reads with charCodeAt). */
  function watched(value: string): { text: string; read: Set<number> } {
    const read = new Set<number>();
    const text = Object.assign(new String(value), {
      charCodeAt(i: number) {
        read.add(i);
        return value.charCodeAt(i);
      },
    }) as unknown as string;
    return { text, read };
  }

  it('compares the SHA-256 of the presented secret: 64 hex characters, unrelated to the guessed prefix', async () => {
    const stored = await sha256Hex(secret);
    const compared: [string, string][] = [];
    const spy = (a: string, b: string) => {
      compared.push([a, b]);
      return timingSafeEqual(a, b);
    };
    // Guesses sharing 0, 1, 10, 20, 42 characters with the real secret, and the secret itself.
    const guesses = [0, 1, 10, 20, 42].map((n) => secret.slice(0, n) + 'x'.repeat(secret.length - n));
    for (const guess of guesses) expect(await secretMatchesHash(guess, stored, spy)).toBe(false);
    expect(await secretMatchesHash(secret, stored, spy)).toBe(true);
    expect(compared).toHaveLength(guesses.length + 1);
    for (const [presented, kept] of compared) {
      expect(presented).toMatch(/^[0-9a-f]{64}$/);
      expect(kept).toBe(stored);
    }
    // A longer correct prefix does not give a hash closer to the stored one: every wrong guess's
    // hash shares (at most) a chance-level prefix with it.
    const commonPrefix = (a: string, b: string) => {
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      return i;
    };
    for (const [presented] of compared.slice(0, guesses.length)) expect(commonPrefix(presented, stored)).toBeLessThan(8);
  });

  it('timingSafeEqual reads every character of both strings, wherever the first difference is', () => {
    const stored = 'a'.repeat(64);
    for (const at of [0, 1, 31, 63, -1]) {
      const chars = [...stored];
      if (at >= 0) chars[at] = 'b';
      const a = watched(chars.join(''));
      const b = watched(stored);
      expect(timingSafeEqual(a.text, b.text)).toBe(at < 0);
      expect(a.read.size).toBe(64);
      expect(b.read.size).toBe(64);
    }
  });
});
