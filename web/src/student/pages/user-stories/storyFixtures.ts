// Test data for the board's component tests.
import { dismissToast, shownToast } from '../../ui/toaster';
import type { UserStory } from './api/get-user-stories';

let count = 0;

/** A story as the board's read gives it: "As a student, I want to …" at 5/5/5 unless told otherwise. */
export function aStory(overrides: Partial<UserStory> = {}): UserStory {
  count += 1;
  const [, role = 'student', want = `try story ${count}`] = /^As a ([^,]+), I want to (.+)$/.exec(overrides.title ?? '') ?? [];
  return {
    id: `story-${count}`,
    title: `As a ${role}, I want to ${want}`,
    description: `As a ${role}, I want to ${want}, so that I learn more.`,
    submittedBy: null,
    status: 'submitted',
    impact: 5,
    confidence: 5,
    ease: 5,
    iceScore: 15,
    upvoteCount: 0,
    hasUpvoted: false,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** Closes every toast shown or waiting, so the next test starts with none. */
export function dismissAllToasts(): void {
  while (shownToast()) dismissToast();
}
