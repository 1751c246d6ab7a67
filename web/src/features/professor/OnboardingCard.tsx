import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';

const STEPS = [
  { title: 'Create your courses', text: 'Add each course you teach with its name and code.' },
  { title: 'Generate daily links', text: "Create today's class link with one click before class." },
  { title: 'Share the link or QR code', text: 'Copy the link or put the QR code on a slide.' },
  { title: 'Students submit anonymously', text: 'No accounts, names or IDs: students just say what confused them.' },
  { title: 'Review feedback', text: 'See confusion patterns on your dashboard and adjust your teaching.' },
];

/** The seed: shown when a professor has no courses yet; "Get Started" dismisses it. */
export function OnboardingCard({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="xl">
          Welcome to ClassPulse
        </Heading>
        <Text color="fg.muted">Collect anonymous feedback from your students in five steps.</Text>
      </Card.Header>
      <Card.Body>
        <Stack as="ol" gap="4" listStyleType="none">
          {STEPS.map((step, index) => (
            <Stack as="li" key={step.title} direction="row" gap="3" align="flex-start">
              <Box
                aria-hidden="true"
                flexShrink={0}
                boxSize="8"
                rounded="full"
                bg="blue.600"
                color="white"
                fontWeight="bold"
                display="flex"
                alignItems="center"
                justifyContent="center"
              >
                {index + 1}
              </Box>
              <Box>
                <Text fontWeight="semibold">{step.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {step.text}
                </Text>
              </Box>
            </Stack>
          ))}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button onClick={onGetStarted}>Get Started</Button>
      </Card.Footer>
    </Card.Root>
  );
}
