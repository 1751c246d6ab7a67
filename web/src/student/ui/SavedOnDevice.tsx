import { useT } from '../runtime/useT';
import { Notice } from './states';

/**
 * A feedback form's submission that failed for the network and waits on this device
 * (forms' send hook): it is sent by itself when the connection is back.
 */
export function SavedOnDevice() {
  const { t } = useT();
  return (
    <Notice tone="warning" role="status" data-testid="saved-on-device">
      {t('Saved on this phone. It will be sent when you are back online.')}
    </Notice>
  );
}
