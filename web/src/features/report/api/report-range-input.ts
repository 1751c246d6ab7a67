import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .trim()
  .refine((value) => value === '' || (DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), {
    error: 'Enter a date like 2026-09-01',
  });

/**
 * The report's date range (/professor/courses/{id}/report): both empty for the whole term, or
 * either end; the end not before the start, at most 366 days apart (term_report's own rules).
 */
export const reportRangeSchema = z
  .object({ from: day, to: day })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: 'The end date must not be before the start date.',
    path: ['to'],
  })
  .refine(
    (range) =>
      !range.from || !range.to || (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 <= 366,
    { error: 'A report covers at most 366 days.', path: ['to'] },
  );

export type ReportRangeValues = z.input<typeof reportRangeSchema>;
export type ReportRangeInput = z.output<typeof reportRangeSchema>;
