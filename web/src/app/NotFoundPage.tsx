import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../shared/ui/LinkButton';

export function NotFoundPage() {
  return (
    <Container maxW="3xl" py="16">
      <title>404 Page Not Found · ClassPulse</title>
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="2xl">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <LinkButton asChild variant="outline">
          <RouterLink to="/">Back to Home</RouterLink>
        </LinkButton>
      </Stack>
    </Container>
  );
}
