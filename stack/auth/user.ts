import type { Hono } from 'hono';
import { authenticate, readBody, type AuthDeps } from './context.ts';
import { badRequest, unprocessable } from './errors.ts';
import { hashPassword, normaliseEmail, oneUserJson, passwordMatches, updateUser, type UserPatch } from './users.ts';

export function userRoutes(app: Hono, deps: AuthDeps) {
  const { db } = deps.opts;

  app.get('/user', async (c) => {
    const { user } = await authenticate(c, deps);
    return c.json(await oneUserJson(db, user));
  });

  // updateUser: metadata (`data`) and password. E-mail and phone changes need a confirmation
  // round-trip the local service does not implement.
  app.put('/user', async (c) => {
    const { user } = await authenticate(c, deps);
    const body = await readBody(c);
    const patch: UserPatch = {};
    if (body.email !== undefined && normaliseEmail(body.email) !== user.email) {
      throw badRequest('validation_failed', 'Changing the e-mail address is not supported by the local auth service');
    }
    if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    if (body.password !== undefined) {
      if (await passwordMatches(user, body.password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      patch.encryptedPassword = await hashPassword(body.password);
    }
    if (body.data !== undefined) patch.userMetadata = body.data;
    const updated = await updateUser(db, user, patch);
    return c.json(await oneUserJson(db, updated));
  });
}
