import { msg } from '../../../i18n/msg';

/** Highest ICE first; ties keep the server's order (most votes, then oldest). */
export function byIce<T extends { iceScore: number }>(stories: readonly T[]): T[] {
  return [...stories].sort((a, b) => b.iceScore - a.iceScore);
}

/** What a screen reader hears after a story's vote count (UpvoteButton): "Upvote, 1 vote". */
export const votesWord = (count: number) => (count === 1 ? msg('vote') : msg('votes'));
