/**
 * The one time zone of every browser test: the browsers run in it (playwright.config.ts) and
 * every course a test creates has it, as the demo data's courses do. One zone means one local
 * midnight: with the machine's own zone (UTC on CI) beside it, a run near 00:00 UTC saw a link
 * created before midnight gone after a reload, as the product rightly ends it with its day.
 */
export const TIME_ZONE = 'America/Chicago';
