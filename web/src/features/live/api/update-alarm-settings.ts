import { z } from 'zod';
import { dataClients } from '../../../lib/clients';
import { ApiError, dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/** The confusion alarm of one course; the database holds the same bounds as check constraints. */
export const alarmSettingsSchema = z.object({
  windowMinutes: z.coerce.number().int().min(1, { error: 'From 1 to 120 minutes' }).max(120, { error: 'From 1 to 120 minutes' }),
  minResponses: z.coerce.number().int().min(1, { error: 'From 1 to 1000 responses' }).max(1000, { error: 'From 1 to 1000 responses' }),
  lostPercent: z.coerce.number().int().min(1, { error: 'From 1 to 100 %' }).max(100, { error: 'From 1 to 100 %' }),
});
export type AlarmSettings = z.infer<typeof alarmSettingsSchema>;

/** PUT /api/courses/{id}/alarm {windowMinutes, minResponses, lostPercent}: the owner's alarm thresholds. */
export async function updateAlarmSettings({ courseId, settings }: { courseId: string; settings: AlarmSettings }): Promise<void> {
  const parsed = alarmSettingsSchema.safeParse(settings);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid alarm settings');
  const { windowMinutes, minResponses, lostPercent } = parsed.data;
  const { db } = await dataClients();
  const rows = dataOrThrow(
    await db
      .from('courses')
      .update({ alarm_window_minutes: windowMinutes, alarm_min_responses: minResponses, alarm_lost_share: lostPercent / 100 })
      .eq('id', courseId)
      .select('id'),
  );
  if (rows.length === 0) throw new ApiError(404, 'Course not found');
}

export function useUpdateAlarmSettings({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateAlarmSettings> } = {}) {
  return useEndpointMutation(updateAlarmSettings, mutationConfig, (queryClient, _result, { courseId }) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.live(courseId) }),
  );
}
