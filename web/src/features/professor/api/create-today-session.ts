import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { refreshAfterCourseChange } from './course-input';
import { type ActiveSession, activeSessionQueryOptions } from './get-active-session';

const TOPIC_MAX = 255;

/** POST /api/courses/{id}/sessions {topic?}: today's session with a fresh link (creates it if needed). */
export async function createTodaySession({ courseId, topic }: { courseId: string; topic: string }): Promise<ActiveSession> {
  const { db } = await dataClients();
  const trimmed = topic.trim().slice(0, TOPIC_MAX);
  const args = trimmed ? { course_id: courseId, topic: trimmed } : { course_id: courseId };
  return jsonAs<ActiveSession>(dataOrThrow(await db.rpc('create_today_session', args)));
}

export function useCreateTodaySession({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createTodaySession> } = {}) {
  return useEndpointMutation(createTodaySession, mutationConfig, (queryClient, session, { courseId }) => {
    queryClient.setQueryData(activeSessionQueryOptions(courseId).queryKey, session);
    return refreshAfterCourseChange(queryClient);
  });
}
