import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { readBody, requireAdmin, type AuthDeps } from './context.ts';
import { isUuid, transaction } from './db.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { runBeforeUserCreated } from './hooks.ts';
import { inviteMail } from './mail.ts';
import { claimEmailSend, generateCode, storeOneTimeToken, tokenHash, type OneTimeTokenType } from './otp.ts';
import { requireEmail, verifyLink } from './signin.ts';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  listUsers,
  normaliseEmail,
  oneUserJson,
  updateUser,
  usersJson,
  type UserPatch,
} from './users.ts';

const LINK_TYPES: Record<string, OneTimeTokenType> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
};

/** GoTrue's ban_duration: "none" lifts a ban, otherwise a Go duration such as "24h" or "1h30m". */
function bannedUntil(duration: unknown): Date | null | undefined {
  if (duration === undefined || duration === '') return undefined;
  if (duration === 'none') return null;
  const match = typeof duration === 'string' ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration) : null;
  if (!match || !duration) throw badRequest('validation_failed', 'invalid format for ban duration');
  const [, h = '0', m = '0', s = '0'] = match;
  return new Date(Date.now() + ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000);
}

async function userPatch(body: Record<string, unknown>): Promise<UserPatch> {
  const patch: UserPatch = {};
  if (body.email !== undefined) patch.email = requireEmail(body.email);
  if (body.password !== undefined) patch.encryptedPassword = await hashPassword(body.password);
  if (typeof body.email_confirm === 'boolean') patch.emailConfirmed = body.email_confirm;
  if (body.user_metadata !== undefined) patch.userMetadata = body.user_metadata;
  if (body.app_metadata !== undefined) patch.appMetadata = body.app_metadata;
  patch.bannedUntil = bannedUntil(body.ban_duration);
  return patch;
}

function userIdParam(id: string): string {
  if (!isUuid(id)) throw badRequest('validation_failed', 'user_id must be an UUID');
  return id;
}

