import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';

const PLACEHOLDERS = [msg('Privacy Policy'), msg('How it Works'), msg('Support'), msg('About')];

/** The seed's footer links that go nowhere (yet): focusable, announced, and inert when chosen. */
export function PlaceholderLinks() {
  const { t } = useTranslation();
  return (
    <>
      {PLACEHOLDERS.map((label) => (
        <Link key={label} href="#" color="fg.muted" onClick={(event) => event.preventDefault()}>
          {t(label)}
        </Link>
      ))}
    </>
  );
}
