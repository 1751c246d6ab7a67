import { HStack, Spinner, Text } from '@chakra-ui/react';

/** "Loading …" with a small spinner, announced to screen readers; centred when it stands for a whole page. */
export function LoadingLine({ text, centered = false }: { text: string; centered?: boolean }) {
  return (
    <HStack role="status" gap="3" justify={centered ? 'center' : undefined}>
      <Spinner size="sm" />
      <Text>{text}</Text>
    </HStack>
  );
}
