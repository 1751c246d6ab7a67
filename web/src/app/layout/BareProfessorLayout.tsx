import { Center, Spinner } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRequireProfessor } from '../../features/auth/useRequireProfessor';
import { SignInCheckFailed } from './SignInCheckFailed';

/**
 * Professor screens that fill their window, with no site header: the projector's join screen
 * (Present) and the Pop Out window. The same sign-in guard as every professor page.
 */
export function BareProfessorLayout() {
  const { t } = useTranslation();
  const { user, isChecking, checkFailed, retry } = useRequireProfessor();
  if (checkFailed) return <SignInCheckFailed title={t('Live View')} onRetry={retry} />;
  if (isChecking || !user) {
    return (
      <Center minH="100dvh" role="status" aria-label={t('Loading')}>
        <Spinner />
      </Center>
    );
  }
  return <Outlet />;
}
