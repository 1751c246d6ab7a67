import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { DEFAULT_PRIVACY, courseClash, courseColumns, parseCourseInput } from './course-input';

const valid = { name: ' Algorithms ', code: ' cs  101 ', section: '', term: ' Fall  2026 ', ...DEFAULT_PRIVACY };

function refusal(input: unknown): string {
  try {
    parseCourseInput(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  throw new Error('accepted');
}

describe('the course payload', () => {
  it('defaults to the seed behaviour: no review, a minimum of 3, deletion after 180 days, no "me too", no LMS TAs joining', () => {
    expect(DEFAULT_PRIVACY).toEqual({
      reviewBeforePublishing: false,
      minPublicResponses: 3,
      retentionDays: 180,
      peerConfusion: false,
      lmsRolesJoinTeam: false,
    });
    expect(courseColumns(parseCourseInput(valid))).toEqual({
      name: 'Algorithms',
      code: 'CS 101',
      section: null,
      term: 'Fall 2026',
      review_before_publishing: false,
      min_public_responses: 3,
      retention_days: 180,
      peer_confusion: false,
      lms_roles_join_team: false,
    });
  });

  it('keeps a section as codes are kept (none when empty) and needs a term', () => {
    expect(courseColumns(parseCourseInput({ ...valid, section: ' 2a ' })).section).toBe('2A');
    expect(refusal({ ...valid, term: '  ' })).toContain('Term is required');
    expect(refusal({ ...valid, term: 'x'.repeat(41) })).toContain('Term is too long');
    expect(refusal({ ...valid, section: '1'.repeat(17) })).toContain('Section is too long');
  });

  it('names the clash: the section and the term, or the term alone', () => {
    const withSection = courseClash({ code: 'COSC 1337', section: '001', term: 'Fall 2026' });
    expect(withSection.status).toBe(409);
    expect(withSection.code).toBe('course_section_exists');
    expect(withSection.message).toBe('409: COSC 1337 section 001 already exists for Fall 2026. Change the section or the term.');
    expect(courseClash({ code: 'COSC 1337', section: null, term: 'Fall 2026' }).code).toBe('course_exists');
  });

  it('accepts a minimum from 1 to 50, whole numbers only', () => {
    for (const minPublicResponses of [1, 50])
      expect(parseCourseInput({ ...valid, minPublicResponses }).minPublicResponses).toBe(minPublicResponses);
    for (const minPublicResponses of [0, 51, 2.5, Number.NaN, '3']) {
      expect(refusal({ ...valid, minPublicResponses })).toContain('Enter a whole number from 1 to 50');
    }
  });

  it('keeps feedback 30, 90, 180 or 365 days, or forever (null)', () => {
    for (const retentionDays of [30, 90, 180, 365, null])
      expect(parseCourseInput({ ...valid, retentionDays }).retentionDays).toBe(retentionDays);
    for (const retentionDays of [0, 45, 730, '180', undefined])
      expect(refusal({ ...valid, retentionDays })).toContain('Choose how long to keep feedback');
  });

  it('needs the review switch as a boolean', () => {
    expect(parseCourseInput({ ...valid, reviewBeforePublishing: true }).reviewBeforePublishing).toBe(true);
    expect(refusal({ ...valid, reviewBeforePublishing: 'yes' })).toContain('Choose whether to review before publishing');
  });

  it('needs the LMS teaching assistants switch as a boolean, stored as lms_roles_join_team', () => {
    const on = parseCourseInput({ ...valid, lmsRolesJoinTeam: true });
    expect(on.lmsRolesJoinTeam).toBe(true);
    expect(courseColumns(on).lms_roles_join_team).toBe(true);
    for (const lmsRolesJoinTeam of ['yes', 1, null, undefined])
      expect(refusal({ ...valid, lmsRolesJoinTeam })).toContain('Choose whether LMS teaching assistants join the team');
  });
});
