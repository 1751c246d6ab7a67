import { Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useScrollToHash } from '../useScrollToHash';
import type { ReactNode } from 'react';

interface TextPageProps {
  /** The document's title (the tab). */
  documentTitle: string;
  heading: string;
  /** The sentence under the heading. */
  lead: string;
  /** Its TextSections. */
  children: ReactNode;
}

/** A page of text (privacy, accessibility): its heading and lead, then its sections; `#anchor` scrolls to one. */
export function TextPage({ documentTitle, heading, lead, children }: TextPageProps) {
  useScrollToHash();
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <title>{documentTitle}</title>
      <Stack gap="10">
        <Stack gap="3">
          <Heading as="h1" size="3xl">
            {heading}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {lead}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

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
