// class.html's first script, inline in <head> (web/scripts/prerender.ts): asks which class session
// the link's token names while the page is still loading, rather than once the light script has
// arrived and run (a round trip later on a phone's network). The light script takes the answer
// (web/src/student/classLink.ts). A signed-in professor gets the app, which asks on its own.

export interface ClassLinkAskSetup {
  /** A class link's address, its token in the first group. */
  path: string;
  /** The façade's read (features/class-session/api/resolve-class-token.ts) as a plain GET. */
  rpc: string;
  apikey: string;
  /** A cookie of this name (or `<name>.0`, …) means a professor may be signed in. */
  sessionCookie: string;
  /** Where the answer waits. */
  global: string;
}

declare const SETUP: ClassLinkAskSetup;

const token = new RegExp(SETUP.path).exec(location.pathname)?.[1];
const signedIn = document.cookie.split(';').some((pair) => pair.trim().startsWith(SETUP.sessionCookie));
if (token && !signedIn) {
  const url = new URL(SETUP.rpc);
  // The key in the query (as Supabase's gateway takes it) rather than in headers: a simple request,
  // without the round trip of a CORS preflight. Without a token PostgREST answers as anon.
  url.searchParams.set('token', token);
  url.searchParams.set('apikey', SETUP.apikey);
  const answer = fetch(url);
  answer.catch(() => undefined);
  (window as unknown as Record<string, unknown>)[SETUP.global] = answer;
}
