import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { refreshDashboard } from './mark-reviewed';

/**
 * POST /api/professor/submissions/hidden {ids, hidden}: hides feedback from the public course page
 * (or shows it again); how many changed. RLS: the caller's teaching team's courses only.
 */
export async function setSubmissionHidden({ ids, hidden }: { ids: string[]; hidden: boolean }): Promise<{ changed: number }> {
  if (ids.length === 0) return { changed: 0 };
  const { db } = await dataClients();
  const changed = dataOrThrow(await db.rpc('set_submission_hidden', { ids, hidden }));
  return { changed };
}

export function useSetSubmissionHidden({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setSubmissionHidden> } = {}) {
  return useEndpointMutation(setSubmissionHidden, mutationConfig, (queryClient) =>
    Promise.all([
      refreshDashboard(queryClient),
      // The public course page of this browser, if cached, changes too.
      queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
    ]),
  );
}
