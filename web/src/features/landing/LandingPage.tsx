import { Alert, Badge, Box, Card, Container, Flex, HStack, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { PlaceholderLinks } from '../../shared/ui/PlaceholderLinks';
import { useHydrated } from '../../shared/useHydrated';

const CLAIMS = ['100% Anonymous', 'Real-time Insights', 'Class-wide Analytics'];

const FOR_STUDENTS = [
  {
    title: 'Complete Anonymity',
    text: 'No login, no name, no student ID. Nothing you send can be traced back to you.',
  },
  {
    title: 'Better Learning',
    text: 'Tell your professor what confused you while it is fresh, so the next class starts where you need it.',
  },
  {
    title: 'Voice Your Concerns',
    text: 'Ask the question you would rather not ask in front of everyone.',
  },
];

const FOR_PROFESSORS = [
  { title: 'Real-time Feedback', text: 'See what confused your class minutes after the lecture ends.' },
  { title: 'Pattern Recognition', text: 'The topics that confuse the most students rise to the top.' },
  { title: 'Teaching Insights', text: 'Pace, challenge, clarity and confidence for every class session.' },
  { title: 'Course Improvement', text: 'Revisit the hardest topics while there is still time in the semester.' },
  { title: 'Student Engagement', text: 'Quiet students get a voice with one daily link or QR code.' },
  { title: 'Early Intervention', text: 'Spot a struggling class before the exam does.' },
];

/** The seed's "Landing page"; `?error=` shows a red banner once and leaves the address bar. */
export function LandingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [error] = useState(() => searchParams.get('error'));
  // The prerendered page has no banner; it appears once the app has taken the page over.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!searchParams.has('error')) return;
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  return (
    <>
      <title>ClassPulse · Privacy-first feedback for better teaching and learning</title>
      {error && hydrated && (
        <Container maxW="6xl" pt="6">
          <Alert.Root status="error" variant="solid" role="alert">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        </Container>
      )}

      <Box as="section" aria-labelledby="hero-heading" py={{ base: '12', md: '20' }}>
        <Container maxW="4xl" textAlign="center">
          <Stack gap="6" align="center">
            <Heading id="hero-heading" as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
              Privacy-first feedback for better teaching and learning
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
              Students tell their professors what confused them, anonymously. Professors see it in time to teach it again.
            </Text>
            <Flex as="ul" aria-label="Why ClassPulse" listStyleType="none" wrap="wrap" justify="center" gap="3">
              {CLAIMS.map((claim) => (
                <Box as="li" key={claim}>
                  <Badge size="lg" colorPalette="blue" variant="subtle">
                    {claim}
                  </Badge>
                </Box>
              ))}
            </Flex>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
              <LinkButton asChild size="lg" colorPalette="blue">
                <RouterLink to="/course-search">Find My Course &amp; Submit Feedback</RouterLink>
              </LinkButton>
              <LinkButton asChild size="lg" variant="outline">
                <RouterLink to="/professor">Explore Professor Tools</RouterLink>
              </LinkButton>
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Audience id="students" title="For Students" items={FOR_STUDENTS} columns={3} />
      <Audience id="professors" title="For Professors" items={FOR_PROFESSORS} columns={3} tinted />

      <Box as="section" aria-labelledby="cta-heading" py="16">
        <Container maxW="3xl" textAlign="center">
          <Stack gap="5" align="center">
            <Heading id="cta-heading" as="h2" size="2xl">
              Ready to make class clearer?
            </Heading>
            <Text color="fg.muted">Students need no account. Professors set up a course in a minute.</Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
              <LinkButton asChild size="lg" colorPalette="blue">
                <RouterLink to="/course-search">Find Your Course</RouterLink>
              </LinkButton>
              <LinkButton asChild size="lg" variant="outline">
                <RouterLink to="/professor">Explore Professor Tools</RouterLink>
              </LinkButton>
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Box as="footer" borderTopWidth="1px" py="8">
        <Container maxW="6xl">
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align="center" gap="4">
            <Text fontWeight="semibold">ClassPulse</Text>
            <HStack as="nav" aria-label="Footer" wrap="wrap" justify="center" gap="4" fontSize="sm">
              <PlaceholderLinks />
              <Link asChild color="fg.muted">
                <RouterLink to="/admin">Admin</RouterLink>
              </Link>
            </HStack>
          </Stack>
        </Container>
      </Box>
    </>
  );
}

interface AudienceProps {
  id: string;
  title: string;
  items: { title: string; text: string }[];
  columns: number;
  tinted?: boolean;
}

function Audience({ id, title, items, columns, tinted }: AudienceProps) {
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} py="14" bg={tinted ? 'bg.subtle' : undefined}>
      <Container maxW="6xl">
        <Heading id={`${id}-heading`} as="h2" size="2xl" textAlign="center" mb="8">
          {title}
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: columns }} gap="5">
          {items.map((item) => (
            <Card.Root as="li" key={item.title} variant="outline">
              <Card.Body gap="2">
                <Heading as="h3" size="md">
                  {item.title}
                </Heading>
                <Text color="fg.muted">{item.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
