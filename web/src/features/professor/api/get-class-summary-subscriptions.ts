import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';

/**
 * GET /api/professor/class-summaries: the ids of the courses for which the signed-in team member
 * asked for "E-mail me a summary after each class" (RLS: each member reads only their own rows).
 */
export async function getClassSummarySubscriptions(): Promise<string[]> {
  const { db } = await dataClients();
  return dataOrThrow(await db.from('class_summary_subscriptions').select('course_id')).map((row) => row.course_id);
}

export const classSummarySubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.professor.classSummaries, queryFn: getClassSummarySubscriptions });

/** One query for every course card: whether each card's box is ticked. */
export const useClassSummarySubscriptions = () => useQuery(classSummarySubscriptionsQueryOptions());
