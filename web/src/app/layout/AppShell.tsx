import { type ComponentProps, type ReactNode, forwardRef, useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { chooseLanguage } from '../../i18n/i18n';
import type { Language } from '../../i18n/languages';
import { rememberLanguage } from '../../shared/api/remember-language';
import { useCurrentUser } from '../../shared/api/current-user';
import { arrivedFromThisSite, focusIsLost } from '../../shared/arrivedFromThisSite';
import { PageShell } from '../../student/shell/PageShell';
import { SiteFooter } from '../../student/shell/SiteFooter';
import { LanguageChoiceContext } from '../../student/shell/settings';
import { SKIP_TARGET_ID } from '../../student/shell/skipTarget';
import { type AppLinkProps, LinkComponentContext } from '../../student/ui/AppLink';

interface AppShellProps {
  children: ReactNode;
  showFooter?: boolean;
}

/** The site's links inside the app: the router's, which loads a student page when a link leads to one (app/StudentPageLoad.tsx). */
const RouterAppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function RouterAppLink({ href, ...props }, ref) {
  return <RouterLink ref={ref} to={href} {...(props as Omit<ComponentProps<typeof RouterLink>, 'to'>)} />;
});

/** The app's choice of language: its catalog, then the signed-in professor's account keeps it (their e-mails' language). */
const chooseAppLanguage = (language: Language) => void chooseLanguage(language).then(() => rememberLanguage(language));

/**
 * After a navigation inside the app, the link or button that led there has usually gone with the
 * old page (or with the closed mobile menu), and the browser leaves focus on the body: a keyboard
 * or screen-reader user would start again from the top of the document. Focus then moves to the
 * start of the new page's content. Focus that is still on something (a header link) stays there.
 */
function useFocusAfterNavigation(pathname: string) {
  useEffect(() => {
    const first = !window.history.state || window.history.state.idx === 0;
    // The first page: only when a link of this site led here (a student page's links load the app's pages).
    if (first && !arrivedFromThisSite()) return;
    // After the commit's other effects (the mobile menu closes itself on a new address).
    const timer = window.setTimeout(() => {
      if (focusIsLost()) document.getElementById(SKIP_TARGET_ID)?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}

/** The professor app's pages in the site's shell, the student pages' own (web/src/student/shell/). */
export function AppShell({ children, showFooter = true }: AppShellProps) {
  const { pathname } = useLocation();
  const current = useCurrentUser();
  useFocusAfterNavigation(pathname);
  const account = current.isSignedIn ? 'signed-in' : current.isSignedOut ? 'signed-out' : 'unknown';
  return (
    <LinkComponentContext.Provider value={RouterAppLink}>
      <LanguageChoiceContext.Provider value={chooseAppLanguage}>
        <PageShell header={{ account, pathname }} toaster={false} footer={showFooter ? <SiteFooter /> : null}>
          {children}
        </PageShell>
      </LanguageChoiceContext.Provider>
    </LinkComponentContext.Provider>
  );
}
