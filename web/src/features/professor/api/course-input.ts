import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, type PostgrestFailure, fromPostgrestFailure } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';

/** One schema for the course payload: the form validates with it, and so do the create and update calls. */
export const courseInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Course name is required' }).max(200, { error: 'Course name is too long' }),
  code: z.string().trim().min(1, { error: 'Course code is required' }).max(32, { error: 'Course code is too long' }),
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
  return { name: parsed.data.name, code: normalizeCourseCode(parsed.data.code) };
}

/** A duplicate code (unique index on the normalised code, 23505) reads as a sentence. */
export function courseWriteError(failure: PostgrestFailure, code: string): ApiError {
  if (failure.error.code === '23505') return new ApiError(409, `A course with code "${code}" already exists`);
  return fromPostgrestFailure(failure);
}

/** Course and session changes refresh every cached course, submission and analytics read. */
export function refreshAfterCourseChange(queryClient: QueryClient): Promise<unknown> {
  const roots = [queryKeys.courses.all, queryKeys.professor.all, queryKeys.submissions.all, queryKeys.analytics.all];
  return Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
