/** Highest ICE first; ties keep the server's order (most votes, then oldest). Plain: a light page sorts with it too. */
export function byIce<T extends { iceScore: number }>(stories: readonly T[]): T[] {
  return [...stories].sort((a, b) => b.iceScore - a.iceScore);
}

/** What a screen reader hears after a story's vote count (UpvoteButton, and the light board that draws it). */
export const votesWord = (count: number) => (count === 1 ? 'vote' : 'votes');
