import type { CourseTimeline, TimelineItem } from '../../../shared/api/get-course-timeline';
import type { DifficultyLevel } from '../../../shared/labels';
import { DIFFICULTY_LABELS } from '../../../shared/labels';
import { formatDateTime } from '../../../shared/dates';
import { useDrawnInSteps } from '../../runtime/useDrawnInSteps';
import type { Read } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { styled } from 'styled-system/jsx';
import { Badge, Box, Flex, Text } from '../../ui/primitives';
import { LoadFailure, LoadingLine, MessageBlock } from '../../ui/states';
import { FeedbackLink } from './FeedbackLink';

interface TimelineProps {
  timeline: Read<CourseTimeline>;
  classDay: boolean;
  /** The class day's form; undefined while the class day is on its way. */
  feedbackPath: string | undefined;
}

/** The course page's "Recent Feedback": loading, failed, or its course's timeline. */
export function Timeline({ timeline, classDay, feedbackPath }: TimelineProps) {
  const { t } = useT();
  if (timeline.status === 'pending') return <LoadingLine text={t('Loading submissions...')} />;
  if (timeline.status === 'error')
    return <LoadFailure what={t('the submissions')} onRetry={timeline.refetch} retrying={timeline.fetching} />;
  return <TimelineBody timeline={timeline.data} classDay={classDay} feedbackPath={feedbackPath} />;
}

interface TimelineBodyProps {
  timeline: CourseTimeline;
  classDay: boolean;
  feedbackPath: string | undefined;
}

/** More entries than the 24rem box shows: those after it are drawn in later tasks, out of sight. */
const ENTRIES_AT_ONCE = { first: 10, step: 15 };

/** The timeline once it has come: its entries, newest first, or why there are none. */
export function TimelineBody({ timeline, classDay, feedbackPath }: TimelineBodyProps) {
  const { t } = useT();
  const drawn = useDrawnInSteps(timeline.items.length, ENTRIES_AT_ONCE);
  if (timeline.items.length === 0 && timeline.total > 0) {
    // Feedback exists but none may be shown yet (small-class protection, review before publishing).
    return (
      <MessageBlock
        as="h3"
        size="md"
        centered
        py="6"
        title={t('No Feedback Shown Yet')}
        description={t(
          'Feedback appears here once a class session has enough responses to keep everyone anonymous, and after review where the course asks for it.',
        )}
      />
    );
  }
  if (timeline.items.length === 0) {
    return (
      <MessageBlock
        as="h3"
        size="md"
        centered
        py="6"
        title={t('No Feedback Yet')}
        description={t('Be the first to submit anonymous feedback for this course.')}
      >
        {classDay && <FeedbackLink href={feedbackPath}>{t('Submit First Feedback')}</FeedbackLink>}
      </MessageBlock>
    );
  }
  return (
    <Box
      maxH="24rem"
      overflowY="auto"
      tabIndex={0}
      role="region"
      aria-label={t('Submission timeline, newest first')}
      borderWidth="1px"
      borderRadius="md"
      focusRingColor="blue.500"
    >
      <Box as="ol" listStyleType="none" divideY="1px">
        {timeline.items.slice(0, drawn).map((item) => (
          <TimelineEntry key={item.id} item={item} />
        ))}
      </Box>
    </Box>
  );
}

function TimelineEntry({ item }: { item: TimelineItem }) {
  // Drawn again in the page's language when it changes.
  useT();
  return (
    <Box as="li" px="4" py="3" data-testid="timeline-item">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="1">
        <DifficultyBadge level={item.difficultyLevel} />
        <styled.time dateTime={item.createdAt} fontSize="sm" color="fg.muted">
          {formatDateTime(item.createdAt)}
        </styled.time>
      </Flex>
      <Text fontWeight="semibold">{item.topic}</Text>
      <Text color="fg.muted" lineClamp="2" data-testid="timeline-confusion">
        {item.confusion}
      </Text>
    </Box>
  );
}

/** Each difficulty in its colour (written out: the styles are made at build time). */
function DifficultyBadge({ level }: { level: DifficultyLevel | null }) {
  const { t } = useT();
  switch (level) {
    case 'slightly':
      return <Badge colorPalette="yellow">{t(DIFFICULTY_LABELS.slightly)}</Badge>;
    case 'very':
      return <Badge colorPalette="orange">{t(DIFFICULTY_LABELS.very)}</Badge>;
    case 'completely':
      return <Badge colorPalette="red">{t(DIFFICULTY_LABELS.completely)}</Badge>;
    default:
      return <Badge colorPalette="green">{t('Not confused')}</Badge>;
  }
}