export function adminRoutes(app: Hono, deps: AuthDeps) {
  const { db } = deps.opts;
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(c, deps);
    await next();
  });

  // createUser: GoTrue's adminUserCreate runs no Before User Created hook (the service role is the
  // permission), so neither does this; the LTI function makes trusted instructors' accounts here.
  app.post('/admin/users', async (c) => {
    const body = await readBody(c);
    if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const email = requireEmail(body.email);
    const encryptedPassword = body.password !== undefined ? await hashPassword(body.password) : undefined;
    const banned = bannedUntil(body.ban_duration);
    const user = await transaction(db, async (tx) => {
      const created = await insertUser(tx, {
        email,
        encryptedPassword,
        confirmed: body.email_confirm === true,
        userMetadata: body.user_metadata ?? body.data,
        appMetadata: body.app_metadata,
      });
      if (!created) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      return banned !== undefined ? updateUser(tx, created, { bannedUntil: banned }) : created;
    });
    return c.json(await oneUserJson(db, user));
  });

  // listUsers: { users, aud } plus GoTrue's pagination headers (x-total-count, link).
  app.get('/admin/users', async (c) => {
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(c.req.query('per_page') ?? '', 10) || 50));
    const { users, total } = await listUsers(db, page, perPage);
    const last = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
    c.header('x-total-count', String(total));
    c.header('link', links.join(', '));
    return c.json({ users: await usersJson(db, users), aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await findUserById(db, userIdParam(c.req.param('id')));
    if (!user) throw notFound('user_not_found', 'User not found');
    return c.json(await oneUserJson(db, user));
  });

  app.put('/admin/users/:id', async (c) => {
    const id = userIdParam(c.req.param('id'));
    const patch = await userPatch(await readBody(c));
    const updated = await transaction(db, async (tx) => {
      const user = await findUserById(tx, id);
      if (!user) throw notFound('user_not_found', 'User not found');
      return updateUser(tx, user, patch);
    });
    return c.json(await oneUserJson(db, updated));
  });

  app.delete('/admin/users/:id', async (c) => {
    const id = userIdParam(c.req.param('id'));
    const body = await readBody(c);
    await transaction(db, async (tx) => {
      if (!(await findUserById(tx, id))) throw notFound('user_not_found', 'User not found');
      await deleteUser(tx, id, body.should_soft_delete === true);
    });
    return c.json({});
  });

  // inviteUserByEmail: creates the (unconfirmed) user, or takes an invited one who has not signed in
  // yet, and sends the invitation e-mail: a code and a link (verify type "invite"), either of which
  // signs the user in and confirms the address. A confirmed account cannot be invited (422).
  // Unlike GoTrue, a repeated invitation merges the new `data` in, so the e-mail names the newest course.
  app.post('/invite', async (c) => {
    await requireAdmin(c, deps);
    const body = await readBody(c);
    const email = requireEmail(body.email);
    const requested = c.req.query('redirect_to') ?? body.redirect_to;
    const redirectTo = deps.redirect(typeof requested === 'string' ? requested : undefined);
    // GoTrue's invite runs the Before User Created hook for a new address, before its transaction.
    const newUserId = randomUUID();
    if (!(await findUserByEmail(db, email))) {
      await runBeforeUserCreated(db, deps.opts.beforeUserCreatedHook, c, { id: newUserId, email, userMetadata: body.data });
    }
    const user = await transaction(db, async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (user?.email_confirmed_at) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      if (!user) {
        user = await insertUser(tx, { id: newUserId, email, confirmed: false, userMetadata: body.data });
        if (!user) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      } else if (body.data !== undefined) {
        user = await updateUser(tx, user, { userMetadata: body.data });
      }
      await claimEmailSend(tx, user.id, 'invite');
      const code = generateCode(deps.opts.otpLength);
      const hash = tokenHash(email, code);
      await storeOneTimeToken(tx, user.id, 'confirmation_token', hash, email);
      // Sent inside the transaction: if the mail cannot be handed over, no user or token is left behind.
      await deps.opts.sendMail(
        inviteMail(email, code, verifyLink(deps, hash, 'invite', redirectTo), deps.opts.otpExpiry, user.raw_user_meta_data),
      );
      return (await findUserById(tx, user.id))!;
    });
    return c.json(await oneUserJson(db, user));
  });

  // generateLink: the link and code an e-mail would carry, without sending one.
  app.post('/admin/generate_link', async (c) => {
    const body = await readBody(c);
    const type = typeof body.type === 'string' ? body.type : '';
    const tokenType = LINK_TYPES[type];
    if (!tokenType) throw badRequest('validation_failed', `Invalid type: ${type || '(none)'}`);
    const email = requireEmail(body.email);
    const requested = c.req.query('redirect_to') ?? body.redirect_to ?? body.redirectTo;
    const redirectTo = deps.redirect(typeof requested === 'string' ? requested : undefined);
    // A link that makes a new user (signup, invite, or a magic link for an unknown address, which
    // GoTrue turns into a signup) runs the Before User Created hook first, as GoTrue's does.
    const newUserId = randomUUID();
    if (type !== 'recovery' && !(await findUserByEmail(db, email))) {
      await runBeforeUserCreated(db, deps.opts.beforeUserCreatedHook, c, { id: newUserId, email, userMetadata: body.data });
    }
    const result = await transaction(db, async (tx) => {
      let user = await findUserByEmail(tx, normaliseEmail(email));
      if (user && (type === 'signup' || (type === 'invite' && user.email_confirmed_at))) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      if (!user && type === 'recovery') throw notFound('user_not_found', 'User with this email not found');
      if (!user) {
        const encryptedPassword = type === 'signup' && body.password !== undefined ? await hashPassword(body.password) : undefined;
        user = await insertUser(tx, { id: newUserId, email, encryptedPassword, confirmed: false, userMetadata: body.data });
        if (!user) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      const code = generateCode(deps.opts.otpLength);
      const hash = tokenHash(email, code);
      await storeOneTimeToken(tx, user.id, tokenType, hash, email);
      return { user, code, hash };
    });
    return c.json({
      ...(await oneUserJson(db, result.user)),
      action_link: verifyLink(deps, result.hash, type, redirectTo),
      email_otp: result.code,
      hashed_token: result.hash,
      verification_type: type,
      redirect_to: redirectTo,
    });
  });
}
