/** Where "Skip to content" leads, and where focus goes after a page load a link of this site caused. */
export const SKIP_TARGET_ID = 'content';
