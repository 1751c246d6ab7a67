// Loaded on demand (validation.ts): the forms check what they send with the submissions function's
// own schemas, so the form and the server accept and refuse the same input with the same messages.
import type { z } from 'zod';
import { quickSubmissionSchema, sessionSubmissionSchema } from '../../lib/schemas';

/** A field's message by its name: the schema's English text, a key of the catalog (translated where shown). */
export type FieldErrors = Record<string, string>;

export type Checked<T> = { values: T; errors?: undefined } | { values?: undefined; errors: FieldErrors };

function check<S extends z.ZodType>(schema: S, input: Record<string, unknown>): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { values: result.data };
  const errors: FieldErrors = {};
  // A field's first message, as the form shows one per field.
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { errors };
}

/** Variant A: every field of the POST body, the session included (the page's, or the server's "today"). */
export const checkQuick = (input: Record<string, unknown>) => check(quickSubmissionSchema, input);

/** Variant B: the course and the content; the session comes from the address (docs/product.md, Screen texts). */
const sessionFormSchema = sessionSubmissionSchema.omit({ sessionId: true });
export const checkSession = (input: Record<string, unknown>) => check(sessionFormSchema, input);

/** Variant B before the page knows its course (a class link on its way): the content; the course is the link's. */
const sessionContentSchema = sessionFormSchema.omit({ courseId: true });
export function checkSessionContent(input: Record<string, unknown>): Checked<z.output<typeof sessionFormSchema>> {
  const checked = check(sessionContentSchema, input);
  return checked.errors ? checked : { values: { ...checked.values, courseId: '' } };
}

export type QuickValues = z.output<typeof quickSubmissionSchema>;
export type SessionValues = z.output<typeof sessionFormSchema>;
