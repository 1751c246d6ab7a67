import type { OutgoingMail } from './options.ts';

// The e-mails of the local auth server, in the user's language: `language` in the user's metadata
// (set by the app at sign-up and when a signed-in user switches language; "es" or English). Hosted
// Supabase sends the same texts from supabase/templates/*.html; mail.test.ts keeps the two in step.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Metadata = Record<string, unknown> | null | undefined;

const isSpanish = (metadata: Metadata) => metadata?.language === 'es';

export const SIGN_IN = {
  en: {
    subject: 'Your Magic Link',
    heading: 'Sign in',
    code: 'Your sign-in code is',
    follow: 'Or follow this link to sign in:',
    linkText: 'Sign in',
    expiry: (minutes: number) => `The code and the link work once and expire in ${minutes} minutes.`,
    ignore: 'If you did not ask to sign in, you can ignore this e-mail.',
  },
  es: {
    subject: 'Tu enlace para iniciar sesión',
    heading: 'Iniciar sesión',
    code: 'Tu código para iniciar sesión es',
    follow: 'O sigue este enlace para iniciar sesión:',
    linkText: 'Iniciar sesión',
    expiry: (minutes: number) => `El código y el enlace funcionan una sola vez y vencen en ${minutes} minutos.`,
    ignore: 'Si no pediste iniciar sesión, puedes ignorar este correo.',
  },
};

export const INVITE = {
  en: {
    subject: (course: string) => (course ? `You have been invited to ${course}` : 'You have been invited'),
    heading: 'You have been invited',
    code: 'Your sign-in code is',
    joined: (course: string) =>
      `You have been invited to join ${course ? `the teaching team of ${course}` : 'a teaching team'} on ClassPulse.`,
    follow: 'Or follow this link to accept the invitation and sign in:',
    linkText: 'Accept the invitation',
    expiry: (minutes: number) => `The code and the link work once and expire in ${minutes} minutes.`,
    later: 'afterwards, sign in with this address to accept.',
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  es: {
    subject: (course: string) => (course ? `Te invitaron a ${course}` : 'Te invitaron a un equipo docente'),
    heading: 'Te invitaron',
    code: 'Tu código para iniciar sesión es',
    joined: (course: string) => `Te invitaron a unirte ${course ? `al equipo docente de ${course}` : 'a un equipo docente'} en ClassPulse.`,
    follow: 'O sigue este enlace para aceptar la invitación e iniciar sesión:',
    linkText: 'Aceptar la invitación',
    expiry: (minutes: number) => `El código y el enlace funcionan una sola vez y vencen en ${minutes} minutos.`,
    later: 'después, inicia sesión con esta dirección para aceptar.',
    ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
  },
};

const minutesOf = (expirySeconds: number) => Math.max(1, Math.round(expirySeconds / 60));

/**
 * One sign-in e-mail carrying both the code (works on any device) and the link (opens the app
 * in this browser). The code is the only standalone run of digits in the text, so tools can find it.
 */
export function signInMail(to: string, code: string, link: string, expirySeconds: number, metadata?: Metadata): OutgoingMail {
  const words = isSpanish(metadata) ? SIGN_IN.es : SIGN_IN.en;
  const minutes = minutesOf(expirySeconds);
  const text = [`${words.code} ${code}`, '', words.follow, link, '', words.expiry(minutes), words.ignore].join('\n');
  const html = `<h2>${words.heading}</h2>
<p>${words.code} <strong>${code}</strong></p>
<p>${words.follow} <a href="${escapeHtml(link)}">${words.linkText}</a></p>
<p>${words.expiry(minutes)}</p>`;
  return { to, subject: words.subject, text, html };
}

/**
 * The invitation e-mail (GoTrue's invite template): names the course the invitation is for when the
 * inviter passed it in the user's metadata (`invited_to_course`), and carries a sign-in code and a
 * link, either of which signs the invitee in and so accepts the invitation.
 */
export function inviteMail(to: string, code: string, link: string, expirySeconds: number, metadata: Metadata): OutgoingMail {
  const words = isSpanish(metadata) ? INVITE.es : INVITE.en;
  const minutes = minutesOf(expirySeconds);
  const course = typeof metadata?.invited_to_course === 'string' ? metadata.invited_to_course.trim().slice(0, 200) : '';
  // The code comes first: tools take the first run of digits, and a course code may hold some.
  const text = [
    `${words.code} ${code}`,
    '',
    words.joined(course),
    '',
    words.follow,
    link,
    '',
    `${words.expiry(minutes).slice(0, -1)}; ${words.later}`,
    words.ignore,
  ].join('\n');
  const html = `<h2>${words.heading}</h2>
<p>${escapeHtml(words.joined(course))}</p>
<p>${words.code} <strong>${code}</strong></p>
<p>${words.follow} <a href="${escapeHtml(link)}">${words.linkText}</a></p>
<p>${words.expiry(minutes)}</p>`;
  return { to, subject: words.subject(course), text, html };
}
