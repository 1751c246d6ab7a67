import { Box, SkipNavContent, SkipNavLink, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useHydrated } from '../../shared/useHydrated';
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
  const hydrated = useHydrated();
  return (
    // A prerendered page paints before its code has loaded. Until the app has taken it over, it
    // takes no taps and its controls are disabled, so nothing typed or chosen there is lost.
    <chakra.fieldset
      disabled={!hydrated}
      pointerEvents={hydrated ? undefined : 'none'}
      role="presentation"
      display="flex"
      flexDirection="column"
      minH="100dvh"
      minW="0"
      m="0"
      p="0"
      border="0"
    >
      <SkipNavLink>{t('Skip to content')}</SkipNavLink>
      <SiteHeader />
      <Box as="main" flex="1">
        <SkipNavContent />
        {children}
      </Box>
      {showFooter && <SiteFooter />}
    </chakra.fieldset>
  );
}
