import type { ReactNode } from 'react';
import { PageShell } from '../shell/PageShell';
import { css, cx } from 'styled-system/css';
import { code, list } from 'styled-system/recipes';
import { styled } from 'styled-system/jsx';
import { Box, Container, Heading, Stack, Text } from './primitives';

interface TextPageProps {
  heading: string;
  /** The sentence under the heading. */
  lead: string;
  /** Its TextSections. */
  children: ReactNode;
}

/** A page of text (privacy, accessibility): its heading and lead, then its sections; `#anchor` is a section. */
export function TextPage({ heading, lead, children }: TextPageProps) {
  return (
    <PageShell>
      <Container maxW="4xl" py={{ base: '6', md: '10' }}>
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
    </PageShell>
  );
}

interface TextSectionProps {
  /** The section's anchor: `/privacy#how-it-works`. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A titled section of a page of text, reachable by its anchor. */
export function TextSection({ id, title, children }: TextSectionProps) {
  return (
    // Laid out only near the screen (first-paint.md, "Long text is laid out as it is reached"); a
    // section's size, once drawn, is kept for when it is out of sight again. It clips what it
    // paints, so it reaches 4px past its text, where a link's focus ring is drawn.
    <Box
      as="section"
      id={id}
      aria-labelledby={`${id}-heading`}
      scrollMarginTop="4"
      contentVisibility="auto"
      containIntrinsicSize="auto 30rem"
      p="1"
      m="-1"
    >
      <Stack gap="3">
        <Heading id={`${id}-heading`} as="h2" size="xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

/** Sentences as a list: bullets, or numbers for steps (Chakra's List). */
export function Bullets({ items, ordered }: { items: ReactNode[]; ordered?: boolean }) {
  const styles = list({ variant: 'marker' });
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={cx(styles.root, css({ ps: '5', gap: '2' }))}>
      {items.map((item, index) => (
        <li key={index} className={styles.item}>
          {item}
        </li>
      ))}
    </List>
  );
}

/** Chakra's Code: a file name, a storage key, a table. */
export const Code = styled('code', code);
