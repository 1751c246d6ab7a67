import { z } from 'zod';
import { ApiError } from '../../../lib/errors';

// The same check as the sign-in form's: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address a sign-in e-mail goes to; the form and the calls below validate with it. */
export const emailSchema = z
  .string()
  .trim()
  .regex(EMAIL, { error: 'Please enter a valid e-mail address' })
  .transform((email) => email.toLowerCase());

export const CODE_REQUIRED = 'Please enter the 6-digit code from the e-mail';

/** The 6-digit code from the e-mail; spaces and dashes a user may type are ignored. */
export const codeSchema = z
  .string()
  .transform((code) => code.replace(/\D/g, ''))
  .pipe(z.string().length(6, { error: CODE_REQUIRED }));

/** The parsed value, or a 400 with the schema's message. */
export function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid input');
  return parsed.data;
}

/** Where magic links and OAuth return: the login screen finishes the PKCE exchange there. */
export const callbackUrl = (): string => `${window.location.origin}/api/login`;
