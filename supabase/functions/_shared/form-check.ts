// The check questions of a feedback form's page, for a host that writes them into the page's HTML
// itself, so that a browser without JavaScript sees them too (docs/decisions/follow-up-checks.md,
// "Without JavaScript"). nginx does it with SSI (bench/nginx-site.conf): it asks
// GET /submissions/form-page?page=<the page's path>&<the page's query> and matches the answer's
// check, one line, against the variants the build wrote (web/src/student/render/noScriptCheck.tsx).
import { CLASS_LINK_PATH, FORM_PAGES } from './form-post.ts';
import { escapeHtml } from './html.ts';
import { isUuid } from './http.ts';

/** The fields of the check's line and of the notes' are split by this; no value carries one (`escapeForPage`). */
export const FIELD_SEPARATOR = '|';

/** Which topic the form asks first, or only one (no control): the variants the page holds. */
export type FormCheckOrder = 'addressed-first' | 'control-first' | 'only';

export interface FormCheck {
  noteId: string;
  body: string;
  addressedTopic: string;
  controlTopic: string | null;
}

/** Where a form page's check comes from: a course's class day, or a class link's session. */
export type FormCheckPlace = { courseId: string; session: string } | { classToken: string };

const MAX_SESSION = 64;

/**
 * The place of a new-feedback form page from its path and query, as its island finds it: Submit
 * Feedback's `?courseId=` (and `?sessionId=`, else the course's class day), Session Feedback's
 * `?courseId=&sessionId=`, a class link's token. Undefined for any other page, or a page with no course.
 */
export function formCheckPlace(page: string, query: URLSearchParams): FormCheckPlace | undefined {
  const token = CLASS_LINK_PATH.exec(page)?.[1];
  if (token) return { classToken: token };
  const path = page.replace(/\/+$/, '');
  if (path !== FORM_PAGES.quick && path !== FORM_PAGES.session) return undefined;
  const courseId = query.get('courseId')?.trim() ?? '';
  const session = query.get('sessionId')?.trim() ?? '';
  if (!isUuid(courseId) || session.length > MAX_SESSION) return undefined;
  return { courseId, session };
}

/**
 * Text made safe to stand in HTML as it is (text or a quoted attribute), and free of the lines'
 * separators (`|`, and `~` between the check and the notes: form-page.ts) and of what SSI would
 * read in a value (`$`, `\`).
 */
export function escapeForPage(text: string): string {
  return escapeHtml(text).replace(/\|/g, '&#124;').replace(/~/g, '&#126;').replace(/\$/g, '&#36;').replace(/\\/g, '&#92;');
}

/** The order for one student: drawn for each page served, as the form draws it for each form. */
export function formCheckOrder(check: FormCheck, random: () => number = Math.random): FormCheckOrder {
  if (check.controlTopic === null) return 'only';
  return random() < 0.5 ? 'addressed-first' : 'control-first';
}

/** `noteId|order|addressed topic|control topic|note`, each text escaped; '' when nothing is asked. */
export function formCheckLine(check: FormCheck | null, order: FormCheckOrder): string {
  if (!check) return '';
  return [
    check.noteId,
    order,
    escapeForPage(check.addressedTopic),
    escapeForPage(check.controlTopic ?? ''),
    escapeForPage(check.body),
  ].join(FIELD_SEPARATOR);
}
