import { Badge, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { ERROR_COLOR } from '../../shared/ui/colors';
import { LoadingRows } from './LoadingRows';
import { useRecentSubmissions } from './api/get-submissions';
import { useMarkReviewed } from './api/mark-reviewed';
import { useSetSubmissionHidden } from './api/set-submission-hidden';
import type { ProfessorSubmission } from './api/submission-rows';
import { refusalMessage } from '../../shared/errorMessage';
import { ReplyBox } from '../../shared/ui/ReplyBox';
import { toaster } from '../../shared/ui/toaster';
import { DIFFICULTY_PALETTE, difficultyLabel } from './patterns';
import { useTranslation } from 'react-i18next';
import { courseWithSection } from '../../shared/terms';
import { currentLanguage } from '../../i18n/i18n';

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The seed: the first 10 submissions (both kinds), with "mark reviewed" for one or all shown; and,
 * for the whole teaching team, hiding each from the public course page (or showing it again).
 */
export function RecentSubmissions({ courseId }: { courseId?: string }) {
  const { t } = useTranslation();
  const submissions = useRecentSubmissions(courseId);
  const mark = useMarkReviewed();
  const visibility = useSetSubmissionHidden();
  const pending = (submissions.data ?? []).filter((item) => !item.reviewedAt);

  const markReviewed = async (ids: string[]) => {
    try {
      await mark.mutateAsync({ ids });
    } catch {
      toaster.create({ type: 'error', title: t('Error'), description: t('Failed to mark feedback as reviewed') });
    }
  };

  const setHidden = async (id: string, hidden: boolean) => {
    try {
      await visibility.mutateAsync({ ids: [id], hidden });
      toaster.create({
        type: 'success',
        title: t('Success'),
        description: hidden ? t('Feedback hidden from the public page') : t('Feedback shown on the public page'),
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: t('Error'),
        description: refusalMessage(error, hidden ? t('Failed to hide feedback') : t('Failed to show feedback')),
      });
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="recent-submissions">
      <Card.Header>
        <Stack direction="row" justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="lg" id="recent-submissions">
            {t('Recent Submissions')}
          </Heading>
          {pending.length > 0 && (
            <Button size="xs" variant="outline" disabled={mark.isPending} onClick={() => markReviewed(pending.map((item) => item.id))}>
              {t('Mark all shown reviewed')}
            </Button>
          )}
        </Stack>
      </Card.Header>
      <Card.Body>
        {submissions.isLoading && <LoadingRows label={t('Loading submissions')} rows={3} height="16" />}
        {submissions.isError && <Text color={ERROR_COLOR}>{t('Unable to load submissions')}</Text>}
        {submissions.isSuccess && submissions.data.length === 0 && (
          <Text color="fg.muted">{t("No submissions yet. Share today's class link to start collecting feedback.")}</Text>
        )}
        {submissions.isSuccess && submissions.data.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none">
            {submissions.data.map((item) => (
              <SubmissionItem
                key={item.id}
                item={item}
                busy={mark.isPending}
                onReviewed={() => markReviewed([item.id])}
                visibilityBusy={visibility.isPending && visibility.variables?.ids.includes(item.id) === true}
                onHiddenChange={(hidden) => setHidden(item.id, hidden)}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

interface SubmissionItemProps {
  item: ProfessorSubmission;
  busy: boolean;
  onReviewed: () => void;
  visibilityBusy: boolean;
  onHiddenChange: (hidden: boolean) => void;
}

function SubmissionItem({ item, busy, onReviewed, visibilityBusy, onHiddenChange }: SubmissionItemProps) {
  const { t } = useTranslation();
  // "Mark reviewed" turns into a badge: focus moves on to the item's next button instead of the page.
  const visibilityButton = useRef<HTMLButtonElement>(null);
  const reviewedByKeyboardFocus = useRef(false);
  useEffect(() => {
    if (!item.reviewedAt || !reviewedByKeyboardFocus.current) return;
    reviewedByKeyboardFocus.current = false;
    visibilityButton.current?.focus();
  }, [item.reviewedAt]);
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" data-testid="recent-submission">
      <Stack direction="row" gap="2" wrap="wrap" align="center" mb="1">
        <Badge colorPalette={DIFFICULTY_PALETTE[item.difficultyLevel ?? 'none']}>{difficultyLabel(item.difficultyLevel)}</Badge>
        <Badge variant="outline">{courseWithSection(item.course.code, item.course.section, t('Section'))}</Badge>
        <Text fontSize="xs" color="fg.muted">
          {item.kind === 'session' ? t('Session feedback') : t('Quick feedback')} · {formatWhen(item.createdAt)}
        </Text>
        {item.hiddenAt && (
          <Badge colorPalette="orange" variant="subtle">
            {t('Hidden from public page')}
          </Badge>
        )}
      </Stack>
      <Text fontWeight="semibold" wordBreak="break-word">
        {item.topic}
      </Text>
      <Text fontSize="sm" color="fg.muted" lineClamp={3} whiteSpace="pre-line" wordBreak="break-word">
        {item.confusion}
      </Text>
      <Stack direction="row" gap="2" mt="2" wrap="wrap" align="center">
        {item.reviewedAt ? (
          <Badge colorPalette="green" variant="subtle">
            {t('Reviewed')}
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="ghost"
            disabled={busy}
            onClick={(event) => {
              reviewedByKeyboardFocus.current = document.activeElement === event.currentTarget;
              onReviewed();
            }}
            aria-label={t('Mark reviewed: {{topic}}', { topic: item.topic })}
          >
            {t('Mark reviewed')}
          </Button>
        )}
        <Button
          ref={visibilityButton}
          size="xs"
          variant="ghost"
          loading={visibilityBusy}
          onClick={() => onHiddenChange(!item.hiddenAt)}
          aria-label={`${item.hiddenAt ? t('Show on public page') : t('Hide from public page')}: ${item.topic}`}
        >
          {item.hiddenAt ? t('Show on public page') : t('Hide from public page')}
        </Button>
      </Stack>
      <ReplyBox submissionId={item.id} reply={item.reply} about={item.topic} />
    </Box>
  );
}
