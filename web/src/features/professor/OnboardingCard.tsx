import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';
import { TitledCard } from '../../shared/ui/TitledCard';

const STEPS = [
  { title: msg('Create your courses'), text: msg('Add each course you teach with its name and code.') },
  { title: msg('Generate daily links'), text: msg("Create today's class link with one click before class.") },
  { title: msg('Share the link or QR code'), text: msg('Copy the link or put the QR code on a slide.') },
  { title: msg('Students submit anonymously'), text: msg('No accounts, names or IDs: students just say what confused them.') },
  { title: msg('Review feedback'), text: msg('See confusion patterns on your dashboard and adjust your teaching.') },
];

/** The seed: shown when a professor has no courses yet; "Get Started" dismisses it. */
export function OnboardingCard({ onGetStarted }: { onGetStarted: () => void }) {
  const { t } = useTranslation();
  return (
    <TitledCard
      size="xl"
      title={t('Welcome to ClassPulse')}
      description={t('Collect anonymous feedback from your students in five steps.')}
      footer={<Button onClick={onGetStarted}>{t('Get Started')}</Button>}
    >
      <Stack as="ol" gap="4" listStyleType="none">
        {STEPS.map((step, index) => (
          <Stack as="li" key={step.title} direction="row" gap="3" align="flex-start">
            <Box
              aria-hidden="true"
              flexShrink={0}
              boxSize="8"
              rounded="full"
              bg="blue.solid"
              color="blue.contrast"
              fontWeight="bold"
              display="flex"
              alignItems="center"
              justifyContent="center"
            >
              {index + 1}
            </Box>
            <Box>
              <Text fontWeight="semibold">{t(step.title)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t(step.text)}
              </Text>
            </Box>
          </Stack>
        ))}
      </Stack>
    </TitledCard>
  );
}
