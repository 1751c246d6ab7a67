/**
 * The seed's footer links that go nowhere (Support, About): a click on one changes nothing, not
 * even the address. The page's loader keeps them in place before any island runs
 * (render/loader.inline.ts); in the professor app their own handler does.
 */
export const PLACEHOLDER_LINK = 'data-placeholder-link';
