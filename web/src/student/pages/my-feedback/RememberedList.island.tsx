import { useCallback, useEffect, useState } from 'react';
import { isNotFound } from '../../../lib/errors';
import { getOwnSubmission } from '../../../shared/api/get-own-submission';
import { formatDateTime } from '../../../shared/dates';
import {
  type RememberedFeedback,
  courseLabel,
  forgetAllFeedback,
  forgetFeedback,
  useRememberedFeedback,
} from '../../../shared/rememberedFeedback';
import { useMounted } from '../../runtime/useMounted';
import { NOTHING_REMEMBERED_ONLY } from '../../shell/signedOutOnly';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { AppLink } from '../../ui/AppLink';
import { Badge, Box, Button, Flex, Heading, LinkButton, Stack, Text } from '../../ui/primitives';
import { Card } from '../../ui/Card';
import { LoadingLine } from '../../ui/states';

/**
 * The device's list (it is on the device: nothing of it is in the page's HTML), or that there is
 * none. The HTML says there is none, which a device that remembers feedback never shows (the head
 * script's mark); there the island runs as the page loads, and the list comes in its second render.
 */
export default function RememberedList() {
  const mounted = useMounted();
  const entries = useRememberedFeedback();
  // Marked only in the HTML (web/panda.config.ts hides it there under the mark), as the header's link is.
  if (!mounted) return <NothingRemembered {...{ [NOTHING_REMEMBERED_ONLY]: '' }} />;
  if (entries.length === 0) return <NothingRemembered />;
  return <RememberedEntries entries={entries} />;
}

function NothingRemembered(marks: Record<string, string>) {
  const { t } = useT();
  return (
    <Stack gap="3" align="flex-start" {...marks}>
      <Text>{t('This device remembers no feedback.')}</Text>
      <LinkButton as={AppLink} href="/submit" colorPalette="blue">
        {t('Submit Feedback')}
      </LinkButton>
    </Stack>
  );
}

/**
 * Each entry's read may add a reply or a line to its card: the list is shown once every entry has
 * its answer, so no card grows under the student's eyes and nothing below one moves. An entry
 * remembered later (in another tab) has its card drawn as its answer comes.
 */
function RememberedEntries({ entries }: { entries: RememberedFeedback[] }) {
  const { t } = useT();
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());
  const [shown, setShown] = useState(false);
  const onAnswered = useCallback((token: string) => setAnswered((tokens) => (tokens.has(token) ? tokens : new Set(tokens).add(token))), []);
  const allAnswered = entries.every((entry) => answered.has(entry.token));
  useEffect(() => {
    if (allAnswered) setShown(true);
  }, [allAnswered]);
  const visible = shown || allAnswered;
  return (
    <>
      {!visible && <LoadingLine text={t('Loading your feedback...')} />}
      {/* A box of no display of its own: the `hidden` attribute hides it (a Stack's flex would beat it). */}
      <Box hidden={!visible}>
        <Stack as="ul" gap="4" listStyleType="none" aria-label={t('My feedback')}>
          {entries.map((entry) => (
            <Box as="li" key={entry.token}>
              <RememberedItem entry={entry} onAnswered={onAnswered} />
            </Box>
          ))}
        </Stack>
      </Box>
      {visible && (
        <Box>
          <Button variant="outline" colorPalette="red" onClick={forgetAllFeedback}>
            {t('Forget all')}
          </Button>
        </Box>
      )}
    </>
  );
}

/** One remembered feedback: its course, when, its first words, and what its own submission says now (a reply, or gone). */
export function RememberedItem({ entry, onAnswered }: { entry: RememberedFeedback; onAnswered: (token: string) => void }) {
  const { t } = useT();
  const own = useRead(`own:${entry.token}`, () => getOwnSubmission(entry.token));
  useEffect(() => {
    if (own.status !== 'pending') onAnswered(entry.token);
  }, [own.status, entry.token, onAnswered]);
  const reply = own.data?.reply?.body;
  const problem = own.status === 'error' ? (isNotFound(own.error) ? 'removed' : 'unreachable') : undefined;
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="2">
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {courseLabel(entry, t('Course'))}
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
              {reply}
            </Text>
          </Box>
        )}
        {problem && (
          <Text color="fg.muted" textStyle="sm">
            {problem === 'removed'
              ? t('This feedback no longer exists: it was removed.')
              : t('Could not check for a reply. Try again later.')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <LinkButton as={AppLink} href={`/track/${entry.token}`} size="sm" colorPalette="blue" variant="outline">
            {t('Open')}
          </LinkButton>
          <Button size="sm" variant="ghost" onClick={() => forgetFeedback(entry.token)}>
            {t('Forget')}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
