import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

interface AppShellProps {
  children: ReactNode;
  /** The landing page draws its own footer (docs/product.md, Screen texts). */
  showFooter?: boolean;
}

export function AppShell({ children, showFooter = true }: AppShellProps) {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>Skip to content</SkipNavLink>
      <SiteHeader />
      <Box as="main" flex="1">
        <SkipNavContent />
        {children}
      </Box>
      {showFooter && <SiteFooter />}
    </Flex>
  );
}
