import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, type PostgrestFailure, fromPostgrestFailure } from '../../../lib/errors';
import { type MessageParams, messageText } from '../../../lib/serverMessages';
import { queryKeys } from '../../../lib/queryKeys';

/** "Delete feedback after": days after the course's last class session; null keeps feedback. */
export const RETENTION_DAYS = [30, 90, 180, 365] as const;
export type RetentionDays = (typeof RETENTION_DAYS)[number] | null;

/** A new course's privacy settings (the database's column defaults). */
export const DEFAULT_PRIVACY = {
  reviewBeforePublishing: false,
  minPublicResponses: 3,
  retentionDays: 180,
  peerConfusion: false,
  lmsRolesJoinTeam: false,
} as const satisfies {
  reviewBeforePublishing: boolean;
  peerConfusion: boolean;
  lmsRolesJoinTeam: boolean;
  minPublicResponses: number;
  retentionDays: RetentionDays;
};

const MIN_RESPONSES_MESSAGE = 'Enter a whole number from 1 to 50';

/**
 * One schema for the course payload: the form validates with it, and so do the create and update
 * calls (the database's check constraints hold the same rules). No edge function writes courses.
 */
export const courseInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Course name is required' }).max(200, { error: 'Course name is too long' }),
  code: z.string().trim().min(1, { error: 'Course code is required' }).max(32, { error: 'Course code is too long' }),
  /** "Section" (e.g. 002): optional; empty is none. */
  section: z.string().trim().max(16, { error: 'Section is too long' }),
  /** "Term" (e.g. Fall 2026): the form proposes the current one. */
  term: z.string().trim().min(1, { error: 'Term is required' }).max(40, { error: 'Term is too long' }),
  /** Only feedback the team has reviewed appears on the public course page. */
  reviewBeforePublishing: z.boolean({ error: 'Choose whether to review before publishing' }),
  /** Small-class protection: the fewest responses a session needs before it is shown. */
  minPublicResponses: z
    .number({ error: MIN_RESPONSES_MESSAGE })
    .int({ error: MIN_RESPONSES_MESSAGE })
    .min(1, { error: MIN_RESPONSES_MESSAGE })
    .max(50, { error: MIN_RESPONSES_MESSAGE }),
  retentionDays: z.literal(RETENTION_DAYS, { error: 'Choose how long to keep feedback' }).nullable(),
  /** "Let students see and +1 each other's confusion" (docs/decisions/me-too.md). */
  peerConfusion: z.boolean({ error: 'Choose whether students see each other’s confusion' }),
  /** "LMS teaching assistants join the team": a TA launching from the linked LMS course joins as TA (docs/lti.md). */
  lmsRolesJoinTeam: z.boolean({ error: 'Choose whether LMS teaching assistants join the team' }),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

/** The database stores codes trimmed, spaces collapsed, upper-cased; messages quote that form. */
export function normalizeCourseCode(code: string): string {
  return code.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The payload as the database stores it, or a 400 with the schema's first message. */
export function parseCourseInput(input: unknown): CourseInput {
  const parsed = courseInputSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid course');
  const { code, section, term } = parsed.data;
  return { ...parsed.data, code: normalizeCourseCode(code), section: normalizeCourseCode(section), term: term.replace(/\s+/g, ' ') };
}

/** The payload as the courses table's columns. */
export function courseColumns(course: CourseInput) {
  return {
    name: course.name,
    code: course.code,
    section: course.section || null,
    term: course.term,
    review_before_publishing: course.reviewBeforePublishing,
    min_public_responses: course.minPublicResponses,
    retention_days: course.retentionDays,
    peer_confusion: course.peerConfusion,
    lms_roles_join_team: course.lmsRolesJoinTeam,
  };
}

/**
 * A clash (unique index on code + section + term, 23505) reads as a sentence that names what to
 * change: the section, or the term.
 */
export function courseWriteError(failure: PostgrestFailure, course: Pick<CourseInput, 'code' | 'section' | 'term'>): ApiError {
  if (failure.error.code !== '23505') return fromPostgrestFailure(failure);
  return courseClash(course);
}

/** "COSC 1337 section 002 already exists for Fall 2026. Change the section or the term." (and its code, to translate). */
export function courseClash({ code, section, term }: { code: string; section?: string | null; term: string }): ApiError {
  const params: MessageParams = section ? { code, section, term } : { code, term };
  const messageCode = section ? 'course_section_exists' : 'course_exists';
  return new ApiError(409, messageText(messageCode, params), { code: messageCode, params });
}

/** Course and session changes refresh every cached course, submission and analytics read. */
export function refreshAfterCourseChange(queryClient: QueryClient): Promise<unknown> {
  const roots = [queryKeys.courses.all, queryKeys.professor.all, queryKeys.submissions.all, queryKeys.analytics.all];
  return Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
