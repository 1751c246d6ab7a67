import { invokeFunction } from '../../lib/invoke';
import { ownSubmissionPath } from './get-own-submission';

export interface TopicRatings {
  followUpNoteId: string;
  followUpAddressed?: number;
  followUpControl?: number;
}

/**
 * PUT /api/submissions/{id}/ratings with header `x-edit-token`: the ratings of the previous
 * session's note's topics, added to a submission sent without them (a form posted before its
 * page's script ran had no questions to show). Once per submission, while its session is open.
 */
export async function sendTopicRatings({ editToken, ratings }: { editToken: string; ratings: TopicRatings }): Promise<{ ratings: number }> {
  return invokeFunction<{ ratings: number }>('PUT', `${ownSubmissionPath(editToken)}/ratings`, {
    headers: { 'x-edit-token': editToken },
    body: { ...ratings },
  });
}
