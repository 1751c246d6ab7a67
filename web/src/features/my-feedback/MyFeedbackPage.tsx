import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../../lib/errors';
import { ownSubmissionQueryOptions } from '../../shared/api/get-own-submission';
import { formatDateTime, prepareDateFormats } from '../../shared/dates';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import {
  type RememberedFeedback,
  courseLabel,
  forgetAllFeedback,
  forgetFeedback,
  useRememberedFeedback,
} from '../../shared/rememberedFeedback';
import { NothingRemembered, RememberedEntry, RememberedList } from './RememberedEntry';

prepareDateFormats();

/**
 * /my-feedback: the feedback this browser remembers, newest first. The list lives in this browser
 * only; each entry asks the server about its own submission with its own token, as opening it would.
 * A light page (web/src/student/myFeedback.ts) draws the same list from templates of these parts.
 */
export function MyFeedbackPage() {
  const { t } = useTranslation();
  const light = useLightPage();
  const entries = useRememberedFeedback();
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <title>{t('My feedback · ClassPulse')}</title>
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
        {light ? (
          // The list is on the device: the light script draws it here.
          <Box {...{ [LIGHT.myFeedback]: t('Course') }} />
        ) : entries.length === 0 ? (
          <NothingRemembered />
        ) : (
          <RememberedList onForgetAll={forgetAllFeedback}>
            {entries.map((entry) => (
              <Box as="li" key={entry.token}>
                <RememberedItem entry={entry} />
              </Box>
            ))}
          </RememberedList>
        )}
      </Stack>
    </Container>
  );
}

function RememberedItem({ entry }: { entry: RememberedFeedback }) {
  const { t } = useTranslation();
  const own = useQuery(ownSubmissionQueryOptions(entry.token));
  return (
    <RememberedEntry
      course={courseLabel(entry, t('Course'))}
      sentAt={formatDateTime(entry.sentAt)}
      excerpt={entry.excerpt}
      token={entry.token}
      reply={own.data?.reply?.body}
      problem={own.isError ? (isNotFound(own.error) ? 'removed' : 'unreachable') : undefined}
      onForget={() => forgetFeedback(entry.token)}
    />
  );
}
