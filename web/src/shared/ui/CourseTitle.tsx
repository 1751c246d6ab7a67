import { Text } from '@chakra-ui/react';

/** A course as its pages name it: the code in bold, then the name. */
export function CourseTitle({ code, name }: { code: string; name: string }) {
  return (
    <Text fontSize="lg">
      <Text as="span" fontWeight="bold">
        {code}
      </Text>{' '}
      {name}
    </Text>
  );
}
