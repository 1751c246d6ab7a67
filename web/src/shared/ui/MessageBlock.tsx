import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface MessageBlockProps {
  title: string;
  /** The heading's level: h1 when the message is the page, h2 or h3 inside one. */
  as?: 'h1' | 'h2' | 'h3';
  size?: 'md' | 'lg' | 'xl' | '2xl';
  /** Centred text (an empty list, a page of its own); otherwise aligned to the start. */
  centered?: boolean;
  /** Said under the title, muted. */
  description?: string;
  /** What follows the description: a list, a button or a link. */
  children?: ReactNode;
  role?: 'alert' | 'status';
  py?: string;
}

/** A heading, a muted sentence and what to do next: empty states, "not found", a failed read. */
export function MessageBlock({ title, as = 'h2', size = 'lg', centered = false, description, children, role, py }: MessageBlockProps) {
  return (
    <Stack
      role={role}
      gap={as === 'h1' ? '4' : '3'}
      align={centered ? 'center' : 'flex-start'}
      textAlign={centered ? 'center' : undefined}
      py={py}
    >
      <Heading as={as} size={size}>
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
      {children}
    </Stack>
  );
}
