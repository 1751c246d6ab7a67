import { Box, Button, Container, Flex, Link, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { NavLinks } from './NavLinks';

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Container maxW="6xl" py="2">
        <Flex align="center" justify="space-between" gap="4" minH="12">
          <Link asChild fontWeight="bold" fontSize="lg" color="fg">
            <RouterLink to="/">ClassPulse</RouterLink>
          </Link>
          <Flex as="nav" aria-label="Main" display={{ base: 'none', md: 'flex' }} align="center" gap="1">
            <NavLinks />
          </Flex>
          <Button
            display={{ base: 'inline-flex', md: 'none' }}
            variant="outline"
            size="sm"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? 'Close menu' : 'Menu'}
          </Button>
        </Flex>
        {menuOpen && (
          <Stack as="nav" id={MOBILE_MENU_ID} aria-label="Mobile" display={{ base: 'flex', md: 'none' }} gap="1" pb="3">
            <NavLinks onNavigate={() => setMenuOpen(false)} />
          </Stack>
        )}
      </Container>
    </Box>
  );
}
