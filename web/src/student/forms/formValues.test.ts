import { describe, expect, it } from 'vitest';
import { followUpOf } from './formValues';

const NOTE = '9a8b7c6d-5e4f-4321-8765-0fedcba98765';

describe('followUpOf', () => {
  it('gives the note with the ratings chosen, as numbers', () => {
    expect(followUpOf({ followUpNoteId: NOTE, followUpAddressed: '6', followUpControl: '3' })).toEqual({
      followUpNoteId: NOTE,
      followUpAddressed: 6,
      followUpControl: 3,
    });
    expect(followUpOf({ followUpNoteId: NOTE, followUpControl: '2' })).toEqual({ followUpNoteId: NOTE, followUpControl: 2 });
    expect(followUpOf({ followUpNoteId: NOTE, followUpAddressed: '7' })).toEqual({ followUpNoteId: NOTE, followUpAddressed: 7 });
  });

  it('gives nothing without a rating, or without the note', () => {
    expect(followUpOf({ followUpNoteId: NOTE })).toEqual({});
    expect(followUpOf({ followUpAddressed: '6', followUpControl: '3' })).toEqual({});
    expect(followUpOf({})).toEqual({});
  });
});
