import { type ReactNode, useState } from 'react';
import { skeleton } from 'styled-system/recipes';
import type { Course } from '../../../shared/api/get-course';
import type { CourseTimeline } from '../../../shared/api/get-course-timeline';
import { isClassDay } from '../../../shared/localDate';
import { courseWithSection } from '../../../shared/terms';
import type { Read } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { Alert } from '../../ui/Alert';
import { type ShownNote, ProfessorNotes } from '../../ui/ProfessorNotes';
import { styled } from 'styled-system/jsx';
import { Badge, Button, Container, Flex, Grid, HStack, Heading, Stack, Text } from '../../ui/primitives';
import { Timeline } from './CourseTimeline';
import { FeedbackLink } from './FeedbackLink';
import { TitledCard } from './TitledCard';
import { feedbackPath, isClassDate } from './classDay';

const Skeleton = styled('span', skeleton);

export interface CourseViewProps {
  id: string;
  course: Pick<Course, 'code' | 'name'> & Partial<Pick<Course, 'section' | 'endedAt'>>;
  notes: ShownNote[];
  timeline: Read<CourseTimeline>;
  /** The course's class day ('YYYY-MM-DD'); null when it has none (unknown, ended); undefined while on its way. */
  classDay: string | null | undefined;
}

/** The seed's "Course detail", once its course is known (from the reads, or from this device). */
export function CourseView({ id, course, notes, timeline, classDay }: CourseViewProps) {
  const { t } = useT();
  // While the class day is on its way the page is laid out by this device's day, which is nearly
  // always the course's: nothing moves when it comes. Its links wait for it (FeedbackLink).
  const [deviceClassDay] = useState(() => isClassDay(new Date()));
  const isClassDayToday = classDay === undefined ? deviceClassDay : classDay !== null && isClassDate(classDay);
  const path = classDay ? feedbackPath(id, classDay) : undefined;

  return (
    <CourseFrame>
      <CourseSummary course={course} counts={timeline.data} isClassDayToday={isClassDayToday} path={path} />
      <ProfessorNotes notes={notes} />
      <TitledCard title={t('Recent Feedback')}>
        <Timeline timeline={timeline} classDay={isClassDayToday} feedbackPath={path} />
      </TitledCard>
    </CourseFrame>
  );
}

/**
 * The page's column: its parts one under the other. A screen tall where it holds the summary alone
 * (the host's copy, render/hostedCourse.tsx), so the footer stays below the fold until the rest comes.
 */
export function CourseFrame({ screenTall = false, children }: { screenTall?: boolean; children: ReactNode }) {
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }} minH={screenTall ? '100dvh' : undefined}>
      <Stack gap="6">{children}</Stack>
    </Container>
  );
}

export interface CourseSummaryProps {
  course: CourseViewProps['course'];
  /** The timeline's counts; undefined while it is on its way. */
  counts: CourseTimeline | undefined;
  isClassDayToday: boolean;
  /** The class day's form; undefined while the class day is on its way. */
  path: string | undefined;
}

/**
 * What the course is and what a student can do today: its heading and the two cards. Its own part,
 * so that a host can write it for each state of a course (render/hostedCourse.tsx).
 */
export function CourseSummary({ course, counts, isClassDayToday, path }: CourseSummaryProps) {
  const { t } = useT();
  const { code, name, section, endedAt } = course;
  return (
    <>
      <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4" align={{ md: 'flex-end' }}>
        <Stack gap="1">
          <Heading as="h1" size="3xl">
            {courseWithSection(code, section, t('Section'))}
          </Heading>
          <Text fontSize="lg">{name}</Text>
          <HStack gap="3" color="fg.muted" fontSize="sm" flexWrap="wrap">
            {/* Until the count comes, a hidden one of about its size holds its place: the line does not move. */}
            <Text visibility={counts ? 'visible' : 'hidden'} aria-hidden={counts ? undefined : 'true'}>
              {counts
                ? counts.total === 1
                  ? t('{{n}} submission', { n: 1 })
                  : t('{{n}} submissions', { n: counts.total })
                : t('{{n}} submissions', { n: 10 })}
            </Text>
            <Text aria-hidden="true">·</Text>
            <Text>{endedAt ? t('Term ended') : t('Active course')}</Text>
          </HStack>
        </Stack>
        {endedAt ? null : isClassDayToday ? (
          <FeedbackLink href={path}>{t("Submit Today's Feedback")}</FeedbackLink>
        ) : (
          <Button disabled variant="outline">
            {t('No Class Today')}
          </Button>
        )}
      </Flex>
      {endedAt && (
        <Alert.Root status="info" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t("This course's term has ended. It no longer takes feedback.")}</Alert.Title>
        </Alert.Root>
      )}

      <Grid columns={{ base: 1, md: 2 }} gap="5">
        <TitledCard title={t('Overview')}>
          <Stack as="dl" gap="3">
            <OverviewRow label={t('Total Feedback')} count>
              {counts ? counts.total : <Skeleton display="inline-block" h="4" w="10" />}
            </OverviewRow>
            <OverviewRow label={t('Recent Activity')} count>
              {counts ? t('{{n}} this week', { n: counts.thisWeek }) : <Skeleton display="inline-block" h="4" w="20" />}
            </OverviewRow>
            <OverviewRow label={t('Course Status')}>
              <Badge colorPalette="green">{t('Active')}</Badge>
            </OverviewRow>
          </Stack>
        </TitledCard>

        <TitledCard title={t("Today's Feedback")} bodyGap="4">
          {isClassDayToday ? (
            <>
              <Text color="fg.muted">
                {t("Tell your professor what confused you in today's class. It takes a minute and it is completely anonymous.")}
              </Text>
              <FeedbackLink href={path} alignSelf="flex-start">
                {t("Give Today's Feedback")}
              </FeedbackLink>
            </>
          ) : (
            <Text color="fg.muted">{t('No class scheduled today. Check back on your next class day to submit feedback.')}</Text>
          )}
        </TitledCard>
      </Grid>
    </>
  );
}

function OverviewRow({ label, count = false, children }: { label: string; count?: boolean; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="4">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      {/* A count's box keeps its left edge from the placeholder to the figure (its text ends at the right). */}
      <Text as="dd" fontWeight="semibold" minW={count ? '8rem' : undefined} textAlign={count ? 'end' : undefined}>
        {children}
      </Text>
    </Flex>
  );
}
