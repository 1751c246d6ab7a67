/** The attribute of the header's sign-in links, which a page with a session cookie hides before first paint (render/document.ts). */
export const SIGNED_OUT_ONLY = 'data-signed-out-only';

/** The attribute of the header's "My feedback" link in the HTML: shown only where <html> carries the remembered-feedback mark. */
export const REMEMBERED_ONLY = 'data-remembered-only';

/** The attribute of My feedback's "remembers no feedback" in the HTML: hidden where <html> carries the remembered-feedback mark. */
export const NOTHING_REMEMBERED_ONLY = 'data-nothing-remembered-only';

/** The attribute of My feedback's list: a screen tall where <html> carries the remembered-feedback mark, so the footer is below the fold before the list comes. */
export const REMEMBERED_LIST = 'data-remembered-list';
