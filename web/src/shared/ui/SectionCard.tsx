import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SectionCardProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** A muted line under the title. */
  description: string;
  children: ReactNode;
}

/** A section of a professor's page in a card: an h2 that names it, a line on what it shows, the content. */
export function SectionCard({ id, title, description, children }: SectionCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
