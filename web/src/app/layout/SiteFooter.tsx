import { Box, Container, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

export function SiteFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" py="6" textAlign="center" fontSize="sm">
      <Container maxW="6xl">
        <Link asChild color="fg.muted">
          <RouterLink to="/user-stories">© {new Date().getFullYear()} ClassPulse. All rights reserved.</RouterLink>
        </Link>
      </Container>
    </Box>
  );
}
