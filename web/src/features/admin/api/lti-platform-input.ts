import { z } from 'zod';
import { ApiError } from '../../../lib/errors';

/** Hosts that may use http:// (a platform on the same machine, as the tests' stand-in); others need https://. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The table's own check (`^https?://\S+$`) and, beyond it, https unless the host is the machine itself. */
function isPlatformAddress(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

const ADDRESS_MESSAGE = 'Enter an address that starts with https:// (http:// only on 127.0.0.1 or localhost)';
const TOO_LONG_500 = 'The address is too long (at most 500 characters)';
const TOO_LONG_1000 = 'The address is too long (at most 1000 characters)';

const address = (max: 500 | 1000) =>
  z
    .string({ error: ADDRESS_MESSAGE })
    .trim()
    .max(max, { error: max === 500 ? TOO_LONG_500 : TOO_LONG_1000 })
    .refine(isPlatformAddress, { error: ADDRESS_MESSAGE });

/** A textarea's lines (or a list), trimmed, empty ones dropped. */
function linesOf(value: string | string[]): string[] {
  const lines = typeof value === 'string' ? value.split(/\r?\n/) : value;
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}

/** The table's check on each domain: lower case, at least two labels (`state.edu`). */
export const EMAIL_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

const lines = z.union([z.string(), z.array(z.string())], { error: 'Enter one value per line' }).transform(linesOf);

/**
 * One schema for a learning platform's registration (docs/lti.md, "Registering a platform"): the
 * /admin form validates with it, and so does the save call. The table's check constraints hold the
 * same rules; `save_lti_platform` trims and lower-cases again. Deployment IDs and e-mail domains are
 * one per line in the form, lists in the payload.
 */
export const ltiPlatformInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(200, { error: 'Name is too long (at most 200 characters)' }),
  issuer: address(500),
  clientId: z
    .string()
    .trim()
    .min(1, { error: 'Client ID is required' })
    .max(255, { error: 'Client ID is too long (at most 255 characters)' }),
  deploymentIds: lines
    .refine((ids) => ids.length > 0, { error: 'Enter at least one deployment ID' })
    .refine((ids) => ids.every((id) => id.length <= 255), { error: 'Each deployment ID must be at most 255 characters' }),
  authLoginUrl: address(1000),
  jwksUrl: address(1000),
  /** Optional: kept for LTI Advantage services. Empty means none. */
  tokenUrl: z
    .string()
    .trim()
    .max(1000, { error: TOO_LONG_1000 })
    .refine((value) => value === '' || isPlatformAddress(value), { error: ADDRESS_MESSAGE })
    .transform((value) => (value === '' ? null : value)),
  /** Optional: the domains whose instructors a launch may sign in (`state.edu` covers `cs.state.edu`). */
  emailDomains: lines
    .transform((domains) => domains.map((domain) => domain.toLowerCase()))
    .refine((domains) => domains.every((domain) => EMAIL_DOMAIN.test(domain)), {
      error: 'Enter each e-mail domain on its own line, like state.edu',
    })
    .refine((domains) => domains.length <= 50, { error: 'Enter at most 50 e-mail domains' }),
});
export type LtiPlatformFormValues = z.input<typeof ltiPlatformInputSchema>;
export type LtiPlatformInput = z.output<typeof ltiPlatformInputSchema>;

/** The payload as the save call sends it, or a 400 with the schema's first message. */
export function parseLtiPlatformInput(input: unknown): LtiPlatformInput {
  const parsed = ltiPlatformInputSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid platform');
  return parsed.data;
}
