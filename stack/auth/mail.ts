import type { OutgoingMail } from './options.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One sign-in e-mail carrying both the code (works on any device) and the link (opens the app
 * in this browser). The code is the only standalone run of digits in the text, so tools can find it.
 */
export function signInMail(to: string, code: string, link: string, expirySeconds: number): OutgoingMail {
  const minutes = Math.max(1, Math.round(expirySeconds / 60));
  const text = [
    `Your sign-in code is ${code}`,
    '',
    'Or follow this link to sign in:',
    link,
    '',
    `The code and the link work once and expire in ${minutes} minutes.`,
    'If you did not ask to sign in, you can ignore this e-mail.',
  ].join('\n');
  const html = `<h2>Sign in</h2>
<p>Your sign-in code is <strong>${code}</strong></p>
<p>Or follow this link to sign in: <a href="${escapeHtml(link)}">Sign in</a></p>
<p>The code and the link work once and expire in ${minutes} minutes.</p>`;
  return { to, subject: 'Your Magic Link', text, html };
}

/**
 * The invitation e-mail (GoTrue's invite template): names the course the invitation is for when the
 * inviter passed it in the user's metadata (`invited_to_course`), and carries a sign-in code and a
 * link, either of which signs the invitee in and so accepts the invitation.
 */
export function inviteMail(
  to: string,
  code: string,
  link: string,
  expirySeconds: number,
  metadata: Record<string, unknown> | null,
): OutgoingMail {
  const minutes = Math.max(1, Math.round(expirySeconds / 60));
  const course = typeof metadata?.invited_to_course === 'string' ? metadata.invited_to_course.trim().slice(0, 200) : '';
  const what = course ? `the teaching team of ${course}` : 'a teaching team';
  // The code comes first: tools take the first run of digits, and a course code may hold some.
  const text = [
    `Your sign-in code is ${code}`,
    '',
    `You have been invited to join ${what} on ClassPulse.`,
    '',
    'Or follow this link to accept the invitation and sign in:',
    link,
    '',
    `The code and the link work once and expire in ${minutes} minutes; afterwards, sign in with this address to accept.`,
    'If you did not expect this invitation, you can ignore this e-mail.',
  ].join('\n');
  const html = `<h2>You have been invited</h2>
<p>You have been invited to join ${escapeHtml(what)} on ClassPulse.</p>
<p>Your sign-in code is <strong>${code}</strong></p>
<p>Or follow this link to accept the invitation and sign in: <a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>The code and the link work once and expire in ${minutes} minutes.</p>`;
  return { to, subject: course ? `You have been invited to ${course}` : 'You have been invited', text, html };
}
