import { describe, expect, it } from 'vitest';
import { buildDescription, buildTitle, iceScore, parseDescription } from './storyText';

describe('story text', () => {
  const parts = { role: 'teaching assistant', want: 'see the feedback for my sections', benefit: 'I can prepare recitations' };

  it('builds the title and description the seed spells', () => {
    expect(buildTitle(parts)).toBe('As a teaching assistant, I want to see the feedback for my sections');
    expect(buildDescription(parts)).toBe(
      'As a teaching assistant, I want to see the feedback for my sections, so that I can prepare recitations.',
    );
  });

  it('trims and collapses spaces, and does not double the final period', () => {
    expect(buildDescription({ role: 'student', want: '  get   reminders ', benefit: 'I remember.' })).toBe(
      'As a student, I want to get reminders, so that I remember.',
    );
  });

  it('parses a description back into its parts', () => {
    expect(parseDescription(buildDescription(parts))).toEqual(parts);
  });

  it('reads the longest role and keeps commas inside the want', () => {
    const tricky = { role: 'app administrator/owner', want: 'merge, split, and tag stories', benefit: 'the board stays tidy' };
    expect(parseDescription(buildDescription(tricky))).toEqual(tricky);
  });

  it('gives blank parts when the description does not follow the pattern', () => {
    const blank = { role: '', want: '', benefit: '' };
    expect(parseDescription('Make it faster')).toEqual(blank);
    expect(parseDescription('As a wizard, I want to fly, so that I arrive early.')).toEqual(blank);
    expect(parseDescription('As a student, I want to learn')).toEqual(blank);
    expect(parseDescription('As a student, I want to , so that .')).toEqual(blank);
  });

  it('sums the three sliders into the ICE score', () => {
    expect(iceScore({ impact: 5, confidence: 5, ease: 5 })).toBe(15);
    expect(iceScore({ impact: 10, confidence: 1, ease: 7 })).toBe(18);
  });
});
