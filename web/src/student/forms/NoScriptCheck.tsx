import { hostMarkup } from '../runtime/hostMarkup';

/**
 * Where a new-feedback form asks its check questions until its island has read them: for a browser
 * without JavaScript, a host that renders per request (nginx's SSI: bench/nginx-site.conf) writes
 * them here, inside the form, so a post carries the ratings (docs/decisions/follow-up-checks.md,
 * "Without JavaScript"). With scripts on, a `<noscript>` is inert text; hydration leaves its
 * content as served, and the island draws the questions itself (FollowUpCheckField).
 */
export function NoScriptCheck() {
  return <noscript dangerouslySetInnerHTML={{ __html: hostMarkup('check') }} />;
}
