// "Me too" (docs/decisions/me-too.md): what others of a class session found unclear, for its
// students, and saying "me too" to it or taking it back. Like a submission, each is one SQL call
// that checks, counts the limits and writes; the device is known only by the keyed per-session
// hash the submission limits use, and a student's own text by the edit token their browser sends.
import type { Context, Hono } from 'hono';
import { clientIp } from '../_shared/client-ip.ts';
import { db } from '../_shared/db.ts';
import { HttpError } from '../_shared/errors.ts';
import { header, isUuid, parseWith, readJsonObject } from '../_shared/http.ts';
import { meTooLimits } from '../_shared/limits.ts';
import { MESSAGES } from '../_shared/messages.ts';
import { sessionBaseKey } from '../_shared/rate-limit.ts';
import { meTooSchema } from '../_shared/schemas.ts';
import { editTokenSecret, sha256Hex } from '../_shared/tokens.ts';

const LIMITS = meTooLimits((name) => Deno.env.get(name));

/** The device's base key: its `x-device-id`, or (without one) its address, as submissions count it. */
function deviceKey(c: Context, device: string | undefined): Promise<string | undefined> {
  return device ? sessionBaseKey('device', device) : sessionBaseKey('device-ip', clientIp(c.req.raw.headers));
}

/** The hash of the edit token the browser holds (`x-edit-token`, `<id>.<secret>`), or null. */
async function ownTokenHash(c: Context): Promise<string | null> {
  const token = header(c, 'x-edit-token', 200);
  const id = token?.slice(0, token.indexOf('.'));
  const secret = id && isUuid(id) ? editTokenSecret(token, id) : undefined;
  return secret ? await sha256Hex(secret) : null;
}

export function meTooRoutes(app: Hono, deviceIdOf: (c: Context) => string | undefined): void {
  // GET /me-too?courseId=&sessionId= → {enabled, sessionId, items: [{id, text, meToos, meToo, own}]}
  app.get('/me-too', async (c) => {
    const courseId = c.req.query('courseId') ?? '';
    const sessionId = (c.req.query('sessionId') ?? '').trim();
    if (!isUuid(courseId)) throw new HttpError(404, MESSAGES.course_not_found);
    if (!sessionId || sessionId.length > 100) throw new HttpError(400, MESSAGES.session_id_invalid);
    const [key, own] = await Promise.all([deviceKey(c, deviceIdOf(c)), ownTokenHash(c)]);
    const [row] = await db()`
      select public.peer_confusion(${courseId}::uuid, ${sessionId}, ${key ?? null}, ${own}) as view`;
    return c.json(row.view);
  });

  // POST /me-too {courseId, sessionId, submissionId, meToo} → {submissionId, meToo, meToos}
  app.post('/me-too', async (c) => {
    const input = parseWith(meTooSchema, await readJsonObject(c));
    const ip = clientIp(c.req.raw.headers);
    const [key, ipKey, own] = await Promise.all([deviceKey(c, deviceIdOf(c)), sessionBaseKey('ip', ip), ownTokenHash(c)]);
    const sql = db();
    const [row] = await sql`
      select public.set_me_too(
        ${input.courseId}::uuid, ${input.sessionId}, ${input.submissionId}::uuid, ${input.meToo},
        ${key ?? null}, ${ipKey ?? null}, ${own}, ${sql.json(LIMITS)}::jsonb
      ) as answer`;
    return c.json(row.answer);
  });
}
