import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { Heading } from '../../ui/primitives';

/** An outline card under its h2: the course page's cards. */
export function TitledCard({ title, bodyGap, children }: { title: string; bodyGap?: '4'; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={bodyGap}>{children}</Card.Body>
    </Card.Root>
  );
}
