import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';

/** GET /api/professor/profile/{userId}: the name the signed-in professor shows students (null: none). */
export async function getInstructorName(userId: string): Promise<string | null> {
  const { db } = await dataClients();
  const profile = dataOrThrow(await db.from('profiles').select('display_name').eq('id', userId).maybeSingle());
  return profile?.display_name ?? null;
}

export const instructorNameQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.professor.profile(userId), queryFn: () => getInstructorName(userId) });

export const useInstructorName = (userId: string | undefined) =>
  useQuery({ ...instructorNameQueryOptions(userId ?? ''), enabled: Boolean(userId) });
