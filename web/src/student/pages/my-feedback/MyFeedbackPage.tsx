import { REMEMBERED_MARK } from '../../../shared/rememberedFeedbackStore';
import { Island } from '../../runtime/Island';
import { useT } from '../../runtime/useT';
import { PageShell } from '../../shell/PageShell';
import { REMEMBERED_LIST } from '../../shell/signedOutOnly';
import { Box, Container, Heading, Stack, Text } from '../../ui/primitives';
import RememberedList from './RememberedList.island';

/**
 * /my-feedback: the feedback this browser remembers, newest first. The list lives in this browser
 * only; each entry asks the server about its own submission with its own token, as opening it would.
 */
export default function MyFeedbackPage() {
  const { t } = useT();
  return (
    <PageShell>
      <Container maxW="3xl" py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <Stack gap="2">
            <Heading as="h1" size="3xl">
              {t('My feedback')}
            </Heading>
            <Text color="fg.muted">
              {t(
                "Feedback sent from this browser, with your professor's replies. The list stays on this device: ClassPulse never receives it.",
              )}
            </Text>
          </Stack>
          {/* Its HTML is the empty state: the code waits for a use, unless the device remembers feedback. */}
          <Box {...{ [REMEMBERED_LIST]: '' }}>
            <Island of={RememberedList} props={{}} onFirstUse={{ orWhenPageMatches: `html[${REMEMBERED_MARK}]` }} />
          </Box>
        </Stack>
      </Container>
    </PageShell>
  );
}
