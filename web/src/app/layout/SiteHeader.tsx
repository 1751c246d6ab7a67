import { Box, Button, Container, Flex, Link, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavLinks } from './NavLinks';
import { LanguageSelect, ThemeSelect } from '../../shared/ui/SettingsSelects';
import { useHydrated } from '../../shared/useHydrated';
import { LIGHT, useLightPage } from '../../shared/lightPage';

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  // Opening the menu needs the app: until it has taken a prerendered page over, the button says so.
  const hydrated = useHydrated();
  useEffect(() => setMenuOpen(false), [pathname]);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A light page's menu is in its HTML, hidden, for the page's own script to open (web/src/student/).
  const light = useLightPage();

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
          <Link asChild fontWeight="bold" fontSize="lg" color="fg">
            <RouterLink to="/">ClassPulse</RouterLink>
          </Link>
          <Flex display={{ base: 'none', md: 'flex' }} align="center" gap="3">
            <Flex as="nav" aria-label={t('Main')} align="center" gap="1">
              <NavLinks />
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
            disabled={!hydrated}
            {...(light ? { [LIGHT.closeLabel]: t('Close menu') } : {})}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? t('Close menu') : t('Menu')}
          </Button>
        </Flex>
        {(menuOpen || light) && (
          <Stack id={MOBILE_MENU_ID} display={{ base: 'flex', md: 'none' }} hidden={!menuOpen} gap="3" pb="3">
            <Stack as="nav" aria-label={t('Mobile')} gap="1">
              <NavLinks onNavigate={() => setMenuOpen(false)} />
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
