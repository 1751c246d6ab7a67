/**
 * A class link that is unknown, inactive or expired: the seed's message, and where the link leads
 * then (the landing page, which shows it in a banner, in the visitor's language).
 */
export const EXPIRED_LINK_MESSAGE = 'Session not found or expired. Please ask your professor for a new link.';

export const EXPIRED_LINK_PATH = `/?error=${encodeURIComponent(EXPIRED_LINK_MESSAGE)}`;
