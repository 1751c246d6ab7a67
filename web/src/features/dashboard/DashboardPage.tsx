import { Button, Card, Field, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ERROR_COLOR } from '../../shared/ui/colors';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useState } from 'react';
import { toaster } from '../../shared/ui/toaster';
import { type DashboardStats, useDashboardStats } from '../../shared/api/get-dashboard-stats';
import { useMyCourses } from '../../shared/api/get-my-courses';
import { exportSubmissions } from './api/export-submissions';
import { useConfusionPatterns } from './api/get-confusion-patterns';
import { refreshDashboard } from './api/mark-reviewed';
import { ConfusionPatterns } from './ConfusionPatterns';
import { csvFileName, submissionsCsv } from './csv';
import { PATTERN_RANGES, type PatternDays } from './patterns';
import { RecentSubmissions } from './RecentSubmissions';
import { SessionInsights } from './SessionInsights';
import { byCodeAndSection, courseOptionLabel } from './roles';
import { StatsStrip } from './StatsStrip';
import { useTranslation } from 'react-i18next';
import { saveCsv } from '../../lib/saveCsv';

/** /professor/dashboard (inside the professor layout): every panel follows the course filter. */
export function DashboardPage() {
  const { t } = useTranslation();
  const courses = useMyCourses();
  const [courseId, setCourseId] = useState<string>('');
  const [days, setDays] = useState<PatternDays>(7);

  const selected = courses.data?.find((course) => course.id === courseId);
  const sorted = [...(courses.data ?? [])].sort(byCodeAndSection);
  const current = sorted.filter((course) => !course.endedAt);
  const ended = sorted.filter((course) => course.endedAt);
  const filter = selected?.id;

  return (
    <>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }}>
        <Field.Root width={{ base: 'full', sm: '72' }} invalid={courses.isError} disabled={courses.isLoading}>
          <Field.Label>{t('Course')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filter ?? ''} onChange={(event) => setCourseId(event.target.value)}>
              <option value="">{t('All Courses')}</option>
              {current.map((course) => (
                <option key={course.id} value={course.id}>
                  {courseOptionLabel(course)}
                </option>
              ))}
              {/* An ended term's feedback stays the team's to read: its courses come last, with their term. */}
              {ended.length > 0 && (
                <optgroup label={t('Ended courses')}>
                  {ended.map((course) => (
                    <option key={course.id} value={course.id}>
                      {`${courseOptionLabel(course)} · ${course.term}`}
                    </option>
                  ))}
                </optgroup>
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {courses.isError && (
            <>
              <Field.ErrorText color={ERROR_COLOR}>
                {t('Unable to load your courses, so only "All Courses" can be chosen.')}
              </Field.ErrorText>
              <Button size="xs" variant="outline" mt="1" loading={courses.isFetching} onClick={() => courses.refetch()}>
                {t('Try again')}
              </Button>
            </>
          )}
        </Field.Root>
        <Stack direction="row" gap="2">
          <ExportButton courseId={filter} courseCode={selected?.code} />
          <RefreshButton />
          {filter && (
            <LinkButton asChild variant="outline">
              <RouterLink to={`/professor/live/${filter}`}>{t('Open Live View')}</RouterLink>
            </LinkButton>
          )}
        </Stack>
      </Stack>

      <Overview courseId={filter} days={days} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <RecentSubmissions courseId={filter} />
        <ConfusionPatterns courseId={filter} days={days} onDaysChange={setDays} />
      </SimpleGrid>
      <SessionInsights courseId={filter} />
    </>
  );
}

/** The stats strip and the summary block. */
function Overview({ courseId, days }: { courseId?: string; days: PatternDays }) {
  const stats = useDashboardStats(courseId);
  const patterns = useConfusionPatterns(days, courseId);
  return (
    <>
      <StatsStrip stats={stats.data} loading={stats.isLoading} failed={stats.isError} />
      {stats.data ? (
        <Summary stats={stats.data} topTopic={patterns.data?.[0]?.topic} days={days} />
      ) : (
        stats.isLoading && <SummarySkeleton />
      )}
    </>
  );
}

/** The summary's place while the figures load, holding a sentence of its usual length so little moves when it comes. */
function SummarySkeleton() {
  const { t } = useTranslation();
  const sentence = `${t('{{n}} submissions in the last 7 days, {{trend}}.', { n: 10, trend: t('the same as the week before') })} ${t('Everything has been reviewed.')}`;
  return (
    <Skeleton loading aria-hidden="true">
      <Card.Root size="sm" variant="subtle">
        <Card.Body>
          <Text>{sentence}</Text>
        </Card.Body>
      </Card.Root>
    </Skeleton>
  );
}

function Summary({ stats, topTopic, days }: { stats: DashboardStats; topTopic: string | undefined; days: PatternDays }) {
  const { t } = useTranslation();
  const change = stats.recentSubmissions - stats.lastWeekSubmissions;
  const n = Math.abs(change);
  const trend =
    change === 0
      ? t('the same as the week before')
      : change > 0
        ? t('{{n}} more than the week before', { n })
        : t('{{n}} fewer than the week before', { n });
  const period = t(PATTERN_RANGES.find((range) => range.days === days)!.label).toLowerCase();
  const recent = stats.recentSubmissions;
  const pending = stats.pendingReview;
  return (
    <Card.Root as="section" aria-label={t('Summary')} size="sm" variant="subtle">
      <Card.Body>
        <Text>
          {recent === 1
            ? t('{{n}} submission in the last 7 days, {{trend}}.', { n: recent, trend })
            : t('{{n}} submissions in the last 7 days, {{trend}}.', { n: recent, trend })}{' '}
          {pending === 0
            ? t('Everything has been reviewed.')
            : pending === 1
              ? t('{{n}} is waiting for your review.', { n: pending })
              : t('{{n}} are waiting for your review.', { n: pending })}
          {topTopic && ` ${t('Most confusing topic {{period}}: {{topic}}.', { period, topic: topTopic })}`}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function ExportButton({ courseId, courseCode }: { courseId?: string; courseCode?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const rows = await exportSubmissions(courseId);
      const csv = await submissionsCsv(rows);
      saveCsv(csv, csvFileName(courseCode));
    } catch (error) {
      console.error('Export', error);
      toaster.create({ type: 'error', title: t('Error'), description: t('Failed to export submissions') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={exportCsv} loading={busy} loadingText={t('Exporting...')}>
      {t('Export')}
    </Button>
  );
}

function RefreshButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => refreshDashboard(queryClient);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await refresh().finally(() => setBusy(false));
      }}
    >
      {t('Refresh')}
    </Button>
  );
}
