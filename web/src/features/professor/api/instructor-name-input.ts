import { z } from 'zod';

/** At most this many characters (the database's check on profiles.display_name). */
export const INSTRUCTOR_NAME_MAX = 80;

/**
 * "Your name as students see it" (profiles.display_name): trimmed, at most 80 characters; empty
 * shows no name (stored as null). The form and updateInstructorName() both check it with this schema.
 */
export const instructorNameSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(INSTRUCTOR_NAME_MAX, { error: 'Your name is too long (at most 80 characters)' })
    .transform((name) => name.replace(/\s+/g, ' ')),
});
export type InstructorNameInput = z.input<typeof instructorNameSchema>;

/** The name as the profiles table stores it: null for none. */
export const storedInstructorName = (input: z.output<typeof instructorNameSchema>): string | null => input.displayName || null;
