// What the fuzz found, kept as plain tests (docs/decisions/adversarial-suite.md).
import { afterAll, expect, it } from 'vitest';
import { dailyKey, hmacHex } from '../../functions/_shared/tokens.ts';
import { db, stack } from '../../../testing/vitest.ts';
import { expectNoSecretsStored, fakeIp } from '../functions/helpers.ts';
import { send } from './support.ts';

afterAll(async () => {
  await expectNoSecretsStored();
});

/** The key the user-stories function counts an address under today (the test stack has no RATE_LIMIT_SECRET). */
async function ipKey(ip: string): Promise<string> {
  return hmacHex(await dailyKey(stack().serviceRoleKey), `ip:${ip}`);
}

it('HEAD /user-stories issues no voting token: nothing is written for an answer without a body', async () => {
  const ip = fakeIp();
  const counted = async () =>
    (
      await db().query(
        `select coalesce(sum(submission_count), 0)::int as n from public.rate_limit_buckets where bucket = 'story-token' and key_hash = $1`,
        [await ipKey(ip)],
      )
    ).rows[0].n;
  for (let i = 0; i < 3; i++) {
    const reply = await send({ method: 'HEAD', path: '/functions/v1/user-stories', headers: [['x-forwarded-for', ip]] });
    expect(reply !== 'closed' && reply.status).toBe(200);
  }
  expect(await counted()).toBe(0);
  // A GET from the same address is issued one (and counted), so the key above is the right one.
  const board = await send({ method: 'GET', path: '/functions/v1/user-stories', headers: [['x-forwarded-for', ip]] });
  expect(board !== 'closed' && JSON.parse(board.text).sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await counted()).toBe(1);
});
