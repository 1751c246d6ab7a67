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
