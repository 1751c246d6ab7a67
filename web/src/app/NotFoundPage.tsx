import { NotFound } from '../shared/ui/NotFound';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <NotFound
      pageTitle={t('404 Page Not Found · ClassPulse')}
      title={t('404 Page Not Found')}
      description={t('The page you are looking for does not exist or has moved.')}
      action={{ to: '/', label: t('Back to Home') }}
    />
  );
}
