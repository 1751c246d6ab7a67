import { dataClients } from '../../../lib/clients';
import { ApiError, dataOrThrow } from '../../../lib/errors';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { queryKeys } from '../../../lib/queryKeys';
import { type InstructorNameInput, instructorNameSchema, storedInstructorName } from './instructor-name-input';

/**
 * PUT /api/professor/profile/{userId} {displayName}: "Your name as students see it" (profiles.display_name
 * of the signed-in professor; RLS: their own row). Empty saves null, which shows no name.
 */
export async function updateInstructorName({ userId, input }: { userId: string; input: InstructorNameInput }): Promise<string | null> {
  const parsed = instructorNameSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid name');
  const { db } = await dataClients();
  const rows = dataOrThrow(
    await db
      .from('profiles')
      .update({ display_name: storedInstructorName(parsed.data) })
      .eq('id', userId)
      .select('display_name'),
  );
  const [saved] = rows;
  if (!saved) throw new ApiError(404, 'Profile not found');
  return saved.display_name;
}

export function useUpdateInstructorName({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateInstructorName> } = {}) {
  return useEndpointMutation(updateInstructorName, mutationConfig, (queryClient, saved, { userId }) => {
    queryClient.setQueryData(queryKeys.professor.profile(userId), saved);
    // Course search shows the name beside the courses.
    return queryClient.invalidateQueries({ queryKey: queryKeys.courses.all });
  });
}
