import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** While a page's code loads: a screen tall, so the footer below it does not jump when the page comes. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py="16" minH="100dvh" alignItems="flex-start">
      <Spinner size="lg" aria-label={t('Loading page')} />
    </Center>
  );
}
