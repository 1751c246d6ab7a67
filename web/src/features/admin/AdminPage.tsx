import { Alert, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';

/** /admin: the seed's placeholder panel. Linked from the landing footer; no role check by design. */
export function AdminPage() {
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <title>Admin Panel · ClassPulse</title>
      <Stack gap="6">
        <Link asChild alignSelf="flex-start" color="fg.muted">
          <RouterLink to="/">← Back to Home</RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          Admin Panel
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Anonymous Mode Active</Alert.Title>
            <Alert.Description>
              Admin functionality is disabled while ClassPulse runs in anonymous mode. No student accounts or personal data
              exist to manage.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="lg">
              Quick Links
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
              <LinkButton asChild variant="outline">
                <RouterLink to="/professor">Professor Dashboard</RouterLink>
              </LinkButton>
              <LinkButton asChild variant="outline">
                <RouterLink to="/user-stories">User Stories Management</RouterLink>
              </LinkButton>
              <LinkButton asChild variant="solid" colorPalette="red">
                <RouterLink to="/api/logout">Sign Out</RouterLink>
              </LinkButton>
            </Stack>
          </Card.Body>
        </Card.Root>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Admin Features Disabled</Alert.Title>
            <Alert.Description>
              User management and system settings are not available in this version. Professors export their own
              feedback as CSV with Export on the{' '}
              <Link asChild color="inherit" textDecoration="underline">
                <RouterLink to="/professor/dashboard">Feedback Dashboard</RouterLink>
              </Link>
              .
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Text fontSize="sm" color="fg.muted">
          Professors manage their own courses and feedback from the professor pages.
        </Text>
      </Stack>
    </Container>
  );
}
