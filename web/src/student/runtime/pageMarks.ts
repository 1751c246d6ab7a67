// Marks on <html> that say an island hydrated on first use must hydrate at once after all
// (runtime/Island.tsx's `orWhenPageMatches`): the head script sets the first two before first
// paint (render/settings.inline.ts), the toaster the third while it has a toast to show.

/** The names of the address's query parameters, space-separated (`?error=` on the landing page, `?code=` on course search). */
export const QUERY_MARK = 'data-query';
/** A toast the professor app carried to this page (lib/carriedToasts.ts). */
export const CARRIED_TOASTS_MARK = 'data-carried-toasts';
/** A toast is on screen, or waiting to be (ui/toaster.ts). */
export const TOASTING_MARK = 'data-toasting';

/** The page's address has `?<name>=`. */
export const whenAddressHas = (name: string) => `html[${QUERY_MARK}~="${name}"]`;
