import { Badge, Box, Flex } from './primitives';

interface BadgeListProps {
  /** The list's accessible name. */
  label: string;
  /** The badges' texts, already translated. */
  items: string[];
  colorPalette: 'blue' | 'green';
  gap: '2' | '3';
}

/** A centred row of large badges, as a list: the landing page's claims, the submit page's promises. */
export function BadgeList({ label, items, colorPalette, gap }: BadgeListProps) {
  return (
    <Flex as="ul" aria-label={label} listStyleType="none" wrap="wrap" justify="center" gap={gap}>
      {items.map((item) => (
        <Box as="li" key={item}>
          <Badge size="lg" colorPalette={colorPalette} variant="subtle">
            {item}
          </Badge>
        </Box>
      ))}
    </Flex>
  );
}
