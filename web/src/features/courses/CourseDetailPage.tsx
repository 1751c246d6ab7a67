import { Alert, Badge, Box, Button, Container, Flex, HStack, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { useCourse } from '../../shared/api/get-course';
import { useCourseNotes } from '../../shared/api/get-course-notes';
import { useNow } from '../../shared/clock';
import { isClassDay, localDateString, prepareDateFormats } from '../../shared/dates';
import { LinkButton } from '../../shared/ui/LinkButton';
import { NotFound } from '../../shared/ui/NotFound';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { ProfessorNotes } from '../../shared/ui/ProfessorNotes';
import { TitledCard } from '../../shared/ui/TitledCard';
import { useCourseTimeline } from './api/get-course-timeline';
import { Timeline } from './CourseTimeline';
import { LIGHT } from '../../shared/lightPageMarkers';
import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../shared/ui/LoadingLine';
import { courseWithSection } from '../../shared/terms';

// The session's date and time: their formatters are built as the page starts, not inside a render.
prepareDateFormats();

/** The seed's "Course detail". */
export function CourseDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // All three at once, so the timeline and the notes do not wait a round trip for the course
  // (an unknown course shows "Course Not Found" whatever they answer).
  const course = useCourse(id);
  const timeline = useCourseTimeline(id);
  const notes = useCourseNotes(id);
  const now = useNow();

  // The notes (short, often none) come with the course, so they never push the page down after it
  // is drawn; the timeline has its own loading line in a box of its own.
  if (course.isPending || (course.isSuccess && notes.isPending)) {
    // A screen tall, so the footer is below the fold until the page is drawn: it does not jump.
    return (
      <Container maxW="5xl" py="12" minH="100dvh">
        <title>{t('Loading course · ClassPulse')}</title>
        <LoadingLine text={t('Loading course details...')} centered />
      </Container>
    );
  }
  if (course.isError) {
    if (isNotFound(course.error)) return <CourseNotFound />;
    return (
      <Container maxW="5xl" py="12">
        <title>{t('Course unavailable · ClassPulse')}</title>
        <LoadFailure what={t('this course')} onRetry={() => void course.refetch()} retrying={course.isFetching} />
      </Container>
    );
  }

  const { code, name, section, endedAt } = course.data;
  const heading = courseWithSection(code, section, t('Section'));
  const classDay = isClassDay(now);
  const feedbackPath = `/class-session?courseId=${encodeURIComponent(id)}&sessionId=${localDateString(now)}`;

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <title>{`${heading} · ClassPulse`}</title>
      <Stack gap="6">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4" align={{ md: 'flex-end' }}>
          <Stack gap="1">
            <Heading as="h1" size="3xl">
              {heading}
            </Heading>
            <Text fontSize="lg">{name}</Text>
            <HStack gap="3" color="fg.muted" fontSize="sm" wrap="wrap">
              {/* Until the count comes, a hidden one of about its size holds its place: the line does not move. */}
              <Text {...{ [LIGHT.courseCount]: 'submissions' }} {...(timeline.data ? {} : { visibility: 'hidden', 'aria-hidden': true })}>
                {timeline.data
                  ? timeline.data.total === 1
                    ? t('{{n}} submission', { n: 1 })
                    : t('{{n}} submissions', { n: timeline.data.total })
                  : t('{{n}} submissions', { n: 10 })}
              </Text>
              <Text aria-hidden="true">·</Text>
              <Text>{endedAt ? t('Term ended') : t('Active course')}</Text>
            </HStack>
          </Stack>
          {endedAt ? null : classDay ? (
            <LinkButton asChild colorPalette="blue">
              <RouterLink to={feedbackPath}>{t("Submit Today's Feedback")}</RouterLink>
            </LinkButton>
          ) : (
            <Button disabled variant="outline">
              {t('No Class Today')}
            </Button>
          )}
        </Flex>
        {endedAt && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t("This course's term has ended. It no longer takes feedback.")}</Alert.Title>
          </Alert.Root>
        )}

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <TitledCard variant="outline" title={t('Overview')}>
            <Stack as="dl" gap="3">
              <OverviewRow label={t('Total Feedback')} count="total">
                {timeline.data ? timeline.data.total : <Skeleton as="span" display="inline-block" h="4" w="10" />}
              </OverviewRow>
              <OverviewRow label={t('Recent Activity')} count="week">
                {timeline.data ? (
                  t('{{n}} this week', { n: timeline.data.thisWeek })
                ) : (
                  <Skeleton as="span" display="inline-block" h="4" w="20" />
                )}
              </OverviewRow>
              <OverviewRow label={t('Course Status')}>
                <Badge colorPalette="green">{t('Active')}</Badge>
              </OverviewRow>
            </Stack>
          </TitledCard>

          <TitledCard variant="outline" title={t("Today's Feedback")} bodyGap="4">
            {classDay ? (
              <>
                <Text color="fg.muted">
                  {t("Tell your professor what confused you in today's class. It takes a minute and it is completely anonymous.")}
                </Text>
                <LinkButton asChild colorPalette="blue" alignSelf="flex-start">
                  <RouterLink to={feedbackPath}>{t("Give Today's Feedback")}</RouterLink>
                </LinkButton>
              </>
            ) : (
              <Text color="fg.muted">{t('No class scheduled today. Check back on your next class day to submit feedback.')}</Text>
            )}
          </TitledCard>
        </SimpleGrid>

        <ProfessorNotes notes={notes.data} />

        <TitledCard variant="outline" title={t('Recent Feedback')}>
          {/* Where a light page draws the timeline when it arrives (web/src/student/course.ts). */}
          <Box display="contents" {...{ [LIGHT.courseTimeline]: '' }}>
            <Timeline query={timeline} classDay={classDay} feedbackPath={feedbackPath} />
          </Box>
        </TitledCard>
      </Stack>
    </Container>
  );
}

function OverviewRow({ label, count, children }: { label: string; count?: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="4">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      {/* A count's box keeps its left edge from the placeholder to the figure (its text ends at the right). */}
      <Text as="dd" fontWeight="semibold" {...(count ? { [LIGHT.courseCount]: count, minW: '8rem', textAlign: 'end' } : {})}>
        {children}
      </Text>
    </Flex>
  );
}

function CourseNotFound() {
  const { t } = useTranslation();
  return (
    <NotFound
      pageTitle={t('Course Not Found · ClassPulse')}
      title={t('Course Not Found')}
      description={t("The course you're looking for doesn't exist or may have been removed.")}
      action={{ to: '/course-search', label: t('Search for Another Course') }}
      centered
    />
  );
}
