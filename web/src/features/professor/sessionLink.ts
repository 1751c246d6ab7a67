import { i18n } from '../../i18n/i18n';
/** The seed: the class link students open, `{origin}/class/{accessToken}`. */
export function sessionLink(origin: string, accessToken: string): string {
  return `${origin}/class/${encodeURIComponent(accessToken)}`;
}

/** The QR download is named after the course code: "COSC 1337" → "COSC-1337-qr-code.png". */
export function qrFileName(courseCode: string): string {
  const safe = courseCode
    .trim()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${safe || 'course'}-qr-code.png`;
}

/** The seed: the QR image is 300 px wide with margin 2. */
export const QR_OPTIONS = { width: 300, margin: 2 } as const;

/** "5" → "5 submissions", "1" → "1 submission". */
export function submissionsLabel(count: number): string {
  return count === 1 ? i18n.t('{{n}} submission', { n: count }) : i18n.t('{{n}} submissions', { n: count });
}
