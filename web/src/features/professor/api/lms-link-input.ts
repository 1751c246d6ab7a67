import { z } from 'zod';
import { courseInputSchema } from './course-input';

/** The select's value for "Create a new course". */
export const NEW_COURSE = 'new';

const newCourseSchema = courseInputSchema.pick({ name: true, code: true, section: true, term: true });

/**
 * The link form: the course to link (an id) or a new one, whose name, code, section and term follow the course
 * form's rules (the database's constraints hold them too).
 */
export const linkInputSchema = z
  .object({
    choice: z.string().min(1, { error: 'Choose the course to link' }),
    name: z.string(),
    code: z.string(),
    section: z.string(),
    term: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.choice !== NEW_COURSE) return;
    const checked = newCourseSchema.safeParse(value);
    for (const issue of checked.success ? [] : checked.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });
export type LinkInput = z.infer<typeof linkInputSchema>;
