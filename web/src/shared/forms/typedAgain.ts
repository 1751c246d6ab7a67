import { useLocation } from 'react-router';

/**
 * The router state with which a refused form post's page (features/form-post) opens the form again:
 * what the student had typed, so nothing of it is lost.
 */
export interface TypedAgain {
  typed: Record<string, string>;
}

// Range inputs hold numbers.
const NUMBER_FIELDS = new Set(['clarityRating', 'confidenceLevel']);

/** The values typed before a refused form post, for the form's defaults; undefined when there are none. */
export function useTypedAgain(): Record<string, string | number> | undefined {
  const state = useLocation().state as Partial<TypedAgain> | null;
  const typed = state?.typed;
  if (!typed || typeof typed !== 'object' || Object.keys(typed).length === 0) return undefined;
  return Object.fromEntries(
    Object.entries(typed)
      .filter(([, value]) => typeof value === 'string')
      .map(([name, value]) => [name, NUMBER_FIELDS.has(name) && value.trim() !== '' ? Number(value) : value]),
  );
}
