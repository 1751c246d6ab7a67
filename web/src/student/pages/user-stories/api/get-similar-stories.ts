import { dataClients } from '../../../../lib/clients';
import { dataOrThrow } from '../../../../lib/errors';
import { jsonAs } from '../../../../lib/json';
import type { StoryStatus } from './get-user-stories';

export interface SimilarStory {
  id: string;
  title: string;
  iceScore: number;
  status: StoryStatus;
}

/** A want this short is not looked up: it would resemble everything. */
export const MIN_WANT = 3;

/** GET /api/user-stories/similar?want=: up to five open stories resembling the typed want. */
export async function getSimilarStories(want: string): Promise<SimilarStory[]> {
  const trimmed = want.trim();
  if (trimmed.length < MIN_WANT) return [];
  const { db } = await dataClients();
  return jsonAs<SimilarStory[]>(dataOrThrow(await db.rpc('similar_user_stories', { want: trimmed, max_items: 5 }, { get: true })));
}
