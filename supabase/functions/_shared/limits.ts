// The anonymous write limits (docs/product.md, "Rate limits"): their defaults and the function
// secrets that override them. Pure (the environment is passed in), so the unit tests import it.

/** Reads one setting of the function's environment (`Deno.env.get` in the functions). */
export type ReadEnv = (name: string) => string | undefined;

/** A positive whole number from `raw`, else `fallback` (unset, empty, zero, negative, fractional, not a number). */
export function positiveInteger(raw: string | undefined, fallback: number): number {
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Student submissions. A lecture hall shares one public IP, so the IP limits are high and the
 * device limit low; a whole hall submitting in the last minute must pass.
 */
export function submissionLimits(env: ReadEnv) {
  return {
    devicePerSession: positiveInteger(env('SUBMISSION_LIMIT_DEVICE_PER_SESSION'), 5),
    ipPerSession: positiveInteger(env('SUBMISSION_LIMIT_IP_PER_SESSION'), 300),
    ipPerMinute: positiveInteger(env('SUBMISSION_LIMIT_IP_PER_MINUTE'), 600),
  };
}

/**
 * "Me too"s: a device may say it to at most 50 texts of a class session. A hall of 200 behind one
 * address says it to several texts each, so the IP limits are those of submissions scaled up.
 */
export function meTooLimits(env: ReadEnv) {
  return {
    devicePerSession: positiveInteger(env('ME_TOO_LIMIT_DEVICE_PER_SESSION'), 50),
    ipPerSession: positiveInteger(env('ME_TOO_LIMIT_IP_PER_SESSION'), 5000),
    ipPerMinute: positiveInteger(env('ME_TOO_LIMIT_IP_PER_MINUTE'), 1200),
  };
}

/** The user-stories board, per IP and minute: new voting tokens, new stories, votes. */
export function storyLimits(env: ReadEnv) {
  return {
    tokensPerMinute: positiveInteger(env('STORY_LIMIT_TOKENS_PER_MINUTE'), 30),
    createsPerMinute: positiveInteger(env('STORY_LIMIT_CREATES_PER_MINUTE'), 20),
    votesPerMinute: positiveInteger(env('STORY_LIMIT_VOTES_PER_MINUTE'), 120),
  };
}

/**
 * Guessing edit tokens, per IP and minute: only failed checks of a well-formed token count, so a
 * lecture hall re-opening its own feedback is never held up; over the limit every edit-token
 * request from that address is refused before any comparison.
 */
export function editTokenLimits(env: ReadEnv) {
  return {
    failuresPerMinute: positiveInteger(env('EDIT_TOKEN_LIMIT_FAILURES_PER_MINUTE'), 30),
  };
}
