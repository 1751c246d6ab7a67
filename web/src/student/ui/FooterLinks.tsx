import { msg } from '../../i18n/msg';
import { useT } from '../runtime/useT';
import { AppLink } from './AppLink';
import { Link } from './primitives';
import { PLACEHOLDER_LINK } from './placeholderLink';

const PAGES = [
  { href: '/privacy', label: msg('Privacy Policy') },
  { href: '/privacy#how-it-works', label: msg('How it Works') },
  { href: '/accessibility', label: msg('Accessibility') },
];

// The seed's footer links that still have no page (docs/decisions/privacy-and-accessibility-pages.md).
const PLACEHOLDERS = [msg('Support'), msg('About')];

/** The seed's footer links (Privacy Policy, How it Works, Support, About) and the accessibility statement. */
export function FooterLinks() {
  const { t } = useT();
  return (
    <>
      {PAGES.map(({ href, label }) => (
        <Link key={href} as={AppLink} href={href} color="fg.muted">
          {t(label)}
        </Link>
      ))}
      {PLACEHOLDERS.map((label) => (
        // A link that goes nowhere, as the seed has it (boot.ts keeps a click on it where it is).
        <Link key={label} href="#" color="fg.muted" {...{ [PLACEHOLDER_LINK]: '' }} onClick={(event) => event.preventDefault()}>
          {t(label)}
        </Link>
      ))}
    </>
  );
}
