/** The attribute of the header's sign-in links, which a page with a session cookie hides before first paint (render/document.ts). */
export const SIGNED_OUT_ONLY = 'data-signed-out-only';
