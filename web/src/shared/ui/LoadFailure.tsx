import { Button, chakra } from '@chakra-ui/react';
import { Notice } from './Notice';
import { useTranslation } from 'react-i18next';

interface LoadFailureProps {
  /** What could not be loaded: "Unable to load {what}". */
  what: string;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A read that failed for a reason other than "not found" (offline, a server error): says so and
 * offers "Try again", so a blip never reads as "Not Found" and never drops what the student holds.
 * Used by the student screens; a Notice rather than Chakra's Alert, with no layout components: the
 * form pages are at the edge of their weight budget.
 */
export function LoadFailure({ what, onRetry, retrying }: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <Notice tone="error" role="alert" display="flex" flexWrap="wrap" gap="3" alignItems="center" justifyContent="space-between">
      <chakra.p>
        <chakra.strong display="block">{t('Unable to load {{what}}', { what })}</chakra.strong>
        {t('Please check your connection and try again.')}
      </chakra.p>
      <Button size="sm" variant="outline" bg="bg" onClick={onRetry} loading={retrying}>
        {t('Try again')}
      </Button>
    </Notice>
  );
}
