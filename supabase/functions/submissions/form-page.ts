// GET /form-page?page=<path>&courseId=&sessionId=: what a host writes into a feedback form's page
// itself (nginx's SSI: bench/nginx-site.conf), as one line of text, read once per page served:
// - the check questions the form asks, so a browser without JavaScript sees and posts them
//   (docs/decisions/follow-up-checks.md, "Without JavaScript");
// - on Session Feedback, the professor's notes on its class session, so they are on the page as
//   first served (docs/decisions/first-paint.md, "Notes on the page as first served");
// - on a course's page (`page=/courses/<id>`), its first screen: the course and its class day
//   (docs/decisions/course-page.md, "The first screen from the host").
// The same reads as the page's island (`follow_up_check()`, `course_notes()`, the course's public
// columns, `course_class_day()`); nothing is written or counted, and nothing of the caller is kept.
import type { Hono } from 'hono';
import { db } from '../_shared/db.ts';
import { coursePageLine } from '../_shared/course-page.ts';
import { type FormCheck, formCheckLine, formCheckOrder, formCheckPlace, type FormCheckPlace } from '../_shared/form-check.ts';
import { formNotesLine, type HostedNote } from '../_shared/form-notes.ts';
import { formPageLine } from '../_shared/form-page.ts';
import { CLASS_LINK_PATH, FORM_PAGES } from '../_shared/form-post.ts';
import { isUuid } from '../_shared/http.ts';
import { notesOfSession } from '../_shared/session-notes.ts';

interface Place {
  courseId: string;
  /** A class session's id, a day, or '' for the course's class day. */
  session: string;
}

/** The course and session a form page is about: a class link's from its token. */
async function courseAndSession(place: FormCheckPlace): Promise<Place | null> {
  if (!('classToken' in place)) return place;
  const [row] = await db()`select public.resolve_class_token(${place.classToken}) as link`;
  const link = row?.link as { courseId?: string; sessionId?: string } | null | undefined;
  return link?.courseId && isUuid(link.courseId) ? { courseId: link.courseId, session: link.sessionId ?? '' } : null;
}

async function checkAt({ courseId, session }: Place): Promise<FormCheck | null> {
  const [row] = await db()`select public.follow_up_check(${courseId}::uuid, ${session}) as check`;
  return (row?.check ?? null) as FormCheck | null;
}

/** The session's day, as the island finds it: a session's date, a day in the address, else the course's class day. */
async function dayOf({ courseId, session }: Place): Promise<string | undefined> {
  if (isUuid(session)) {
    const [row] = await db()`
      select cs.session_date::text as day from public.class_sessions cs where cs.id = ${session}::uuid and cs.course_id = ${courseId}::uuid`;
    return row?.day ?? undefined;
  }
  if (session) return session;
  const [row] = await db()`select public.course_class_day(${courseId}::uuid)::text as day`;
  return row?.day ?? undefined;
}

async function notesAt(place: Place): Promise<HostedNote[]> {
  // As many as the island reads (NOTES_SHOWN).
  const [row] = await db()`select public.course_notes(${place.courseId}::uuid, 20) as notes`;
  const notes = (row?.notes ?? []) as HostedNote[];
  if (notes.length === 0) return [];
  return notesOfSession(notes, place.session, await dayOf(place));
}

/** A course page's address: `/courses/<id>`, the id as the page reads it. */
const COURSE_PAGE = /^\/courses\/([^/]+)\/?$/;

/** What a course page's island reads first of the course: what anyone with its link reads, and its class day. */
async function coursePage(id: string): Promise<string> {
  if (!isUuid(id)) return '';
  const [row] = await db()`
    select c.id::text as id, c.code, c.name, c.section, c.ended_at::text as ended_at,
           public.course_class_day(c.id)::text as class_day
    from public.courses c where c.id = ${id}::uuid`;
  if (!row) return '';
  return coursePageLine({
    id: row.id,
    code: row.code,
    name: row.name,
    section: row.section ?? null,
    endedAt: row.ended_at ?? null,
    classDay: row.class_day ?? null,
  });
}

/** Session Feedback, by its address or a class link: Submit Feedback shows no notes. */
const showsNotes = (page: string) => CLASS_LINK_PATH.test(page) || page.replace(/\/+$/, '') === FORM_PAGES.session;

export function formPageRoutes(app: Hono): void {
  app.get('/form-page', async (c) => {
    const page = c.req.query('page') ?? '';
    const course = COURSE_PAGE.exec(page);
    if (course) return c.text(await coursePage(course[1]!), 200, { 'cache-control': 'no-store' });
    const asked = formCheckPlace(page, new URL(c.req.url).searchParams);
    const place = asked ? await courseAndSession(asked) : null;
    const [check, notes] = place ? await Promise.all([checkAt(place), showsNotes(page) ? notesAt(place) : []]) : [null, []];
    const line = formPageLine(formCheckLine(check, check ? formCheckOrder(check) : 'only'), formNotesLine(notes));
    return c.text(line, 200, { 'cache-control': 'no-store' });
  });
}
