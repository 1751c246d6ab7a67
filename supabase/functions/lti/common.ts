// What the lti function's parts share: where the site and the function are, the registered
// platform's shape, HTML answers, random tokens and their hashes.
import type { Context } from 'hono';

export interface Platform {
  id: string;
  issuer: string;
  client_id: string;
  deployment_ids: string[];
  auth_login_url: string;
  jwks_url: string;
  email_domains: string[];
}

export const SUPABASE_URL = (Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, '');
/** The web app: LTI_SITE_URL (the local stack sets it), else SITE_URL's first site, else the local default. */
export const SITE = Deno.env.get('LTI_SITE_URL') || (Deno.env.get('SITE_URL') ?? '').split(',')[0]?.trim() || 'http://localhost:5173';
export const FUNCTION_URL = `${SUPABASE_URL}/functions/v1/lti`;
export const LAUNCH_URL = `${FUNCTION_URL}/launch`;
/** Where a launch may be headed: the site, or this function. */
export const ORIGINS = [SITE, SUPABASE_URL].flatMap((u) => {
  try {
    return [new URL(u).origin];
  } catch {
    return [];
  }
});

// The pages are the function's own: no outside resource, no script but the deep-linking form's
// inline submit, and forms may post only to web addresses.
export const HTML_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action http: https:; base-uri 'none'",
};

export function html(c: Context, body: string, status = 200): Response {
  return c.html(body, status as 200, HTML_HEADERS);
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
export const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether Postgres can hold the text: it refuses a NUL byte, which no registered value has anyway. */
export const storable = (value: string) => !value.includes('\u0000');
