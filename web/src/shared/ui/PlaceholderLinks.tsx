import { Link } from '@chakra-ui/react';

const PLACEHOLDERS = ['Privacy Policy', 'How it Works', 'Support', 'About'];

/** The seed's footer links that go nowhere (yet): focusable, announced, and inert when chosen. */
export function PlaceholderLinks() {
  return (
    <>
      {PLACEHOLDERS.map((label) => (
        <Link key={label} href="#" color="fg.muted" onClick={(event) => event.preventDefault()}>
          {label}
        </Link>
      ))}
    </>
  );
}
