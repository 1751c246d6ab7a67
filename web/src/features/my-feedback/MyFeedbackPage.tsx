import { Badge, Box, Button, Card, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { ownSubmissionQueryOptions } from '../../shared/api/get-own-submission';
import { formatDateTime, prepareDateFormats } from '../../shared/dates';
import { type RememberedFeedback, forgetAllFeedback, forgetFeedback, useRememberedFeedback } from '../../shared/rememberedFeedback';
import { LinkButton } from '../../shared/ui/LinkButton';

prepareDateFormats();

/**
 * /my-feedback: the feedback this browser remembers, newest first. The list lives in this browser
 * only; each entry asks the server about its own submission with its own token, as opening it would.
 */
export function MyFeedbackPage() {
  const { t } = useTranslation();
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
        {entries.length === 0 ? (
          <Stack gap="3" align="flex-start">
            <Text>{t('This device remembers no feedback.')}</Text>
            <LinkButton asChild colorPalette="blue">
              <RouterLink to="/submit">{t('Submit Feedback')}</RouterLink>
            </LinkButton>
          </Stack>
        ) : (
          <>
            <Stack as="ul" gap="4" listStyleType="none" aria-label={t('My feedback')}>
              {entries.map((entry) => (
                <Box as="li" key={entry.token}>
                  <RememberedItem entry={entry} />
                </Box>
              ))}
            </Stack>
            <Box>
              <Button variant="outline" colorPalette="red" onClick={forgetAllFeedback}>
                {t('Forget all')}
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </Container>
  );
}

function RememberedItem({ entry }: { entry: RememberedFeedback }) {
  const { t } = useTranslation();
  const own = useQuery(ownSubmissionQueryOptions(entry.token));
  const course = entry.courseCode ? `${entry.courseCode} · ${entry.courseName}` : t('Course');
  const reply = own.data?.reply;
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="2">
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {course}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {formatDateTime(entry.sentAt)}
          </Text>
        </Flex>
        {entry.excerpt && <Text wordBreak="break-word">“{entry.excerpt}”</Text>}
        {reply && (
          <Box borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" rounded="md" p="3">
            <Badge colorPalette="blue" variant="solid" mb="1">
              {t('Your professor replied')}
            </Badge>
            <Text whiteSpace="pre-line" wordBreak="break-word">
              {reply.body}
            </Text>
          </Box>
        )}
        {own.isError && (
          <Text color="fg.muted" textStyle="sm">
            {isNotFound(own.error)
              ? t('This feedback no longer exists: it was removed.')
              : t('Could not check for a reply. Try again later.')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <LinkButton asChild size="sm" colorPalette="blue" variant="outline">
            <RouterLink to={`/track/${entry.token}`}>{t('Open')}</RouterLink>
          </LinkButton>
          <Button size="sm" variant="ghost" onClick={() => forgetFeedback(entry.token)}>
            {t('Forget')}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
