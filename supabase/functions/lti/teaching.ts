// The lti function's instructor and TA launches (docs/decisions/lti.md): who is signed in, whose
// account is made, the link request of a first launch, a TA joining a team.
import type { Context } from 'hono';
import { db } from '../_shared/db.ts';
import { HttpError } from '../_shared/errors.ts';
import {
  domainTrusted,
  launchEmail,
  linkPagePath,
  liveViewPath,
  noEmailPage,
  notSignedInPage,
  signInRedirect,
} from '../_shared/lti-instructor.ts';
import { type Launch, LtiRefusal } from '../_shared/lti.ts';
import { serviceRoleClient } from '../_shared/supabase-clients.ts';
import { html, type Platform, randomToken, sha256Hex, SITE, storable } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Instructors and TAs: signed in with a one-time link of Supabase Auth (its admin API). The
// platform vouches for the e-mail, so it signs in, makes accounts for, links courses for and adds
// TAs of only the e-mail domains its registration lists; outside them, only an account that
// already teaches the linked course is signed in (its owner trusted the platform with that course).

interface Account {
  id: string;
  email: string;
}

export interface LinkedCourse {
  course_id: string;
  today: string;
  code: string;
  lms_roles_join_team: boolean;
}

async function accountOf(email: string): Promise<Account | undefined> {
  const [account] = await db()<Account[]>`select id, email from auth.users where email = ${email} limit 1`;
  return account;
}

/** The account of a trusted e-mail, made as the site's e-mail sign-in would make it when there is none. */
async function accountFor(email: string): Promise<Account> {
  const found = await accountOf(email);
  if (found) return found;
  const { data, error } = await serviceRoleClient().auth.admin.createUser({ email, email_confirm: true });
  if (data?.user) return { id: data.user.id, email };
  const madeMeanwhile = await accountOf(email);
  if (madeMeanwhile) return madeMeanwhile;
  throw new HttpError(503, `The account could not be made (${error?.name ?? 'no user'}).`);
}

/** 303 to Supabase Auth's one-time sign-in link, which lands on `next` (a professor page). */
async function signIn(account: Account, next: string): Promise<Response> {
  const { data, error } = await serviceRoleClient().auth.admin.generateLink({
    type: 'magiclink',
    email: account.email,
    options: { redirectTo: signInRedirect(SITE, next) },
  });
  if (error || !data.properties?.action_link) throw new HttpError(503, `The sign-in link could not be made (${error?.name ?? 'no link'}).`);
  return new Response(null, {
    status: 303,
    headers: { location: data.properties.action_link, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

async function teachesCourse(accountId: string, courseId: string): Promise<boolean> {
  const [row] = await db()<{ teaches: boolean }[]>`
    select exists (select 1 from public.courses c where c.id = ${courseId} and c.owner_id = ${accountId})
        or exists (select 1 from public.course_members m where m.course_id = ${courseId} and m.user_id = ${accountId}) as teaches`;
  return !!row?.teaches;
}

/** Adds a TA to the team (within the team's limit of 20 with invitations); false when full. */
async function joinTeamAsTa(account: Account, courseId: string): Promise<boolean> {
  const joined = await db()`
    insert into public.course_members (course_id, user_id, role, email)
    select ${courseId}, ${account.id}, 'ta', ${account.email}
    where (select count(*) from public.course_members where course_id = ${courseId})
        + (select count(*) from public.course_invitations where course_id = ${courseId}) < 20
    on conflict (course_id, user_id) do nothing
    returning 1`;
  return joined.length > 0;
}

/** A one-time request (1 hour) to link this LMS course, bound to the account; its token goes in the URL. */
async function linkRequest(platform: Platform, launch: Launch, account: Account): Promise<string> {
  const token = randomToken();
  await db()`
    with expired as (delete from private.lti_link_requests where expires_at < now())
    insert into private.lti_link_requests (token_hash, platform_id, context_id, context_label, context_title, user_id)
    values (${await sha256Hex(token)}, ${platform.id}, ${launch.contextId!}, ${launch.context?.label ?? ''},
            ${launch.context?.title ?? ''}, ${account.id})`;
  return token;
}

/** An instructor's or TA's resource-link launch. */
export async function teachingLaunch(
  c: Context,
  platform: Platform,
  launch: Launch,
  emailClaim: unknown,
  link?: LinkedCourse,
): Promise<Response> {
  const email = launchEmail(emailClaim);
  if (!email) return html(c, noEmailPage(SITE));
  const trusted = domainTrusted(email, platform.email_domains);
  if (!link) {
    // The first launch from this LMS course: the instructor links it to a course of theirs, or a new one.
    if (!launch.contextId || !storable(launch.contextId)) throw new LtiRefusal('unlinked_context', platform.issuer);
    if (!trusted) return html(c, notSignedInPage(SITE));
    const account = await accountFor(email);
    return signIn(account, linkPagePath(await linkRequest(platform, launch, account)));
  }
  const account = await accountOf(email);
  if (account && (await teachesCourse(account.id, link.course_id))) return signIn(account, liveViewPath(link.course_id));
  if (trusted && launch.assistant && link.lms_roles_join_team) {
    const ta = account ?? (await accountFor(email));
    if (await joinTeamAsTa(ta, link.course_id)) return signIn(ta, liveViewPath(link.course_id));
  }
  return html(c, notSignedInPage(SITE, { id: link.course_id, code: link.code }));
}
