import { useTranslation } from 'react-i18next';
import { Notice } from './Notice';

/**
 * A feedback form's submission that failed for the network and waits on this device
 * (shared/api/send-submission.ts): it is sent by itself when the connection is back.
 */
export function SavedOnDevice() {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" role="status" data-testid="saved-on-device">
      {t('Saved on this phone. It will be sent when you are back online.')}
    </Notice>
  );
}
