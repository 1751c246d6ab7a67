import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TitledCardProps {
  title: string;
  /** The heading's level: h1 when the card is the page (sign-in), h2 inside one. */
  as?: 'h1' | 'h2';
  size?: 'lg' | 'xl' | '2xl';
  /** A muted line under the title. */
  description?: string;
  variant?: 'outline';
  /** The card's id, for a link or a scroll to it. */
  id?: string;
  /** Space between the body's children. */
  bodyGap?: string;
  /** Under the body: the card's action. */
  footer?: ReactNode;
  children: ReactNode;
}

/** A card under a heading (and a muted line): the content cards of pages, forms and sign-in. */
export function TitledCard({ title, as = 'h2', size = 'lg', description, variant, id, bodyGap, footer, children }: TitledCardProps) {
  return (
    <Card.Root id={id} variant={variant}>
      <Card.Header>
        <Heading as={as} size={size}>
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Card.Header>
      <Card.Body gap={bodyGap}>{children}</Card.Body>
      {footer && <Card.Footer>{footer}</Card.Footer>}
    </Card.Root>
  );
}
