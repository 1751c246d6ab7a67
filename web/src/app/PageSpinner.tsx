import { Center, Spinner } from '@chakra-ui/react';

export function PageSpinner() {
  return (
    <Center py="16">
      <Spinner size="lg" aria-label="Loading page" />
    </Center>
  );
}
