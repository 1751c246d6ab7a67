import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { msg } from '../../i18n/msg';

const PAGES = [
  { to: '/privacy', label: msg('Privacy Policy') },
  { to: '/privacy#how-it-works', label: msg('How it Works') },
  { to: '/accessibility', label: msg('Accessibility') },
];

// The seed's footer links that still have no page (docs/decisions/privacy-and-accessibility-pages.md).
const PLACEHOLDERS = [msg('Support'), msg('About')];

/** The seed's footer links (Privacy Policy, How it Works, Support, About) and the accessibility statement. */
export function FooterLinks() {
  const { t } = useTranslation();
  return (
    <>
      {PAGES.map(({ to, label }) => (
        <Link key={to} asChild color="fg.muted">
          <RouterLink to={to}>{t(label)}</RouterLink>
        </Link>
      ))}
      {PLACEHOLDERS.map((label) => (
        <Link key={label} href="#" color="fg.muted" onClick={(event) => event.preventDefault()}>
          {t(label)}
        </Link>
      ))}
    </>
  );
}
