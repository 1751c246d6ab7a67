// A page's first reads (render/firstReads.ts), inline in <head>: sent as the page loads, the id
// taken from the address (its path, or a parameter of its query), each answer left under the URL
// the façade will ask for (lib/prefetched.ts). A visitor who may be signed in sends nothing: their
// reads are their own.
import type { FirstReadsSetup } from './firstReads.ts';
import { afterFirstPaint } from './afterFirstPaint.part';

declare const SETUP: FirstReadsSetup;

function addressId(): string | undefined {
  if (SETUP.param !== undefined) return new URLSearchParams(location.search).get(SETUP.param) ?? undefined;
  if (SETUP.addresses === undefined) return undefined;
  const { pathname } = location;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const raw = new RegExp(SETUP.addresses.source, SETUP.addresses.flags).exec(path)?.[1];
  try {
    return raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

// As lib/sessionCookie.ts: a cookie `<key>` or `<key>.<n>`, with a value.
const key = SETUP.sessionCookie;
const signedIn = document.cookie.split(';').some((pair) => {
  const separator = pair.indexOf('=');
  if (separator < 0 || separator === pair.length - 1) return false;
  const name = pair.slice(0, separator).trim();
  return name === key || (name.startsWith(`${key}.`) && /^(0|[1-9]\d*)$/.test(name.slice(key.length + 1)));
});

function send(id: string) {
  const answers = new Map<string, Promise<Response>>();
  for (const url of SETUP.urls) {
    const address = url.split(SETUP.standIn).join(id);
    // The key in the query (as Supabase's gateway takes it) rather than in headers: a simple
    // request, without the round trip of a CORS preflight. Without a token PostgREST answers as
    // anon, as with the anonymous key's token.
    const keyed = new URL(address);
    keyed.searchParams.append('apikey', SETUP.apikey);
    const answer = fetch(keyed);
    // A failure is the page's to show (its "Try again"), when its island asks.
    answer.catch(() => undefined);
    answers.set(address, answer);
  }
  (window as unknown as Record<string, unknown>)[SETUP.global] = answers;
}

const id = addressId();
if (id !== undefined && new RegExp(SETUP.id.source, SETUP.id.flags).test(id) && !signedIn) {
  if (SETUP.afterFirstPaint) afterFirstPaint(() => send(id));
  else send(id);
}

// A module (its SETUP its own); the inline script is its body.
export {};
