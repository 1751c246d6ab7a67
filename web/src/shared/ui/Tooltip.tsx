import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface TooltipProps extends Omit<ChakraTooltip.RootProps, 'children'> {
  content: ReactNode;
  /** One focusable element; it receives the trigger's props. */
  children: ReactElement;
}

/**
 * Opens after 700 ms; a tooltip opened within 300 ms of another closing opens at once
 * (Zag's tooltip store skips the delay while the previous one is still closing).
 */
export function Tooltip({ content, children, openDelay = 700, closeDelay = 300, ...rootProps }: TooltipProps) {
  return (
    <ChakraTooltip.Root openDelay={openDelay} closeDelay={closeDelay} {...rootProps}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
