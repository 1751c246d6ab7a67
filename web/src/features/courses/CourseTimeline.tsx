import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates';
import { DIFFICULTY_LABELS } from '../../shared/labels';
import { LinkButton } from '../../shared/ui/LinkButton';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { LoadingLine } from '../../shared/ui/LoadingLine';
import { MessageBlock } from '../../shared/ui/MessageBlock';
import type { CourseTimeline, TimelineItem } from './api/get-course-timeline';
import { LIGHT } from '../../shared/lightPageMarkers';

const DIFFICULTY_COLORS = { slightly: 'yellow', very: 'orange', completely: 'red' } as const;

interface TimelineProps {
  query: UseQueryResult<CourseTimeline>;
  classDay: boolean;
  feedbackPath: string;
}

/** How the timeline says it has nothing to show: a centred h3 inside the card. */
const EMPTY_TIMELINE = { as: 'h3', size: 'md', centered: true, py: '6' } as const;

/** The course page's "Recent Feedback": loading, failed, or its course's timeline. */
export function Timeline({ query, classDay, feedbackPath }: TimelineProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <LoadingLine text={t('Loading submissions...')} />;
  }
  if (query.isError) {
    return <LoadFailure what={t('the submissions')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <TimelineBody timeline={query.data} classDay={classDay} feedbackPath={feedbackPath} />;
}

interface TimelineBodyProps {
  timeline: CourseTimeline;
  classDay: boolean;
  feedbackPath: string;
}

/**
 * The timeline once it has arrived: its entries, or why there are none. The build also renders it
 * for a stand-in course, one entry of each difficulty, as a light page's templates (web/src/student/course.ts).
 */
export function TimelineBody({ timeline, classDay, feedbackPath }: TimelineBodyProps) {
  const { t } = useTranslation();
  if (timeline.items.length === 0 && timeline.total > 0) {
    // Feedback exists but none may be shown yet (small-class protection, review before publishing).
    return (
      <MessageBlock
        {...EMPTY_TIMELINE}
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
        {...EMPTY_TIMELINE}
        title={t('No Feedback Yet')}
        description={t('Be the first to submit anonymous feedback for this course.')}
      >
        {classDay && (
          <LinkButton asChild colorPalette="blue">
            <RouterLink to={feedbackPath}>{t('Submit First Feedback')}</RouterLink>
          </LinkButton>
        )}
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
        {timeline.items.map((item) => (
          <TimelineEntry key={item.id} item={item} />
        ))}
      </Box>
    </Box>
  );
}

function TimelineEntry({ item }: { item: TimelineItem }) {
  const { t } = useTranslation();
  return (
    <Box as="li" px="4" py="3" data-testid="timeline-item" {...{ [LIGHT.difficulty]: item.difficultyLevel ?? 'none' }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="1">
        {item.difficultyLevel ? (
          <Badge colorPalette={DIFFICULTY_COLORS[item.difficultyLevel]}>{t(DIFFICULTY_LABELS[item.difficultyLevel])}</Badge>
        ) : (
          <Badge colorPalette="green">{t('Not confused')}</Badge>
        )}
        <Text asChild fontSize="sm" color="fg.muted">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </Text>
      </Flex>
      <Text fontWeight="semibold">{item.topic}</Text>
      <Text color="fg.muted" lineClamp={2} data-testid="timeline-confusion">
        {item.confusion}
      </Text>
    </Box>
  );
}
