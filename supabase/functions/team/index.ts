// team: a course's owner invites a co-instructor or a TA by e-mail.
//
// POST /team {courseId, email, role, language?} → 201 {id, courseId, email, role, createdAt, accountExists}.
// The invitation is written by invite_to_course() running AS THE CALLER (their own JWT through
// PostgREST), so the database decides who may invite and checks the address, duplicates and the
// team's size. Then the e-mail goes out through Supabase Auth's mailer: GoTrue's invitation (a new
// account, confirmed by its first sign-in) for an address without an account, a sign-in e-mail for
// an existing one; signing in accepts the invitation (a trigger on auth.users). If the e-mail cannot
// be sent, the invitation is deleted again and the caller gets a 503: nothing is left behind.
// Revoking invitations and removing members are plain PostgREST deletes (RLS: the owner).
import type { Context } from 'hono';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../_shared/database.types.ts';
import { HttpError, UNAVAILABLE } from '../_shared/errors.ts';
import { createApp, parseWith, readJsonObject } from '../_shared/http.ts';
import { MESSAGES } from '../_shared/messages.ts';
import { teamInvitationSchema } from '../_shared/schemas.ts';
import { anonClient, callerClient, serviceRoleClient } from '../_shared/supabase-clients.ts';

const SIGN_IN_AGAIN = MESSAGES.sign_in_expired;
const NOT_SENT = MESSAGES.invitation_not_sent;

/** What invite_to_course() answers (and this function passes on). */
interface Invitation {
  id: string;
  courseId: string;
  email: string;
  role: 'co_instructor' | 'ta';
  createdAt: string;
  accountExists: boolean;
}

/** The caller's PostgREST client: row-level security and the SQL functions decide. */
function asCaller(c: Context): SupabaseClient<Database> {
  const client = callerClient(c.req.header('authorization'));
  if (!client) throw new HttpError(401, SIGN_IN_AGAIN);
  return client;
}

/**
 * Where the e-mail's link returns: the app's sign-in screen, which finishes the sign-in and opens
 * /professor. SITE_URL when set, else the calling page's origin; Auth checks it against its
 * redirect allow-list either way (and falls back to its site_url).
 */
function returnUrl(c: Context): string | undefined {
  const site = Deno.env.get('SITE_URL') ?? c.req.header('origin');
  if (!site) return undefined;
  try {
    return new URL('/api/login', site).toString();
  } catch {
    return undefined;
  }
}

/** invite_to_course()'s refusals keep their status and message; anything else is a 503. */
function refusal(error: { code?: string; message?: string }, status: number): HttpError {
  if (status === 401 || error.code === 'PGRST301' || error.code === 'PGRST303') return new HttpError(401, SIGN_IN_AGAIN);
  if (error.code === '42501') return new HttpError(403, MESSAGES.invite_owner_only);
  if (['PT404', '22023', '23505', 'PT409'].includes(error.code ?? '') && error.message) {
    return new HttpError(status >= 400 && status < 500 ? status : 400, error.message);
  }
  console.error('[team] invite_to_course failed:', status, error);
  return new HttpError(503, UNAVAILABLE);
}

// No pooled database here (the invitation goes through PostgREST and the auth server, which sends the
// e-mail before answering): a slow mail server must not turn an invitation that was made into a 503.
const app = createApp('team', { deadlineMs: 30_000 });

app.post('/', async (c) => {
  const caller = asCaller(c);
  const { courseId, email, role, language } = parseWith(teamInvitationSchema, await readJsonObject(c));

  const { data, error, status } = await caller.rpc('invite_to_course', { course_id: courseId, email, role });
  if (error) throw refusal(error, status);
  const invitation = data as unknown as Invitation;

  try {
    const { data: course } = await caller.from('courses').select('code, name').eq('id', courseId).maybeSingle();
    const courseLabel = course ? `${course.code} (${course.name})` : undefined;
    const redirectTo = returnUrl(c);
    const sent = invitation.accountExists
      ? await anonClient().auth.signInWithOtp({
          email: invitation.email,
          options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
        })
      : await serviceRoleClient().auth.admin.inviteUserByEmail(invitation.email, {
          redirectTo,
          // The new account starts in the inviter's language: its e-mails, this one first, use it.
          data: { invited_to_course: courseLabel, invited_as: role, ...(language ? { language } : {}) },
        });
    if (sent.error) throw sent.error;
  } catch (failure) {
    console.error('[team] the invitation e-mail could not be sent:', failure);
    // As the caller (the owner may revoke their invitations): the invitation goes again.
    const { error: undoError } = await caller.from('course_invitations').delete().eq('id', invitation.id);
    if (undoError) console.error('[team] could not withdraw the invitation:', undoError);
    throw new HttpError(503, NOT_SENT);
  }
  return c.json(invitation, 201);
});

Deno.serve(app.fetch);
