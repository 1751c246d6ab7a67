// The client address the rate limits count by, read from the request's headers. Pure (no Deno
// API), so the unit tests import it as the functions do.

/**
 * The address rate limits count by: Cloudflare's `cf-connecting-ip` when the platform set it (a
 * client cannot forge it through Cloudflare), else the first non-empty entry of `x-forwarded-for`
 * (the client as the gateway saw it; the local gateway keeps a client-sent value first, which
 * tests use to simulate a lecture hall). IPv6 counts by its /64: one device often holds many
 * addresses of its network. Undefined when neither header names an address.
 */
export function clientIp(headers: Headers): string | undefined {
  const forwarded = headers
    .get('x-forwarded-for')
    ?.split(',')
    .map((entry) => entry.trim())
    .find(Boolean);
  const ip = headers.get('cf-connecting-ip')?.trim() || forwarded;
  return ip ? normalizeIp(ip) : undefined;
}

/**
 * One spelling per counted address: IPv4 as dotted quad (an IPv4-mapped IPv6 address or a port is
 * dropped), IPv6 as its /64 prefix (`2001:db8:0:1::/64`), lower case, brackets and port removed.
 * Anything else (not an address) is returned trimmed and lower-cased, so it still counts as one key.
 */
export function normalizeIp(raw: string): string {
  let ip = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1];
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(ip);
  if (v4) return v4[1];
  if (!ip.includes(':')) return ip;
  const halves = ip.split('::');
  if (halves.length > 2) return ip; // "::" may appear once
  const [head, tail] = halves;
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return ip;
  const groups = [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
