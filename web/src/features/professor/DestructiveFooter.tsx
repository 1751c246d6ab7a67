import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface DestructiveFooterProps {
  /** The red button's text ("Delete Course", "Delete all feedback", …). */
  children: ReactNode;
  onConfirm: () => void;
  pending: boolean;
  disabled?: boolean;
}

/** The footer of a dialog that deletes something: "Cancel" (closes it) and the red button. */
export function DestructiveFooter({ children, onConfirm, pending, disabled = false }: DestructiveFooterProps) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </Dialog.ActionTrigger>
      <Button colorPalette="red" onClick={onConfirm} loading={pending} loadingText="Deleting..." disabled={disabled}>
        {children}
      </Button>
    </Dialog.Footer>
  );
}
