import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import type { StoryStatus } from './get-user-stories';

export interface SimilarStory {
  id: string;
  title: string;
  iceScore: number;
  status: StoryStatus;
}

const MIN_WANT = 3;

/** GET /api/user-stories/similar?want=: up to five open stories resembling the typed want. */
export async function getSimilarStories(want: string): Promise<SimilarStory[]> {
  const trimmed = want.trim();
  if (trimmed.length < MIN_WANT) return [];
  const { db } = await dataClients();
  return jsonAs<SimilarStory[]>(dataOrThrow(await db.rpc('similar_user_stories', { want: trimmed, max_items: 5 }, { get: true })));
}

export const similarStoriesQueryOptions = (want: string) =>
  queryOptions({ queryKey: queryKeys.userStories.similar(want.trim()), queryFn: () => getSimilarStories(want) });

/** The caller debounces the typed want; the previous list stays while the next loads. */
export function useSimilarStories(want: string) {
  return useQuery({ ...similarStoriesQueryOptions(want), enabled: want.trim().length >= MIN_WANT, placeholderData: keepPreviousData });
}
