import type { ReactNode } from 'react';
import { skipNavLink } from 'styled-system/recipes';
import { Island } from '../runtime/Island';
import { CARRIED_TOASTS_MARK, TOASTING_MARK } from '../runtime/pageMarks';
import { useT } from '../runtime/useT';
import Toaster from '../ui/Toaster.island';
import { Box, Flex } from '../ui/primitives';
import SiteHeader, { type SiteHeaderProps } from './SiteHeader.island';
import { SiteFooter } from './SiteFooter';
import { SKIP_TARGET_ID } from './skipTarget';

/** A page with a session cookie (the head script's mark: render/settings.inline.ts): the header has a professor's links to show. */
const HEADER_HYDRATES_AT_ONCE = 'html[data-session]';
const TOASTER_HYDRATES_AT_ONCE = `html[${TOASTING_MARK}], html[${CARRIED_TOASTS_MARK}]`;

interface PageShellProps {
  children: ReactNode;
  /** The footer; the landing page draws its own. */
  footer?: ReactNode;
  /** The professor app says who is signed in, and where it is (it renders the shell too: app/layout/AppShell.tsx). */
  header?: SiteHeaderProps;
  /** The student pages' toasts; the professor app has its own toaster. */
  toaster?: boolean;
}

/** A page of the site around its content: "Skip to content", the header, the footer, the toasts. */
export function PageShell({ children, footer = <SiteFooter />, header = {}, toaster = true }: PageShellProps) {
  const { t } = useT();
  return (
    <Flex direction="column" minH="100dvh" minW="0">
      <a href={`#${SKIP_TARGET_ID}`} className={skipNavLink()}>
        {t('Skip to content')}
      </a>
      {/* Links and selects that work before it runs: a student's phone hydrates it when it is used; at
          once where it has more to show, a professor's links (a session cookie). */}
      <Island of={SiteHeader} props={header} onFirstUse={{ orWhenPageMatches: HEADER_HYDRATES_AT_ONCE }} />
      <Box as="main" flex="1">
        <div id={SKIP_TARGET_ID} tabIndex={-1} style={{ outline: 'none' }} />
        {children}
      </Box>
      {footer}
      {/* Hydrated when there is a toast to show: one of this page's, or one the professor app carried here. */}
      {toaster && <Island of={Toaster} props={{}} onFirstUse={{ orWhenPageMatches: TOASTER_HYDRATES_AT_ONCE }} />}
    </Flex>
  );
}
