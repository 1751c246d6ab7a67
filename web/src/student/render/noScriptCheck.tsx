// The check questions of a new-feedback form for a browser without JavaScript
// (docs/decisions/follow-up-checks.md, "Without JavaScript"): FollowUpCheckField rendered at build
// time once per order the form may ask in, with placeholders for the note and its topics, inside
// nginx SSI commands (./ssi.ts). The host asks the submissions function for the page
// (GET /submissions/form-page: the check's line, `noteId|order|addressed|control|note`, then `~`
// and the notes', every text escaped for HTML there: supabase/functions/_shared/form-check.ts),
// matches it against each order, and writes that order's markup with the line's texts in place of
// the placeholders. On a host without SSI every command is an HTML comment, inside a `<noscript>`:
// nothing shows.
import { renderToString } from 'preact-render-to-string';
import { FollowUpCheckField, type FollowUpOrder } from '../forms/FollowUpCheckField';
import { ssiChoice } from './ssi';

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

/** The SSI commands: the host's read of the page (unless made already), then the markup of the order it names. */
export function noScriptCheckCommands(): string {
  // The check is the read's first part, up to the `~` before the notes (no text carries one).
  return ssiChoice(
    VARIANTS.map((variant) => ({
      pattern: `^([0-9a-f-]+)\\|${variant}\\|([^|~]*)\\|([^|~]*)\\|([^|~]*)~`,
      markup: variantMarkup(variant),
    })),
  );
}
