import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_COLOR } from '../../shared/ui/colors';

interface RetryLineProps {
  /** "Unable to load the team.", … */
  message: string;
  onRetry: () => void;
  fontSize?: 'sm';
}

/** A part of a card or dialog that did not load: what, in error red, and a small "Try again". */
export function RetryLine({ message, onRetry, fontSize }: RetryLineProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" align="flex-start">
      <Text fontSize={fontSize} color={ERROR_COLOR}>
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </Stack>
  );
}
