import { useEffect, useRef, useState } from 'react';
import { msg } from '../../../i18n/msg';
import { PEER_CONFUSION_POLL_MS, type PeerText, getPeerConfusion, setMeToo, withMeToo } from '../../../shared/api/me-too';
import { refusalMessage } from '../../../shared/errorMessage';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { Box, Button, HStack, Heading, Stack, Text } from '../../ui/primitives';
import { notify } from '../../ui/toaster';

const ME_TOO_FAILED = msg('Failed to update "Me too"');

interface PeerConfusionProps {
  courseId: string;
  sessionId: string;
  /** The student's own feedback on this page, so their own text is marked and never "me too"d. */
  editToken?: string;
}

/**
 * "What others found unclear": below the form, when the course lets students see and +1 each
 * other's confusion. Texts come only once the session may be shown publicly, in the live view's
 * batches, without times, asked again every 15 s while the page is visible (docs/decisions/me-too.md).
 */
export function PeerConfusion({ courseId, sessionId, editToken }: PeerConfusionProps) {
  const { t } = useT();
  // A course with the setting off (the default) shows no list: no reason to ask every 15 s.
  const [settingOff, setSettingOff] = useState(false);
  const list = useRead(`peer:${courseId}|${sessionId}`, () => getPeerConfusion(courseId, sessionId, editToken), {
    pollMs: settingOff ? undefined : PEER_CONFUSION_POLL_MS,
  });
  const [busy, setBusy] = useState<string>();
  const shown = useRef(list.data);
  shown.current = list.data;

  useEffect(() => setSettingOff(list.data?.enabled === false), [list.data]);

  // Feedback sent (or dropped) from this page: the list asks again, to mark the student's own text.
  const tokenSeen = useRef(editToken);
  const { refetch } = list;
  useEffect(() => {
    if (tokenSeen.current === editToken) return;
    tokenSeen.current = editToken;
    refetch();
  }, [editToken, refetch]);

  if (!list.data?.enabled) return null;

  const toggle = (item: PeerText) => {
    setBusy(item.id);
    setMeToo({ courseId, sessionId, submissionId: item.id, meToo: !item.meToo }, editToken)
      .then(
        (answer) => shown.current && list.set(withMeToo(shown.current, answer)),
        (error: unknown) => notify({ type: 'error', title: msg('Error'), description: refusalMessage(error, t(ME_TOO_FAILED)) }),
      )
      .finally(() => setBusy(undefined));
  };
  return <PeerConfusionList items={list.data.items} busy={busy} onToggle={toggle} />;
}

/** The list itself: `busy` is the text whose "Me too" is on its way. */
export function PeerConfusionList({ items, busy, onToggle }: { items: PeerText[]; busy?: string; onToggle: (item: PeerText) => void }) {
  const { t } = useT();
  return (
    <Stack as="section" gap="3" aria-labelledby="peer-confusion-heading" data-testid="peer-confusion">
      <Heading as="h2" size="lg" id="peer-confusion-heading">
        {t('What others found unclear')}
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted">
          {t('Nothing to show yet: what others found unclear appears here once enough classmates have answered.')}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {items.map((item) => (
            <Box as="li" key={item.id} borderWidth="1px" rounded="md" p="3" data-testid="peer-text">
              <Text whiteSpace="pre-line" wordBreak="break-word">
                {item.text}
              </Text>
              <HStack mt="2" gap="3">
                {item.own ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t('Your feedback')}
                  </Text>
                ) : (
                  <Button
                    size="sm"
                    variant={item.meToo ? 'solid' : 'outline'}
                    aria-pressed={item.meToo}
                    disabled={busy === item.id}
                    onClick={() => onToggle(item)}
                  >
                    {t('Me too')}
                  </Button>
                )}
                <Text fontSize="sm" color="fg.muted" data-testid="me-too-count">
                  {item.meToos === 1 ? t('1 classmate said "me too"') : t('{{n}} classmates said "me too"', { n: item.meToos })}
                </Text>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
