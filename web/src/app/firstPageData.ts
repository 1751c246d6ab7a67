import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { classSessionQueryOptions } from '../features/class-session/api/get-class-session';
import { courseTimelineQueryOptions } from '../features/courses/api/get-course-timeline';
import { userStoriesQueryOptions } from '../features/user-stories/api/get-user-stories';
import { isUuid } from '../lib/ids';
import { courseQueryOptions } from '../shared/api/get-course';
import { courseNotesQueryOptions } from '../shared/api/get-course-notes';
import { coursesQueryOptions } from '../shared/api/get-courses';
import { feedbackAddress } from '../shared/feedbackAddress';

type Prefetches = (queryClient: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => Promise<void>[];

/**
 * The data each student page asks for at its first render, by route: the same queries (same keys,
 * same façade functions) the page's components run, so their `useQuery` finds them in flight.
 */
const FIRST_PAGE_QUERIES: [pattern: string, prefetches: Prefetches][] = [
  [
    '/courses/:id',
    (client, { id = '' }) => [
      client.prefetchQuery(courseQueryOptions(id)),
      client.prefetchQuery(courseTimelineQueryOptions(id)),
      client.prefetchQuery(courseNotesQueryOptions(id)),
    ],
  ],
  [
    '/class-session',
    (client, _params, search) => {
      const { courseId, sessionId } = feedbackAddress(search);
      return [
        client.prefetchQuery(coursesQueryOptions()),
        ...(courseId ? [client.prefetchQuery(courseQueryOptions(courseId)), client.prefetchQuery(courseNotesQueryOptions(courseId))] : []),
        ...(isUuid(sessionId) ? [client.prefetchQuery(classSessionQueryOptions(sessionId))] : []),
      ];
    },
  ],
  ['/submit', (client) => [client.prefetchQuery(coursesQueryOptions())]],
  // Not a student page, but prerendered: its board is asked for as the code starts too.
  ['/user-stories', (client) => [client.prefetchQuery(userStoriesQueryOptions())]],
];

/**
 * Starts the first page's requests as soon as the app's code runs, before the design system is
 * built and the page renders: on a slow phone that is a few hundred milliseconds, which the data's
 * round trip overlaps instead of following (docs/decisions/first-paint.md, "A page's data is asked
 * for as the app's code starts").
 */
export function prefetchFirstPageData(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  for (const [pattern, prefetches] of FIRST_PAGE_QUERIES) {
    const match = matchPath(pattern, location.pathname);
    if (match) void Promise.all(prefetches(queryClient, match.params, new URLSearchParams(location.search)));
  }
}
