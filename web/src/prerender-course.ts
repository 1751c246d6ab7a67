// Build-time (web/scripts/course-page): what the course page's file is made of. Its screen is the
// app's own page rendered for a stand-in course whose texts the page's inline script replaces with
// the real course's, and the requests that script sends are the ones the app sends first.
import type { QueryClient } from '@tanstack/react-query';
import { prefetchFirstPageData } from './app/firstPageData';
import { createQueryClient } from './app/queryClient';
import { apiConfig } from './lib/config';
import { authStorageKey } from './lib/sessionCookie';
import { courseQueryOptions } from './shared/api/get-course';
import { courseNotesQueryOptions, type SessionNote } from './shared/api/get-course-notes';
import type { CourseTimeline } from './features/courses/api/get-course-timeline';
import { COURSE_DAYS, COURSE_MARKS, type CourseDay, TIMELINE_MARKS } from './app/coursePageFile';

export { COURSE_DAYS, COURSE_MARKS, type CourseDay, TIMELINE_MARKS };

export interface CourseShellRender {
  url: string;
  queryClient: QueryClient;
  now: () => Date;
}

/** The course page as it is drawn once its course and notes have arrived (one note; the timeline still loading). */
export function courseShell(day: CourseDay): CourseShellRender {
  const queryClient = createQueryClient();
  const { id, code, name, noteBody } = COURSE_MARKS;
  queryClient.setQueryData(courseQueryOptions(id).queryKey, { id, code, name, section: null, term: '', endedAt: null });
  const note: SessionNote = { id: 'note', sessionId: 'session', sessionDate: COURSE_DAYS[day], body: noteBody, createdAt: '' };
  queryClient.setQueryData(courseNotesQueryOptions(id).queryKey, [note]);
  const noon = new Date(`${COURSE_DAYS[day]}T12:00:00`);
  return { url: `/courses/${id}`, queryClient, now: () => noon };
}

export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * The requests the app sends first on the course page (app/firstPageData.ts), as the façade builds
 * them for the stand-in course: recorded from a fetch that answers each with an empty list.
 */
export async function coursePageRequests(): Promise<{ requests: RecordedRequest[]; sessionCookie: string }> {
  const requests: RecordedRequest[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    requests.push({ url: String(input instanceof Request ? input.url : input), headers: Object.fromEntries(new Headers(init?.headers)) });
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  try {
    const queryClient = createQueryClient();
    prefetchFirstPageData(queryClient, { pathname: `/courses/${COURSE_MARKS.id}`, search: '' });
    while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  } finally {
    globalThis.fetch = realFetch;
  }
  return { requests, sessionCookie: authStorageKey(apiConfig.supabaseUrl) };
}

/** The timeline's states as a light course page draws them: `empty` has the day's button, or none. */
export type TimelineIsland = 'entries' | 'withheld' | 'empty-weekday' | 'empty-weekend';
export const TIMELINE_ISLANDS: TimelineIsland[] = ['entries', 'withheld', 'empty-weekday', 'empty-weekend'];

/** The stand-in timeline of an island: one entry of each difficulty, or none. */
export function standInTimeline(island: TimelineIsland): CourseTimeline {
  const { topic, confusion, count, createdAt } = TIMELINE_MARKS;
  if (island === 'entries') {
    const levels = ['slightly', 'very', 'completely', null] as const;
    return {
      total: count,
      thisWeek: count,
      items: levels.map((difficultyLevel, i) => ({ id: `stand-in-${i}`, createdAt, topic, confusion, difficultyLevel })),
    };
  }
  return island === 'withheld' ? { total: count, thisWeek: count, items: [] } : { total: 0, thisWeek: 0, items: [] };
}

/** The page's "Submit … Feedback" address on a day, for the stand-in course (the light page puts in the real ones). */
export const standInFeedbackPath = (day: CourseDay) =>
  `/class-session?courseId=${encodeURIComponent(COURSE_MARKS.id)}&sessionId=${COURSE_DAYS[day]}`;
