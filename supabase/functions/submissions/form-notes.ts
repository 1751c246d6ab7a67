// GET /form-notes?page=<path>&courseId=&sessionId=: the professor's notes a feedback form's class
// session shows, as one line of text for a host that writes them into the page itself (nginx's SSI:
// bench/nginx-site.conf), so they are on the page as first served
// (docs/decisions/first-paint.md, "Notes on the page as first served"). The same notes as the
// island's read (`course_notes()`, the session's and its day's); nothing is written or counted, and
// nothing of the caller is kept.
import type { Hono } from 'hono';
import { db } from '../_shared/db.ts';
import { type FormCheckPlace, formCheckPlace } from '../_shared/form-check.ts';
import { CLASS_LINK_PATH, FORM_PAGES } from '../_shared/form-post.ts';
import { formNotesLine, type HostedNote } from '../_shared/form-notes.ts';
import { isUuid } from '../_shared/http.ts';
import { notesOfSession } from '../_shared/session-notes.ts';

/** The course and session a form page is about: a class link's from its token. */
async function courseAndSession(place: FormCheckPlace): Promise<{ courseId: string; session: string } | null> {
  if (!('classToken' in place)) return place;
  const [row] = await db()`select public.resolve_class_token(${place.classToken}) as link`;
  const link = row?.link as { courseId?: string; sessionId?: string } | null | undefined;
  return link?.courseId && isUuid(link.courseId) ? { courseId: link.courseId, session: link.sessionId ?? '' } : null;
}

/** The session's day, as the island finds it: a session's date, a day in the address, else the course's class day. */
async function dayOf(courseId: string, session: string): Promise<string | undefined> {
  if (isUuid(session)) {
    const [row] = await db()`
      select cs.session_date::text as day from public.class_sessions cs where cs.id = ${session}::uuid and cs.course_id = ${courseId}::uuid`;
    return row?.day ?? undefined;
  }
  if (session) return session;
  const [row] = await db()`select public.course_class_day(${courseId}::uuid)::text as day`;
  return row?.day ?? undefined;
}

async function notesAt(place: FormCheckPlace): Promise<HostedNote[]> {
  const found = await courseAndSession(place);
  if (!found) return [];
  // As many as the island reads (NOTES_SHOWN).
  const [row] = await db()`select public.course_notes(${found.courseId}::uuid, 20) as notes`;
  const notes = (row?.notes ?? []) as HostedNote[];
  if (notes.length === 0) return [];
  return notesOfSession(notes, found.session, await dayOf(found.courseId, found.session));
}

/** Session Feedback, by its address or a class link: Submit Feedback shows no notes. */
const showsNotes = (page: string) => CLASS_LINK_PATH.test(page) || page.replace(/\/+$/, '') === FORM_PAGES.session;

export function formNotesRoutes(app: Hono): void {
  app.get('/form-notes', async (c) => {
    const page = c.req.query('page') ?? '';
    const place = showsNotes(page) ? formCheckPlace(page, new URL(c.req.url).searchParams) : undefined;
    const notes = place ? await notesAt(place) : [];
    return c.text(formNotesLine(notes), 200, { 'cache-control': 'no-store' });
  });
}
