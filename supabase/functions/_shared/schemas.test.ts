import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  charLength,
  quickContentSchema,
  quickSubmissionSchema,
  sessionSubmissionSchema,
  storyCreateSchema,
  storyEditSchema,
  storyMergeSchema,
  storyStatusSchema,
  storyUpdateSchemaFor,
  submissionKind,
} from './schemas.ts';

const COURSE = '6f1c1f5e-2b7a-4c55-9d7e-0a1b2c3d4e5f';
const OTHER = '00000000-0000-4000-8000-000000000000';

/** The message the form and the function show for `input`, or null when it is valid. */
function message(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

const content = { topic: 'Recursion', confusion: 'Why does the base case stop it?', difficultyLevel: 'very' };
const quick = { courseId: COURSE, ...content, sessionId: '2026-11-23' };
const session = {
  courseId: COURSE,
  sessionId: OTHER,
  mindAfterSession: 'Homework',
  unclearParts: 'Stack frames',
  wentWell: 'The examples',
  pace: 'just_right',
  challengeLevel: 'challenging_manageable',
  clarityRating: 4,
  confidenceLevel: 50,
};

describe('charLength', () => {
  it('counts characters as people do: an emoji is one', () => {
    expect(charLength('abc')).toBe(3);
    expect(charLength('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
  });
});

describe('Variant A (quick) submissions', () => {
  it('accepts a complete submission, trimmed', () => {
    expect(quickSubmissionSchema.parse({ ...quick, topic: '  Recursion  ' }).topic).toBe('Recursion');
  });

  it("refuses each field with the specification's message", () => {
    expect(message(quickSubmissionSchema, { ...quick, courseId: '' })).toBe('Please select a course');
    expect(message(quickSubmissionSchema, { ...quick, topic: '   ' })).toBe('Please enter a topic');
    expect(message(quickSubmissionSchema, { ...quick, topic: 'x'.repeat(256) })).toBe('Topic is too long');
    expect(message(quickSubmissionSchema, { ...quick, confusion: 'too short' })).toBe('Please describe your confusion in more detail');
    expect(message(quickSubmissionSchema, { ...quick, confusion: 'x'.repeat(2001) })).toBe('Description is too long');
    expect(message(quickSubmissionSchema, { ...quick, difficultyLevel: 'lost' })).toBe('Please select how confused you are');
    expect(message(quickSubmissionSchema, { ...quick, sessionId: ' ' })).toBe('Session ID is required');
  });

  it('measures lengths in characters, after trimming', () => {
    expect(message(quickSubmissionSchema, { ...quick, confusion: '😀'.repeat(10) })).toBeNull();
    expect(message(quickContentSchema, { ...content, topic: 'x'.repeat(255) })).toBeNull();
    expect(message(quickContentSchema, { ...content, confusion: `  ${'y'.repeat(9)}  ` })).toBe(
      'Please describe your confusion in more detail',
    );
  });

  it('refuses fields it does not know, such as the course on an edit', () => {
    const edit = quickContentSchema.safeParse({ ...content, courseId: COURSE });
    expect(edit.success).toBe(false);
    expect(edit.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('the ratings of a note\'s two topics ("Did it work?")', () => {
  it('are optional, each a whole number from 1 to 7 with the note they rate', () => {
    for (const schema of [quickSubmissionSchema, sessionSubmissionSchema]) {
      const base = schema === quickSubmissionSchema ? quick : session;
      expect(message(schema, base)).toBeNull();
      expect(message(schema, { ...base, followUpNoteId: OTHER, followUpAddressed: 1, followUpControl: 7 })).toBeNull();
      expect(message(schema, { ...base, followUpNoteId: OTHER, followUpControl: 4 })).toBeNull();
      for (const side of ['followUpAddressed', 'followUpControl']) {
        for (const rating of [0, 8, 2.5, '5', null]) {
          expect(message(schema, { ...base, followUpNoteId: OTHER, [side]: rating })).toBe(
            'Your answer to the check question must be a number from 1 to 7',
          );
        }
      }
      expect(message(schema, { ...base, followUpNoteId: 'not-a-note', followUpAddressed: 4 })).toBe('The check question is unknown');
      // The old single answer is no field of the forms any more.
      expect(message(schema, { ...base, followUpNoteId: OTHER, followUpAnswer: 4 })).not.toBeNull();
    }
  });
});

describe('Variant B (session) submissions', () => {
  it('accepts a complete submission', () => {
    expect(message(sessionSubmissionSchema, session)).toBeNull();
  });

  it('needs a session id', () => {
    expect(message(sessionSubmissionSchema, { ...session, sessionId: undefined })).toBe('Session ID is required for submission');
  });

  it('keeps clarity to a whole number from 1 to 7 and confidence to 0–100 in steps of 5', () => {
    for (const clarityRating of [0, 8, 4.5]) {
      expect(message(sessionSubmissionSchema, { ...session, clarityRating })).toBe('Clarity must be a number from 1 to 7');
    }
    for (const confidenceLevel of [0, 5, 100]) expect(message(sessionSubmissionSchema, { ...session, confidenceLevel })).toBeNull();
    expect(message(sessionSubmissionSchema, { ...session, confidenceLevel: 105 })).toBe('Confidence must be a number from 0 to 100');
    expect(message(sessionSubmissionSchema, { ...session, confidenceLevel: 52 })).toBe('Confidence moves in steps of 5');
  });

  it('accepts only the listed pace and challenge values', () => {
    expect(message(sessionSubmissionSchema, { ...session, pace: 'fast' })).toBe('Please choose how the pace felt');
    expect(message(sessionSubmissionSchema, { ...session, challengeLevel: 'hard' })).toBe('Please choose how challenging the session was');
  });
});

describe('submissionKind', () => {
  it('is Variant A when the body carries a topic, confusion or difficulty, else Variant B', () => {
    expect(submissionKind(quick)).toBe('quick');
    expect(submissionKind({ courseId: COURSE, topic: 'x' })).toBe('quick');
    expect(submissionKind({ difficultyLevel: 'very' })).toBe('quick');
    expect(submissionKind(session)).toBe('session');
    expect(submissionKind({})).toBe('session');
  });
});

describe('user stories', () => {
  const story = {
    title: 'As a student, I want to see my feedback',
    description: 'As a student, I want to see my feedback, so that I know it arrived.',
    submittedBy: 'Ada',
    impact: 5,
    confidence: 5,
    ease: 5,
  };

  it('stores an empty or blank name as none (anonymous)', () => {
    expect(storyCreateSchema.parse({ ...story, submittedBy: '   ' }).submittedBy).toBeNull();
    expect(storyCreateSchema.parse({ ...story, submittedBy: undefined }).submittedBy).toBeNull();
    expect(storyCreateSchema.parse({ ...story, submittedBy: ' Ada ' }).submittedBy).toBe('Ada');
  });

  it('keeps scores to whole numbers from 1 to 10', () => {
    expect(message(storyCreateSchema, { ...story, impact: 0 })).toBe('Impact must be a whole number from 1 to 10');
    expect(message(storyCreateSchema, { ...story, ease: 11 })).toBe('Ease must be a whole number from 1 to 10');
    expect(message(storyCreateSchema, { ...story, confidence: 2.5 })).toBe('Confidence must be a whole number from 1 to 10');
  });

  it('reads a PUT with a status as a status change, any other as an edit that changes something', () => {
    expect(storyUpdateSchemaFor({ status: 'done' })).toBe(storyStatusSchema);
    expect(storyUpdateSchemaFor({ title: 'x' })).toBe(storyEditSchema);
    expect(message(storyStatusSchema, { status: 'merged' })).toBe('Unknown status');
    expect(message(storyStatusSchema, { status: 'done', title: 'x' })).not.toBeNull();
    expect(message(storyEditSchema, {})).toBe('Nothing to update');
    expect(message(storyEditSchema, { impact: 7 })).toBeNull();
  });

  it('merges two different stories only', () => {
    expect(message(storyMergeSchema, { keepId: COURSE, mergeId: OTHER })).toBeNull();
    expect(message(storyMergeSchema, { keepId: COURSE, mergeId: COURSE })).toBe('A story cannot be merged with itself');
    expect(message(storyMergeSchema, { keepId: 'x', mergeId: OTHER })).toBe('keepId must be a story id');
  });
});
