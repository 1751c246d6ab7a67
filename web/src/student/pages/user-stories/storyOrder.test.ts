import { describe, expect, it } from 'vitest';
import { byIce, votesWord } from './storyOrder';

describe('story order', () => {
  it('puts the highest ICE score first and keeps the server’s order for ties', () => {
    const stories = [
      { id: 'a', iceScore: 12 },
      { id: 'b', iceScore: 20 },
      { id: 'c', iceScore: 12 },
      { id: 'd', iceScore: 25 },
    ];
    expect(byIce(stories).map((story) => story.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(stories[0]?.id).toBe('a');
  });

  it('says "vote" for one and "votes" otherwise', () => {
    expect([0, 1, 2].map(votesWord)).toEqual(['votes', 'vote', 'votes']);
  });
});
