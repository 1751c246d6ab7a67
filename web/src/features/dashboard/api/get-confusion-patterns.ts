import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import type { DifficultyLevel } from '../../../shared/labels';

export interface ConfusionPattern {
  topic: string;
  course: string;
  courseId: string;
  count: number;
  /** "Me too"s said to this topic's feedback in the period. */
  meToos: number;
  /** count + meToos: what the rows are ranked by. */
  students: number;
  difficultyDistribution: Record<DifficultyLevel, number>;
}

/** GET /api/analytics/confusion-patterns?days=&courseId=: the topics most often confusing, most first. */
export async function getConfusionPatterns(days: number, courseId?: string): Promise<ConfusionPattern[]> {
  const { db } = await dataClients();
  return jsonAs<ConfusionPattern[]>(dataOrThrow(await db.rpc('confusion_patterns', courseId ? { days, course_id: courseId } : { days })));
}

export const confusionPatternsQueryOptions = (days: number, courseId?: string) =>
  queryOptions({ queryKey: queryKeys.analytics.confusionPatterns(days, courseId), queryFn: () => getConfusionPatterns(days, courseId) });

export const useConfusionPatterns = (days: number, courseId?: string) => useQuery(confusionPatternsQueryOptions(days, courseId));
