import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useTranslation } from 'react-i18next';
import { arrivedFromThisSite, focusIsLost } from '../../shared/arrivedFromThisSite';

interface AppShellProps {
  children: ReactNode;
  /** The landing page draws its own footer (docs/product.md, Screen texts). */
  showFooter?: boolean;
}

/**
 * After a navigation inside the app, the link or button that led there has usually gone with the
 * old page (or with the closed mobile menu), and the browser leaves focus on the body: a keyboard
 * or screen-reader user would start again from the top of the document. Focus then moves to the
 * start of the new page's content. Focus that is still on something (a header link) stays there.
 */
function useFocusAfterNavigation(content: RefObject<HTMLDivElement | null>) {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    // The first page: only when a link of this site led here (a light student page's links load the app's pages).
    if (firstPage.current) {
      firstPage.current = false;
      if (!arrivedFromThisSite()) return;
    }
    // After the commit's other effects (the mobile menu closes itself on a new address).
    const timer = window.setTimeout(() => {
      if (focusIsLost()) content.current?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pathname, content]);
}

export function AppShell({ children, showFooter = true }: AppShellProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  useFocusAfterNavigation(content);
  return (
    // A prerendered page is live from its first paint, before the app's code has run: its links
    // work, its forms take input (kept when the app takes the page over: app/takeover.ts) and the
    // feedback forms post themselves (shared/forms/nativePost.ts).
    <Flex direction="column" minH="100dvh" minW="0">
      <SkipNavLink>{t('Skip to content')}</SkipNavLink>
      <SiteHeader />
      <Box as="main" flex="1">
        <SkipNavContent ref={content} />
        {children}
      </Box>
      {showFooter && <SiteFooter />}
    </Flex>
  );
}
