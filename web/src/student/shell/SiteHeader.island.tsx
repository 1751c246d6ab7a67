import { useEffect, useRef, useState } from 'react';
import { apiConfig } from '../../lib/config';
import { authStorageKey, hasSessionCookie } from '../../lib/sessionCookie';
import { useRememberedFeedback } from '../../shared/rememberedFeedback';
import { ENABLED_ON_LISTEN_ATTRIBUTE } from '../runtime/islandMarks';
import { useMounted } from '../runtime/useMounted';
import { useT } from '../runtime/useT';
import { AppLink } from '../ui/AppLink';
import { Box, Button, Container, Flex, Link, LinkButton, Stack } from '../ui/primitives';
import { LanguageSelect, ThemeSelect } from './settings';
import { REMEMBERED_ONLY, SIGNED_OUT_ONLY } from './signedOutOnly';

const MOBILE_MENU_ID = 'mobile-menu';

/** Who the header is for: the professor app knows; a student page finds out once it runs (useAccount). */
export type Account = 'signed-in' | 'signed-out' | 'unknown';

export interface SiteHeaderProps {
  account?: Account;
  /** The app's current address: the phone menu closes when it changes. */
  pathname?: string;
}

/**
 * A student page's visitor: signed out without a session cookie (every student); with one, not
 * known until the auth server says (the sign-in client loads only then), so a professor never sees
 * "Sign In" flash, nor a visitor with a stale cookie "Sign Out".
 */
function useAccount(given: Account | undefined): Account {
  const [account, setAccount] = useState<Account>('signed-out');
  useEffect(() => {
    if (given || !hasSessionCookie(document.cookie, authStorageKey(apiConfig.supabaseUrl))) return;
    setAccount('unknown');
    let current = true;
    import('../../shared/api/get-current-user')
      .then(({ getCurrentUser }) => getCurrentUser())
      .then(
        (user) => current && setAccount(user ? 'signed-in' : 'signed-out'),
        // The check failed (offline, a server error): neither set of links, as in the app.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [given]);
  return given ?? account;
}

/**
 * The seed's sticky header: Home and Submit Feedback, "My feedback" when this device remembers any,
 * then the professor's links or the sign-in ones (none while the sign-in is not known, so a
 * professor never sees "Sign In" flash); the language and theme; a phone's menu with the same.
 */
export default function SiteHeader({ account, pathname }: SiteHeaderProps) {
  const { t } = useT();
  const mounted = useMounted();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The menu closes when the app's address changes, not as the island starts: hydrated by the tap
  // that opens it, it would close again at once.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    setMenuOpen(false);
  }, [pathname]);
  const signedIn = useAccount(account);
  // In the HTML "My feedback" is always there, and the stylesheet shows it only under the head
  // script's mark on <html> (web/panda.config.ts), so the island need not run to show it.
  const remembered = useRememberedFeedback().length > 0 || !mounted;

  const links = (onNavigate?: () => void) => {
    const link = (href: string, label: string, variant: 'ghost' | 'outline' | 'solid' = 'ghost', onlyMark?: string) => (
      <LinkButton
        variant={variant}
        size="sm"
        justifyContent="flex-start"
        as={AppLink}
        href={href}
        onClick={onNavigate}
        // Marked only in the HTML: a page with a session cookie hides the sign-in links until the island
        // knows, and a stale cookie must not hide them once it does; "My feedback" likewise.
        {...(onlyMark && !mounted ? { [onlyMark]: '' } : {})}
      >
        {label}
      </LinkButton>
    );
    return (
      <>
        {link('/', t('Home'))}
        {link('/submit', t('Submit Feedback'))}
        {remembered && link('/my-feedback', t('My feedback'), 'ghost', REMEMBERED_ONLY)}
        {signedIn === 'signed-in' ? (
          <>
            {link('/professor', t('Professor Dashboard'))}
            {link('/api/logout', t('Sign Out'), 'outline')}
          </>
        ) : signedIn === 'signed-out' ? (
          <>
            {link('/auth', t('Professor Sign In'), 'outline', SIGNED_OUT_ONLY)}
            {link('/auth', t('Sign In'), 'solid', SIGNED_OUT_ONLY)}
          </>
        ) : null}
      </>
    );
  };

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg"
      borderBottomWidth="1px"
      // Escape closes the open menu from its button or any of its links, and focus returns to the button.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        setMenuOpen(false);
        menuButton.current?.focus();
      }}
    >
      <Container maxW="6xl" py="2">
        <Flex align="center" justify="space-between" gap="4" minH="12">
          <Link as={AppLink} href="/" fontWeight="bold" fontSize="lg" color="fg">
            ClassPulse
          </Link>
          <Flex display={{ base: 'none', md: 'flex' }} align="center" gap="3">
            <Flex as="nav" aria-label={t('Main')} align="center" gap="1">
              {links()}
            </Flex>
            <LanguageSelect />
            <ThemeSelect />
          </Flex>
          <Button
            ref={menuButton}
            display={{ base: 'inline-flex', md: 'none' }}
            variant="outline"
            size="sm"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            // Until the page's script can take a tap the button could do nothing: it says so. The island
            // hydrates on first use, and the script enables the button once it listens (PageShell, boot.ts).
            disabled={!mounted}
            {...{ [ENABLED_ON_LISTEN_ATTRIBUTE]: '' }}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? t('Close menu') : t('Menu')}
          </Button>
        </Flex>
        {menuOpen && (
          <Stack id={MOBILE_MENU_ID} display={{ base: 'flex', md: 'none' }} gap="3" pb="3">
            <Stack as="nav" aria-label={t('Mobile')} gap="1">
              {links(() => setMenuOpen(false))}
            </Stack>
            <Flex gap="3" wrap="wrap">
              <LanguageSelect />
              <ThemeSelect />
            </Flex>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
