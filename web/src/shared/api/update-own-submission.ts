import { invokeFunction } from '../../lib/invoke';
import { type MutationConfig, useEndpointMutation } from '../../lib/reactQuery';
import { refusalMessage } from '../errorMessage';
import { notify } from '../notify';
import { invalidateAfterSubmission } from './create-submission';
import { type OwnSubmission, ownSubmissionPath, ownSubmissionQueryOptions } from './get-own-submission';
import { msg } from '../../i18n/msg';

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

/** The toasts of a student's edit, on /class-session and /track alike. */
export const UPDATE_TOASTS: MutationConfig<typeof updateOwnSubmission> = {
  onSuccess: () => notify({ type: 'success', title: msg('Updated!'), description: msg('Your feedback has been updated successfully.') }),
  onError: (error) => notify({ type: 'error', title: msg('Error'), description: refusalMessage(error, msg('Failed to update feedback')) }),
};

/** Saves the edit, caches the fresh submission under its key, and refreshes what it changed. */
export function useUpdateOwnSubmission({
  mutationConfig = UPDATE_TOASTS,
}: { mutationConfig?: MutationConfig<typeof updateOwnSubmission> } = {}) {
  return useEndpointMutation(updateOwnSubmission, mutationConfig, (queryClient, fresh, { editToken }) => {
    queryClient.setQueryData(ownSubmissionQueryOptions(editToken).queryKey, fresh);
    void invalidateAfterSubmission(queryClient);
  });
}
