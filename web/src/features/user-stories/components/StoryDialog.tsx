import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StoryDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer: ReactNode;
}

/** The board's modal frame: a title, an optional description, a body and the footer's buttons. */
export function StoryDialog({ open, onClose, title, description, children, footer }: StoryDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      // Dismissing a toast (say, the failure of this dialog's action) must not close the dialog.
      onInteractOutside={(event) => {
        const target = event.detail.originalEvent.target;
        if (target instanceof Element && target.closest('[data-scope="toast"]')) event.preventDefault();
      }}
      placement="center"
      size={{ mdDown: 'full', md: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {description && <Dialog.Description mb="3">{description}</Dialog.Description>}
              {children}
            </Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
