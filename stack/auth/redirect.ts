/**
 * Supabase's redirect allow-list: a redirect_to is accepted when it is on the site_url's host, or
 * matches one of additional_redirect_urls. http(s) entries are globs (gobwas/glob with `.` and `/`
 * as separators: `*` stays within one segment, `**` crosses them, `?` is one character); other
 * entries (app schemes) must match exactly. Anything else falls back to site_url.
 */
export function createRedirectPolicy(siteUrl: string, additional: string[]) {
  const site = safeUrl(siteUrl);
  const patterns = additional.map((entry) => (/^https?:/.test(entry) ? globToRegExp(entry) : entry));
  return (requested: string | undefined | null): string => {
    if (!requested) return siteUrl;
    const url = safeUrl(requested);
    if (!url) return siteUrl;
    if (site && url.hostname === site.hostname && /^https?:$/.test(url.protocol)) return requested;
    for (const pattern of patterns) {
      if (typeof pattern === 'string' ? pattern === requested : pattern.test(requested)) return requested;
    }
    return siteUrl;
  };
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') {
      source += '[^./]*';
    } else if (char === '?') {
      source += '[^./]';
    } else {
      source += char.replace(/[\\^$.+()|[\]{}]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
