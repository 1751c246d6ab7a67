import { ApiError } from '../../lib/errors';
import { isUuid, submissionIdOf } from '../../lib/ids';
import { invokeFunction } from '../../lib/invoke';
import type { DifficultyLevel } from '../labels';

interface OwnSubmissionBase {
  id: string;
  courseId: string;
  sessionId: string;
  /** False once the class session has ended: the submission can no longer be edited. */
  open: boolean;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  /** The professor's reply, which only this token's holder can read; null until there is one. */
  reply: { body: string; updatedAt: string } | null;
  /** True while this submission's first reply will be pushed to a browser the student chose. */
  notify?: boolean;
}

export interface OwnQuickSubmission extends OwnSubmissionBase {
  kind: 'quick';
  topic: string;
  confusion: string;
  difficultyLevel: DifficultyLevel;
}

export interface OwnSessionSubmission extends OwnSubmissionBase {
  kind: 'session';
  mindAfterSession: string;
  unclearParts: string;
  wentWell: string;
  pace: string;
  challengeLevel: string;
  clarityRating: number;
  confidenceLevel: number;
}

/** A student's own submission, as the edit token opens it. */
export type OwnSubmission = OwnQuickSubmission | OwnSessionSubmission;

const SUBMISSION_NOT_FOUND = 'Submission not found';

export { submissionIdOf };

/**
 * The function path of the submission an edit token opens, or a 404 without asking the server
 * when the token cannot name one. The token itself travels as the `x-edit-token` header.
 */
export function ownSubmissionPath(editToken: string): string {
  const id = submissionIdOf(editToken);
  if (!editToken || !isUuid(id)) throw new ApiError(404, SUBMISSION_NOT_FOUND);
  return `submissions/${id}`;
}

/** GET /api/submissions/{id} with header `x-edit-token`: the student's own submission. */
export async function getOwnSubmission(editToken: string): Promise<OwnSubmission> {
  return invokeFunction<OwnSubmission>('GET', ownSubmissionPath(editToken), { headers: { 'x-edit-token': editToken } });
}
