import { Button, Card, Field, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Suspense, lazy, useState } from 'react';
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
import { courseOptionLabel } from './roles';
import { StatsStrip } from './StatsStrip';

// recharts is large: it loads after the rest of the dashboard, and only here.
const SessionInsights = lazy(() => import('./SessionInsights'));

/** /professor/dashboard (inside the professor layout): every panel follows the course filter. */
export function DashboardPage() {
  const courses = useMyCourses();
  const [courseId, setCourseId] = useState<string>('');
  const [days, setDays] = useState<PatternDays>(7);

  const selected = courses.data?.find((course) => course.id === courseId);
  const filter = selected?.id;

  return (
    <>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }}>
          <Field.Root width={{ base: 'full', sm: '72' }} invalid={courses.isError}>
            <Field.Label>Course</Field.Label>
            <NativeSelect.Root disabled={courses.isLoading}>
              <NativeSelect.Field value={filter ?? ''} onChange={(event) => setCourseId(event.target.value)}>
                <option value="">All Courses</option>
                {[...(courses.data ?? [])].sort((a, b) => a.code.localeCompare(b.code)).map((course) => (
                  <option key={course.id} value={course.id}>
                    {courseOptionLabel(course)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {courses.isError && (
              <>
                <Field.ErrorText color="red.700">Unable to load your courses, so only "All Courses" can be chosen.</Field.ErrorText>
                <Button size="xs" variant="outline" mt="1" loading={courses.isFetching} onClick={() => courses.refetch()}>
                  Try again
                </Button>
              </>
            )}
          </Field.Root>
          <Stack direction="row" gap="2">
            <ExportButton courseId={filter} courseCode={selected?.code} />
            <RefreshButton />
            {filter && (
              <LinkButton asChild variant="outline">
                <RouterLink to={`/professor/live/${filter}`}>Open Live View</RouterLink>
              </LinkButton>
            )}
          </Stack>
        </Stack>

        <Overview courseId={filter} days={days} />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <RecentSubmissions courseId={filter} />
          <ConfusionPatterns courseId={filter} days={days} onDaysChange={setDays} />
        </SimpleGrid>
        <Suspense fallback={<Skeleton height="48" aria-label="Loading session insights" />}>
          <SessionInsights courseId={filter} />
        </Suspense>
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
      {stats.data && <Summary stats={stats.data} topTopic={patterns.data?.[0]?.topic} days={days} />}
    </>
  );
}

function Summary({ stats, topTopic, days }: { stats: DashboardStats; topTopic: string | undefined; days: PatternDays }) {
  const change = stats.recentSubmissions - stats.lastWeekSubmissions;
  const trend =
    change === 0 ? 'the same as the week before' : `${Math.abs(change)} ${change > 0 ? 'more' : 'fewer'} than the week before`;
  const period = PATTERN_RANGES.find((range) => range.days === days)!.label.toLowerCase();
  return (
    <Card.Root as="section" aria-label="Summary" size="sm" variant="subtle">
      <Card.Body>
        <Text>
          {stats.recentSubmissions} {stats.recentSubmissions === 1 ? 'submission' : 'submissions'} in the last 7 days, {trend}.{' '}
          {stats.pendingReview > 0
            ? `${stats.pendingReview} ${stats.pendingReview === 1 ? 'is' : 'are'} waiting for your review.`
            : 'Everything has been reviewed.'}
          {topTopic && ` Most confusing topic ${period}: ${topTopic}.`}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function ExportButton({ courseId, courseCode }: { courseId?: string; courseCode?: string }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const rows = await exportSubmissions(courseId);
      const csv = await submissionsCsv(rows);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = csvFileName(courseCode);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      console.error('Export', error);
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to export submissions' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={exportCsv} loading={busy} loadingText="Exporting...">
      Export
    </Button>
  );
}

function RefreshButton() {
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
      Refresh
    </Button>
  );
}
