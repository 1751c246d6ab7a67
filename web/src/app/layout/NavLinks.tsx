import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useCurrentUser } from '../../shared/api/current-user';
import { useRememberedFeedback } from '../../shared/rememberedFeedback';
import { LIGHT, useLightPage } from '../../shared/lightPage';

interface NavLinksProps {
  /** Called when a link is chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/**
 * The header's links: always Home and Submit Feedback, My feedback when this device remembers any, then the professor's or the sign-in ones —
 * neither while the sign-in is not known (still loading, or the check failed), so a signed-in
 * professor never sees "Sign In" flash, nor a visitor "Sign Out".
 */
export function NavLinks({ onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const current = useCurrentUser();
  const remembered = useRememberedFeedback().length > 0;
  // A light page is opened without a session (a signed-in visitor gets the app), and the page's
  // script shows "My feedback" when this device remembers feedback.
  const light = useLightPage();
  const isSignedIn = !light && current.isSignedIn;
  const isSignedOut = light || current.isSignedOut;
  const link = (to: string, label: string, variant: 'ghost' | 'outline' | 'solid' = 'ghost', hidden = false) => (
    <LinkButton
      asChild
      variant={variant}
      size="sm"
      justifyContent="flex-start"
      {...(hidden ? { hidden: true, [LIGHT.rememberedOnly]: '' } : {})}
    >
      <RouterLink to={to} onClick={onNavigate}>
        {label}
      </RouterLink>
    </LinkButton>
  );

  return (
    <>
      {link('/', t('Home'))}
      {link('/submit', t('Submit Feedback'))}
      {(remembered || light) && link('/my-feedback', t('My feedback'), 'ghost', light)}
      {isSignedIn ? (
        <>
          {link('/professor', t('Professor Dashboard'))}
          {link('/api/logout', t('Sign Out'), 'outline')}
        </>
      ) : isSignedOut ? (
        <>
          {link('/auth', t('Professor Sign In'), 'outline')}
          {link('/auth', t('Sign In'), 'solid')}
        </>
      ) : null}
    </>
  );
}
