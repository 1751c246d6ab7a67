import type { Lecture } from '../fixtures/lectures.ts';

/** The Variant B feedback one student (`device`) sends in the fault tests, as a JSON body. */
export function lectureFeedback(lecture: Lecture, device: string): string {
  return JSON.stringify({
    courseId: lecture.courseId,
    sessionId: lecture.sessionId,
    mindAfterSession: 'Mostly the last example.',
    unclearParts: `Answer from ${device}`,
    wentWell: 'The demo.',
    pace: 'just_right',
    challengeLevel: 'slightly_hard',
    clarityRating: 3,
    confidenceLevel: 45,
  });
}
