// The check questions of a new-feedback form for a browser without JavaScript
// (docs/decisions/follow-up-checks.md, "Without JavaScript"): FollowUpCheckField rendered at build
// time once per order the form may ask in, with placeholders for the note and its topics, inside
// nginx SSI commands (./ssi.ts). The host asks the submissions function for the page's check
// (GET /submissions/form-check: one line, `noteId|order|addressed|control|note`, every text
// escaped for HTML there: supabase/functions/_shared/form-check.ts), matches it against each
// order, and writes that order's markup with the line's texts in place of the placeholders. On a
// host without SSI every command is an HTML comment, inside a `<noscript>`: nothing shows.
import { renderToString } from 'preact-render-to-string';
import { FollowUpCheckField, type FollowUpOrder } from '../forms/FollowUpCheckField';
import { ssiChoice } from './ssi';

/** Where nginx asks for the page's check (an internal location of bench/nginx-site.conf). */
export const FORM_CHECK_LOCATION = '/_classpulse/form-check';

type Variant = FollowUpOrder | 'only';
const VARIANTS: Variant[] = ['addressed-first', 'control-first', 'only'];

// The regular expression's captures, as SSI names them in the markup.
const NOTE = '${1}';
const ADDRESSED = '${2}';
const CONTROL = '${3}';
const BODY = '${4}';

const variantMarkup = (variant: Variant) =>
  renderToString(
    <FollowUpCheckField
      check={{ noteId: NOTE, body: BODY, sessionDate: '', addressedTopic: ADDRESSED, controlTopic: variant === 'only' ? null : CONTROL }}
      order={variant === 'only' ? undefined : variant}
    />,
  );

/** The SSI commands: the host's read of the check, then the markup of the order it names. */
export function noScriptCheckCommands(): string {
  return ssiChoice({
    variable: 'classpulse_check',
    read: { location: FORM_CHECK_LOCATION },
    branches: VARIANTS.map((variant) => ({
      pattern: `^([0-9a-f-]+)\\|${variant}\\|([^|]*)\\|([^|]*)\\|([^|]*)`,
      markup: variantMarkup(variant),
    })),
  });
}
