import type { QueryClient } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/** POST /api/professor/submissions/reviewed {ids, reviewed?}: how many changed (RLS: own courses only). */
export async function markReviewed({ ids, reviewed = true }: { ids: string[]; reviewed?: boolean }): Promise<{ changed: number }> {
  if (ids.length === 0) return { changed: 0 };
  const { db } = await dataClients();
  const changed = dataOrThrow(await db.rpc('mark_reviewed', { ids, reviewed }));
  return { changed };
}

/** Everything the dashboard shows: the analytics and the professor's submission lists. */
export function refreshDashboard(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.analytics.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.professor.submissions.all }),
  ]);
}

export function useMarkReviewed({ mutationConfig }: { mutationConfig?: MutationConfig<typeof markReviewed> } = {}) {
  return useEndpointMutation(markReviewed, mutationConfig, refreshDashboard);
}
