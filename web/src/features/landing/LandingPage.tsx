import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';

/** Placeholder until the landing feature is built (seed §2, "Landing page"). */
export function LandingPage() {
  return (
    <Container maxW="3xl" py="16">
      <title>ClassPulse</title>
      <Stack gap="6" align="flex-start">
        <Heading as="h1" size="3xl">
          Privacy-first feedback for better teaching and learning
        </Heading>
        <Text color="fg.muted">100% Anonymous · Real-time Insights · Class-wide Analytics</Text>
        <LinkButton asChild>
          <RouterLink to="/courses">Browse courses</RouterLink>
        </LinkButton>
      </Stack>
    </Container>
  );
}
