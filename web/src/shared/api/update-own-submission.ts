import { invokeFunction } from '../../lib/invoke';
import { type OwnSubmission, ownSubmissionPath } from './get-own-submission';

/** PUT /api/submissions/{id} with header `x-edit-token`: the content fields only. */
export async function updateOwnSubmission({
  editToken,
  content,
}: {
  editToken: string;
  content: Record<string, unknown>;
}): Promise<OwnSubmission> {
  return invokeFunction<OwnSubmission>('PUT', ownSubmissionPath(editToken), { headers: { 'x-edit-token': editToken }, body: content });
}
