import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NotificationState } from '../alarmSignal';

/** One line on why the live view asks for notifications, while the browser has not been told yet or refused. */
export function AlarmNotice({ state, onAsk }: { state: NotificationState; onAsk: () => void }) {
  const { t } = useTranslation();
  if (state === 'default') {
    return (
      <HStack gap="3" wrap="wrap" data-testid="notification-reason">
        <Text fontSize="sm" color="fg.muted">
          {t('Allow notifications so the alarm reaches you while you present in another window.')}
        </Text>
        <Button size="xs" variant="outline" onClick={onAsk}>
          {t('Allow Notifications')}
        </Button>
      </HStack>
    );
  }
  if (state === 'denied') {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="notification-reason">
        {t('Notifications are blocked for this site: the alarm shows only on this page and in Pop Out.')}
      </Text>
    );
  }
  return null;
}
