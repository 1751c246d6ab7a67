/** The seed's texts for professor pages (§8), kept in one place so screens and tests agree. */
export const AUTH_REQUIRED = {
  title: 'Authentication Required',
  description: 'Please sign in with your professor account to access this page.',
} as const;

/** Seed §9: the login redirect delay. */
export const LOGIN_REDIRECT_DELAY_MS = 1500;

/** "409: A course … exists" → "A course … exists": the ApiError's message without its status. */
export function withoutStatus(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message.replace(/^\d{1,3}: /, '');
}
