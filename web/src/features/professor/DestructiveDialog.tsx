import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DestructiveDialogProps {
  open: boolean;
  /** While the deletion runs, the dialog cannot be dismissed. */
  pending: boolean;
  onDismiss: () => void;
  size: 'sm' | 'md';
  /** Mounts the content at each opening, so it starts over (a fresh count, an empty field). */
  freshEachOpening?: boolean;
  children: ReactNode;
}

/** The frame of a dialog that deletes something: an alert dialog in the middle of the screen. */
export function DestructiveDialog({ open, pending, onDismiss, size, freshEachOpening = false, children }: DestructiveDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && !pending && onDismiss()}
      placement="center"
      size={size}
      lazyMount={freshEachOpening}
      unmountOnExit={freshEachOpening}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface DestructiveFooterProps {
  /** The red button's text ("Delete Course", "Delete all feedback", …). */
  children: ReactNode;
  onConfirm: () => void;
  pending: boolean;
  disabled?: boolean;
}

/** The footer of a dialog that deletes something: "Cancel" (closes it) and the red button. */
export function DestructiveFooter({ children, onConfirm, pending, disabled = false }: DestructiveFooterProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" disabled={pending}>
          {t('Cancel')}
        </Button>
      </Dialog.ActionTrigger>
      <Button colorPalette="red" onClick={onConfirm} loading={pending} loadingText={t('Deleting...')} disabled={disabled}>
        {children}
      </Button>
    </Dialog.Footer>
  );
}
