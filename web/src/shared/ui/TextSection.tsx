import { Box, Heading, List, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TextSectionProps {
  /** The section's anchor: `/privacy#how-it-works`. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A titled section of a page of text (privacy, accessibility), reachable by its anchor. */
export function TextSection({ id, title, children }: TextSectionProps) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-heading`} scrollMarginTop="4">
      <Stack gap="3">
        <Heading id={`${id}-heading`} as="h2" size="xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

/** Sentences as a list: bullets, or numbers for steps. */
export function Bullets({ items, ordered }: { items: ReactNode[]; ordered?: boolean }) {
  return (
    <List.Root as={ordered ? 'ol' : 'ul'} ps="5" gap="2">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}
