import { Button, Dialog, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../shared/ui/toaster';

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
  /** The red button's text while it works ("Deleting..." unless said otherwise). */
  pendingText?: string;
}

/** The footer of a dialog that deletes something: "Cancel" (closes it) and the red button. */
export function DestructiveFooter({ children, onConfirm, pending, disabled = false, pendingText }: DestructiveFooterProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" disabled={pending}>
          {t('Cancel')}
        </Button>
      </Dialog.ActionTrigger>
      <Button colorPalette="red" onClick={onConfirm} loading={pending} loadingText={pendingText ?? t('Deleting...')} disabled={disabled}>
        {children}
      </Button>
    </Dialog.Footer>
  );
}

/**
 * Runs `remove` when the professor confirms; on failure, says `failure` in an error toast and lets
 * them try again. `deleting` stays true from the confirmation on: the delete refreshes the counts
 * the dialog shows, and its text stays as confirmed meanwhile.
 */
export function useConfirmedDelete(remove: () => Promise<void>, failure: string) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await remove();
    } catch {
      toaster.create({ type: 'error', title: t('Error'), description: failure });
      setDeleting(false);
    }
  };
  return { deleting, confirm };
}

interface DestructiveQuestionProps {
  title: string;
  /** While the submissions that would go are counted, a placeholder stands for `sentence`. */
  counting: boolean;
  /** What the delete removes, in one sentence. */
  sentence: ReactNode;
  /** Below the sentence: what the professor must do to confirm (type the code). */
  children?: ReactNode;
}

/** The dialog's question and body: what will go, and what confirms it. */
export function DestructiveQuestion({ title, counting, sentence, children }: DestructiveQuestionProps) {
  const { t } = useTranslation();
  const said = counting ? <Skeleton role="status" height="12" aria-label={t('Counting submissions')} /> : <Text>{sentence}</Text>;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {children ? (
          <Stack gap="4">
            {said}
            {children}
          </Stack>
        ) : (
          said
        )}
      </Dialog.Body>
    </>
  );
}
