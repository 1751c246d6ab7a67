// nginx's server-side includes as the build writes them into a student page
// (bench/nginx-site.conf turns them on for the feedback forms): one read per page of the host's
// internal location (`/_classpulse/form-page`, the submissions function's GET /form-page), then, in
// each place that uses it, the markup of the first branch whose pattern matches what was read, with
// the pattern's captures (`${1}`…) in place. On a host without SSI every command is an HTML
// comment, and nothing shows.

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

/** Where nginx asks for what it writes into a form page (an internal location of bench/nginx-site.conf). */
export const FORM_PAGE_LOCATION = '/_classpulse/form-page';

/** The variable that holds what the host read for the page: one read, whichever of its commands comes first. */
export const READ_VARIABLE = 'classpulse_form';

/**
 * The host's read of the page (FORM_PAGE_LOCATION, asked with the page's path and query) into
 * READ_VARIABLE, unless an earlier command of the page read it (or tried to: a failed read leaves
 * `-`, which no pattern takes).
 */
export const ssiRead = (): string =>
  `<!--# if expr="$${READ_VARIABLE}" --><!--# else -->` +
  `<!--# set var="${READ_VARIABLE}" value="-" -->` +
  `<!--# include virtual="${FORM_PAGE_LOCATION}?page=$${PAGE_VARIABLE}&$args" set="${READ_VARIABLE}" -->` +
  '<!--# endif -->';

/** The markup of the first branch whose pattern matches what the page's read gave (nothing when none does). */
export function ssiBranches(branches: SsiBranch[]): string {
  const written = branches.map(
    ({ pattern, markup }, index) =>
      `<!--# ${index === 0 ? 'if' : 'elif'} expr='$${READ_VARIABLE} = /${pattern}/' -->` +
      `<!--# set var="classpulse_markup" value='${asSsiValue(markup)}' -->` +
      '<!--# echo var="classpulse_markup" encoding="none" -->',
  );
  return written.join('') + '<!--# endif -->';
}

/** The commands: the page's read (ssiRead), then the first matching branch's markup (ssiBranches). */
export const ssiChoice = (branches: SsiBranch[]): string => ssiRead() + ssiBranches(branches);
