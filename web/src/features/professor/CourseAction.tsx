import { Button } from '@chakra-ui/react';

interface CourseActionProps {
  /** What the button says ("Edit", "Team", …). */
  label: string;
  /** Its accessible name, which names the course ("Edit COSC 1337"): a page lists many cards. */
  name: string;
  onClick: () => void;
  variant?: 'outline' | 'ghost';
  colorPalette?: 'red';
}

/** One of a course card's small buttons. */
export function CourseAction({ label, name, onClick, variant = 'outline', colorPalette }: CourseActionProps) {
  return (
    <Button size="xs" variant={variant} colorPalette={colorPalette} aria-label={name} onClick={onClick}>
      {label}
    </Button>
  );
}
