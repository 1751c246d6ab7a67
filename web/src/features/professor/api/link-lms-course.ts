import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { queryKeys } from '../../../lib/queryKeys';

/**
 * POST /api/lti/link-requests/{token} {courseId}: links the request's LMS course to one of the
 * caller's courses (owner or co-instructor) and spends the request. Refused, changing nothing: a
 * spent or expired request (404), a course the caller cannot edit (404), an LMS course linked
 * meanwhile (409).
 */
export async function linkLmsCourse({ token, courseId }: { token: string; courseId: string }): Promise<string> {
  const { db } = await dataClients();
  return dataOrThrow(await db.rpc('link_lti_context', { p_token: token, p_course_id: courseId }));
}

export function useLinkLmsCourse({ mutationConfig }: { mutationConfig?: MutationConfig<typeof linkLmsCourse> } = {}) {
  return useEndpointMutation(linkLmsCourse, mutationConfig, (queryClient, _courseId, { token }) =>
    queryClient.removeQueries({ queryKey: queryKeys.ltiLinkRequest(token) }),
  );
}
