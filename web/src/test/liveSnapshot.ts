// Today's session as the live view's read (live_session) answers it, for component tests.
import type { LiveAlarm, LiveSnapshot } from '../features/live/api/get-live-session';

/** The default alarm settings (10 minutes, 5 responses, 30 %), off: four lost of four is under the minimum. */
export const QUIET: LiveAlarm = { active: false, recent: 4, lost: 4, share: 1, minResponses: 5, threshold: 0.3, windowMinutes: 10 };

const zeros = <K extends string>(keys: K[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
export const NO_PACE = zeros(['too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast']);
export const NO_CHALLENGE = zeros(['far_too_easy', 'slightly_easy', 'challenging_manageable', 'slightly_hard', 'far_too_hard']);

let cursor = 0;

/** Four quick reports, all completely lost, and no text yet; each answer with a cursor of its own. */
export function liveSnapshot(changes: Partial<LiveSnapshot> = {}): LiveSnapshot {
  cursor += 1;
  return {
    cursor: String(cursor),
    session: { sessionId: 's1', sessionDate: '2026-10-05', topic: 'Recursion', expiresAt: '2026-10-06T05:00:00Z', isActive: true },
    responses: 4,
    quickCount: 4,
    sessionCount: 0,
    meanClarity: null,
    meanConfidence: null,
    pace: NO_PACE,
    challenge: NO_CHALLENGE,
    difficulty: { slightly: 0, very: 0, completely: 4 },
    alarm: QUIET,
    texts: [],
    pendingTexts: 0,
    replies: {},
    ...changes,
  };
}
