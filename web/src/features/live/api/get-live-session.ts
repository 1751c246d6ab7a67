import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import type { Reply } from '../../../shared/api/reply-to-submission';
import type { Breakdowns } from '../../../shared/labels';

export interface LiveText {
  id: string;
  kind: 'quick' | 'session';
  text: string;
}

export interface LiveAlarm {
  active: boolean;
  /** Responses inside the window, and how many of them are lost. */
  recent: number;
  lost: number;
  share: number;
  minResponses: number;
  threshold: number;
  windowMinutes: number;
}

/** What the live view shows of today's session of one course. */
export interface LiveSnapshot extends Breakdowns {
  cursor: string;
  session: { sessionId: string; sessionDate: string; topic: string | null; expiresAt: string; isActive: boolean } | null;
  responses: number;
  quickCount: number;
  sessionCount: number;
  alarm: LiveAlarm;
  /** Free text in whole batches of three, each shuffled, with no time: see live_session in the migrations. */
  texts: { batch: number; items: LiveText[] }[];
  pendingTexts: number;
  replies: Record<string, Omit<Reply, 'submissionId'>>;
}

type LiveAnswer = ({ changed: true } & LiveSnapshot) | { changed: false; cursor: string };

/**
 * GET /api/professor/live/{courseId}?since=: today's session of one of the professor's courses.
 * With the cursor of the last answer, an unchanged session answers `{changed: false}` cheaply.
 */
export async function getLiveSession(courseId: string, since?: string): Promise<LiveAnswer> {
  const { db } = await dataClients();
  return jsonAs<LiveAnswer>(dataOrThrow(await db.rpc('live_session', since ? { course_id: courseId, since } : { course_id: courseId })));
}

/** How often the live view asks, while its tab is visible. */
export const LIVE_POLL_MS = 1000;

/**
 * How often it asks while hidden, when someone is listening for the alarm there (a system
 * notification or the alarm sound, or a Pop Out window that the slides may cover).
 */
export const LIVE_BACKGROUND_POLL_MS = 5000;

const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * `inBackground`: keep asking while the page is hidden, every LIVE_BACKGROUND_POLL_MS (without
 * it a hidden tab sends nothing). Either way a page coming back into view asks at once.
 */
export const liveSessionQueryOptions = (courseId: string, { inBackground = false }: { inBackground?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.live(courseId),
    // Sends the cursor it holds; an unchanged answer keeps the snapshot (and so renders nothing).
    queryFn: async ({ client, queryKey }): Promise<LiveSnapshot> => {
      const held = client.getQueryData<LiveSnapshot>(queryKey);
      const answer = await getLiveSession(courseId, held?.cursor);
      if (answer.changed) return answer;
      if (held) return held;
      return getLiveSession(courseId).then((fresh) => fresh as LiveSnapshot);
    },
    // Worked out again after every answer, so a page that hides slows down at its next poll.
    refetchInterval: () => (inBackground && pageHidden() ? LIVE_BACKGROUND_POLL_MS : LIVE_POLL_MS),
    refetchIntervalInBackground: inBackground,
    refetchOnWindowFocus: 'always',
  });

export const useLiveSession = (courseId: string, options: { inBackground?: boolean } = {}) =>
  useQuery(liveSessionQueryOptions(courseId, options));
