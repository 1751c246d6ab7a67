import bcrypt from 'bcryptjs';
import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import { unprocessable } from './errors.ts';

// Every auth.users row GoTrue creates carries the nil instance id.
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
const BCRYPT_COST = 10;
const MIN_PASSWORD_LENGTH = 6;

type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone,
  phone_confirmed_at, confirmed_at, banned_until, is_anonymous`;

/** GoTrue lower-cases and trims addresses before storing or looking them up. */
export function normaliseEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

export function isValidEmail(email: string): boolean {
  return email.length <= 255 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where email = $1 and is_sso_user = false and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return rows[0];
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

export async function hashPassword(password: unknown): Promise<string> {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    throw new WeakPasswordError(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  return bcrypt.hash(password, BCRYPT_COST);
}

/** GoTrue's weak_password error carries the reasons; auth-js turns it into AuthWeakPasswordError. */
export class WeakPasswordError extends Error {
  readonly reasons = ['length'];
}

/** bcrypt check, also for pgcrypto crypt(…, gen_salt('bf')) hashes written by seeds. */
export async function passwordMatches(user: UserRow, password: unknown): Promise<boolean> {
  if (typeof password !== 'string' || !user.encrypted_password) return false;
  try {
    return await bcrypt.compare(password, user.encrypted_password);
  } catch {
    return false;
  }
}

/** GoTrue's metadata update: keys are merged in, a null value removes the key. */
export function mergeMetadata(current: Json | null, patch: unknown): Json {
  const merged: Json = { ...(current ?? {}) };
  if (patch && typeof patch === 'object' && !Array.isArray(patch)) {
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
  }
  return merged;
}

interface NewUser {
  /** The id the Before User Created hook was shown, if it ran; a new one otherwise. */
  id?: string;
  email: string;
  encryptedPassword?: string;
  confirmed: boolean;
  userMetadata?: unknown;
  appMetadata?: unknown;
}

/**
 * Creates a user with a real INSERT into auth.users (so triggers on it fire, as on Supabase) plus
 * its e-mail identity. Returns undefined when the address is already taken.
 */
export async function insertUser(db: Queryable, input: NewUser): Promise<UserRow | undefined> {
  const id = input.id ?? randomUUID();
  const appMetadata = { ...mergeMetadata({}, input.appMetadata), provider: 'email', providers: ['email'] };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ($1, $2, 'authenticated', 'authenticated', $3, $4, case when $5 then now() end, $6, $7, now(), now(),
       false, false)
     on conflict (email) where is_sso_user = false do nothing
     returning ${USER_COLUMNS}`,
    [INSTANCE_ID, id, input.email, input.encryptedPassword ?? '', input.confirmed, appMetadata, mergeMetadata({}, input.userMetadata)],
  );
  const user = rows[0];
  if (!user) return undefined;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now())`,
    [id, id, { sub: id, email: input.email, email_verified: input.confirmed, phone_verified: false }],
  );
  return user;
}

/** Marks the address confirmed (first successful code or link) and records the sign-in. */
export async function recordSignIn(db: Queryable, userId: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(),
       updated_at = now()
     where id = $1 returning ${USER_COLUMNS}`,
    [userId],
  );
  await db.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now(),
       identity_data = identity_data || '{"email_verified": true}'
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
  return rows[0];
}

export interface UserPatch {
  email?: string;
  encryptedPassword?: string;
  emailConfirmed?: boolean;
  userMetadata?: unknown;
  appMetadata?: unknown;
  bannedUntil?: Date | null;
}

export async function updateUser(db: Queryable, user: UserRow, patch: UserPatch): Promise<UserRow> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [user.id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (patch.email !== undefined && patch.email !== user.email) {
    const taken = await findUserByEmail(db, patch.email);
    if (taken) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    set('email', patch.email);
  }
  if (patch.encryptedPassword !== undefined) set('encrypted_password', patch.encryptedPassword);
  if (patch.emailConfirmed === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (patch.emailConfirmed === false) sets.push('email_confirmed_at = null');
  if (patch.userMetadata !== undefined) set('raw_user_meta_data', mergeMetadata(user.raw_user_meta_data, patch.userMetadata));
  if (patch.appMetadata !== undefined) set('raw_app_meta_data', mergeMetadata(user.raw_app_meta_data, patch.appMetadata));
  if (patch.bannedUntil !== undefined) set('banned_until', patch.bannedUntil);
  const { rows } = await db.query<UserRow>(`update auth.users set ${sets.join(', ')} where id = $1 returning ${USER_COLUMNS}`, values);
  if (patch.email !== undefined && patch.email !== user.email) {
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
         updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id, patch.email],
    );
  }
  return rows[0];
}

export async function listUsers(db: Queryable, page: number, perPage: number): Promise<{ users: UserRow[]; total: number }> {
  const { rows } = await db.query<UserRow & { total: string }>(
    `select ${USER_COLUMNS}, count(*) over () as total from auth.users where deleted_at is null
     order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const total = rows.length
    ? Number(rows[0].total)
    : Number((await db.query('select count(*) from auth.users where deleted_at is null')).rows[0].count);
  return { users: rows, total };
}

export async function deleteUser(db: Queryable, userId: string, soft: boolean): Promise<void> {
  if (!soft) {
    await db.query('delete from auth.users where id = $1', [userId]);
    return;
  }
  // GoTrue's soft delete: the row stays (for foreign keys) but can never sign in again.
  await db.query('delete from auth.sessions where user_id = $1', [userId]);
  await db.query('delete from auth.identities where user_id = $1', [userId]);
  await db.query(
    `update auth.users set deleted_at = now(), email = null, encrypted_password = '', phone = null,
       raw_app_meta_data = '{}', raw_user_meta_data = '{}', updated_at = now()
     where id = $1`,
    [userId],
  );
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

/** Users inserted by seeds usually have no identity row; GoTrue-made ones always do. */
function syntheticIdentity(user: UserRow) {
  return {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: {
      sub: user.id,
      email: user.email,
      email_verified: user.email_confirmed_at !== null,
      phone_verified: false,
    },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    email: user.email ?? undefined,
  };
}

/** The user as GoTrue serialises it (omitempty fields left out when unset). */
export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    invited_at: iso(user.invited_at),
    confirmed_at: iso(user.confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.length ? identities.map(identityJson) : [syntheticIdentity(user)],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/** Serialises users with their identities, loaded in one query. */
export async function usersJson(db: Queryable, users: UserRow[]): Promise<UserJson[]> {
  if (!users.length) return [];
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = any($1::uuid[]) order by created_at`,
    [users.map((u) => u.id)],
  );
  return users.map((user) =>
    userJson(
      user,
      rows.filter((identity) => identity.user_id === user.id),
    ),
  );
}

export async function oneUserJson(db: Queryable, user: UserRow): Promise<UserJson> {
  return (await usersJson(db, [user]))[0];
}
