import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { refusalMessage } from '../../../shared/errorMessage';
import { notify } from '../../../shared/notify';
import { LIGHT_TOASTS } from '../../../shared/lightToasts';
import { type PeerText, usePeerConfusion, useSetMeToo } from '../api/me-too';

interface PeerConfusionProps {
  courseId: string;
  sessionId: string;
  /** The student's own feedback on this page, so their own text is marked and never "me too"d. */
  editToken?: string;
}

/**
 * "What others found unclear": below the form, when the course lets students see and +1 each
 * other's confusion. Texts come only once the session may be shown publicly, in the live view's
 * batches, without times (docs/decisions/me-too.md).
 */
export function PeerConfusion({ courseId, sessionId, editToken }: PeerConfusionProps) {
  const { t } = useTranslation();
  const list = usePeerConfusion(courseId, sessionId, editToken);
  const meToo = useSetMeToo(courseId, sessionId, editToken);
  if (!list.data?.enabled) return null;

  const toggle = (item: PeerText) =>
    meToo.mutate(
      { courseId, sessionId, submissionId: item.id, meToo: !item.meToo },
      {
        onError: (error) =>
          notify({ type: 'error', title: t('Error'), description: refusalMessage(error, t(LIGHT_TOASTS.meTooFailed.description)) }),
      },
    );
  const busy = meToo.isPending ? meToo.variables?.submissionId : undefined;
  return <PeerConfusionList items={list.data.items} busy={busy} onToggle={toggle} />;
}

/**
 * The list itself, also rendered at build time for a light page's template (web/src/student/classSession.ts):
 * `busy` is the text whose "Me too" is on its way.
 */
export function PeerConfusionList({ items, busy, onToggle }: { items: PeerText[]; busy?: string; onToggle?: (item: PeerText) => void }) {
  const { t } = useTranslation();
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
                    onClick={() => onToggle?.(item)}
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
