// nginx's server-side includes as the build writes them into a student page
// (bench/nginx-site.conf turns them on for the feedback forms): a read of one of the host's
// internal locations into a variable, then the markup of the first branch whose pattern matches
// what it read, with the pattern's captures (`${1}`…) in place. On a host without SSI every
// command is an HTML comment, and nothing shows.

/** The variable nginx's form locations set to the page's own path (bench/nginx-site.conf). */
export const PAGE_VARIABLE = 'classpulse_page';

/** Markup as the value of an SSI `set` in single quotes: the captures' placeholders stay, every other `$` is text. */
export function asSsiValue(markup: string): string {
  if (markup.includes('-->')) throw new Error('The markup would end its SSI command: it holds "-->".');
  return markup
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\$(?!\{[1-9]\})/g, '\\$');
}

export interface SsiBranch {
  /** A regular expression on what was read, without its slashes. */
  pattern: string;
  /** The markup written when it matches, with `${n}` for its captures. */
  markup: string;
}

/**
 * The commands: the host's read of `read.location` (asked with the page's path and query) into
 * `variable`, unless an earlier copy of the page read it already, then the first matching branch's
 * markup, written through `${variable}_markup`.
 */
export function ssiChoice({ variable, read, branches }: { variable: string; read?: { location: string }; branches: SsiBranch[] }): string {
  const include = read ? `<!--# include virtual="${read.location}?page=$${PAGE_VARIABLE}&$args" set="${variable}" -->` : '';
  const written = branches.map(
    ({ pattern, markup }, index) =>
      `<!--# ${index === 0 ? 'if' : 'elif'} expr='$${variable} = /${pattern}/' -->` +
      `<!--# set var="${variable}_markup" value='${asSsiValue(markup)}' -->` +
      `<!--# echo var="${variable}_markup" encoding="none" -->`,
  );
  return include + written.join('') + '<!--# endif -->';
}
