import { Container } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useClassToken } from './api/resolve-class-token';
import { classSessionPath } from './paths';
import { EXPIRED_LINK_PATH } from '../../shared/expiredLink';
import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../shared/ui/LoadingLine';

/** The seed's "Class link resolver": /class/{token} → /class-session, or / with the expired-link banner. */
export function ClassLinkPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const resolved = useClassToken(token);

  useEffect(() => {
    if (resolved.isSuccess) {
      navigate(classSessionPath(resolved.data.courseId, resolved.data.sessionId), { replace: true });
    } else if (resolved.isError) {
      navigate(EXPIRED_LINK_PATH, { replace: true });
    }
  }, [resolved.isSuccess, resolved.isError, resolved.data, navigate]);

  return (
    <Container maxW="2xl" py="16">
      <title>{t('Opening class link · ClassPulse')}</title>
      <LoadingLine text={t('Validating session link...')} centered />
    </Container>
  );
}
