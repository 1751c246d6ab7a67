/**
 * A submission's private link, from its edit token. Plain: the app's PrivateLink and a light private
 * link's page (web/src/student/track.ts) both show it. Without a window (the build's prerender of a
 * light page's template) the link has no origin yet.
 */
export const privateLinkOf = (editToken: string) => `${globalThis.location?.origin ?? ''}/track/${editToken}`;
