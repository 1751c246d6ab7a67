import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TitledAlertProps {
  status: 'info' | 'warning' | 'error';
  title: string;
  /** The sentence under the title. */
  children: ReactNode;
  /** `alert` when it appears while the page is in use, so a screen reader says it at once. */
  role?: 'alert';
  testId?: string;
}

/** An alert with its icon, a title and a sentence. */
export function TitledAlert({ status, title, children, role, testId }: TitledAlertProps) {
  return (
    <Alert.Root status={status} role={role} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
