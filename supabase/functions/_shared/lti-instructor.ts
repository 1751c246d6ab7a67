// LTI 1.3: the pure part of an instructor's or TA's launch: whose e-mail a platform may sign in,
// where the sign-in lands, and the pages of a launch that cannot sign anyone in. No Deno API here,
// so Node's unit tests import it as the function does (docs/decisions/lti.md).
import { escapeHtml } from './html.ts';
import { page } from './lti.ts';

/** A plausible address, lower-cased, or undefined: the platform's `email` claim is only trusted this far. */
export function launchEmail(claim: unknown): string | undefined {
  if (typeof claim !== 'string') return undefined;
  const email = claim.trim().toLowerCase();
  // No control characters (a NUL byte would not even reach Postgres).
  return email.length <= 254 && /^[^@\s\p{Cc}]+@[^@\s\p{Cc}]+\.[^@\s\p{Cc}]+$/u.test(email) ? email : undefined;
}

/** Whether a platform registered for `domains` may vouch for `email` (a domain covers its subdomains). */
export function domainTrusted(email: string, domains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/**
 * Where Supabase Auth's one-time link sends the browser: the site's sign-in page, which finishes
 * the sign-in and then opens `next` (a professor page) instead of Course Management.
 */
export function signInRedirect(site: string, next: string): string {
  const url = new URL('/api/login', site);
  url.searchParams.set('next', next);
  return url.toString();
}

/** The professor pages a launch may open after sign-in: the link page, or a course's live view. */
export const linkPagePath = (token: string) => `/professor/lti/link?request=${encodeURIComponent(token)}`;
export const liveViewPath = (courseId: string) => `/professor/live/${encodeURIComponent(courseId)}`;

const signInLink = (site: string, { next, text = 'Sign in to ClassPulse' }: { next?: string; text?: string } = {}) =>
  `<p><a href="${escapeHtml(next ? signInRedirect(site, next) : new URL('/api/login', site).toString())}" target="_blank" rel="noopener">${escapeHtml(text)}</a></p>`;

/** An instructor's launch without an e-mail: what to change in Canvas or Moodle. */
export function noEmailPage(site: string): string {
  return page(
    'Your learning platform did not share your e-mail',
    `<p>ClassPulse signs instructors in with the e-mail address their learning platform shares, and this launch had none. Ask your LMS administrator to change the ClassPulse registration:</p>
<ul>
<li><strong>Canvas</strong>: in the ClassPulse developer key, set <em>Privacy Level</em> to <em>Email only</em> or <em>Public</em>.</li>
<li><strong>Moodle</strong>: in the ClassPulse external tool, set <em>Share launcher’s email with tool</em> to <em>Always</em>.</li>
</ul>
<p>Students are not affected: ClassPulse discards whatever the platform says about them.</p>
${signInLink(site)}`,
  );
}

/**
 * A teaching launch that signs nobody in: the e-mail is outside the platform's trusted domains, or
 * its account is not on the linked course's team (which the owner may open to TAs).
 */
export function notSignedInPage(site: string, course?: { id: string; code: string }): string {
  if (!course) {
    return page(
      'ClassPulse could not sign you in',
      `<p>This learning platform may sign in only instructors of the e-mail domains its ClassPulse registration lists, and yours is not one of them. Sign in to ClassPulse with your e-mail instead, or ask your administrator to add your domain.</p>
${signInLink(site)}`,
    );
  }
  return page(
    `ClassPulse for ${course.code}`,
    `<p>Today’s feedback for ${escapeHtml(course.code)} is in its live view, for its teaching team. If you are on it, sign in with your ClassPulse e-mail to open it; if not, ask the course’s owner to invite you from Course Management.</p>
${signInLink(site, { next: liveViewPath(course.id), text: `Open the live view of ${course.code}` })}`,
  );
}
