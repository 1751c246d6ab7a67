import { z } from 'zod';
import { ApiError } from '../../../lib/errors';
import { EMAIL_DOMAIN } from './lti-platform-input';

const INVALID = 'Enter a domain like example.edu';

/**
 * One e-mail domain whose addresses may become professors (/admin, "Who may sign in as a
 * professor"): the form validates with it, and so does the add call. `add_staff_email_domain`
 * checks the same rule (and raises the same message), and so does the table's check constraint.
 * A pasted `@example.edu` or `someone@example.edu` is taken as its domain.
 */
export const staffDomainSchema = z
  .string({ error: INVALID })
  .trim()
  .transform((value) => value.slice(value.lastIndexOf('@') + 1).toLowerCase())
  .pipe(z.string().max(253, { error: INVALID }).regex(EMAIL_DOMAIN, { error: INVALID }));

export const staffDomainFormSchema = z.object({ domain: staffDomainSchema });
export type StaffDomainFormValues = z.input<typeof staffDomainFormSchema>;
export type StaffDomainInput = z.output<typeof staffDomainFormSchema>;

/** The domain as the add call sends it, or a 400 with the schema's message. */
export function parseStaffDomain(input: unknown): string {
  const parsed = staffDomainSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? INVALID);
  return parsed.data;
}
