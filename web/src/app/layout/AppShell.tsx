import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useTranslation } from 'react-i18next';

interface AppShellProps {
  children: ReactNode;
  /** The landing page draws its own footer (docs/product.md, Screen texts). */
  showFooter?: boolean;
}

export function AppShell({ children, showFooter = true }: AppShellProps) {
  const { t } = useTranslation();
  return (
    // A prerendered page is live from its first paint, before the app's code has run: its links
    // work, its forms take input (kept when the app takes the page over: app/takeover.ts) and the
    // feedback forms post themselves (shared/forms/nativePost.ts).
    <Flex direction="column" minH="100dvh" minW="0">
      <SkipNavLink>{t('Skip to content')}</SkipNavLink>
      <SiteHeader />
      <Box as="main" flex="1">
        <SkipNavContent />
        {children}
      </Box>
      {showFooter && <SiteFooter />}
    </Flex>
  );
}
