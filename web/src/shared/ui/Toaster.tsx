import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toaster';
import { useTranslation } from 'react-i18next';

export default function Toaster() {
  const { t } = useTranslation();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} maxWidth={{ md: '420px' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {/* Toasts carry English texts (their keys) or texts already translated; both show translated. */}
              {toast.title && <Toast.Title>{t(String(toast.title))}</Toast.Title>}
              {/* Chakra dims descriptions to 0.8 opacity: white on red.600 then fails axe's 4.5:1 at this size. */}
              {toast.description && <Toast.Description opacity="1">{t(String(toast.description))}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{t(toast.action.label)}</Toast.ActionTrigger>}
            <Toast.CloseTrigger aria-label={t('Close notification')} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
