import { describe, expect, it } from 'vitest';
import { instructorNameSchema, storedInstructorName } from './instructor-name-input';

const stored = (displayName: string) => storedInstructorName(instructorNameSchema.parse({ displayName }));

describe('the instructor name', () => {
  it('is trimmed with single spaces, and empty is none (null)', () => {
    expect(stored('  Dr.  Pat   Lee ')).toBe('Dr. Pat Lee');
    expect(stored('')).toBeNull();
    expect(stored('   ')).toBeNull();
  });

  it('has at most 80 characters', () => {
    expect(stored('x'.repeat(80))).toHaveLength(80);
    const refused = instructorNameSchema.safeParse({ displayName: 'x'.repeat(81) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Your name is too long (at most 80 characters)');
  });
});
