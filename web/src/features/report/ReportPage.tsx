import { Chart, useChart } from '@chakra-ui/charts';
import { studentCount } from '../../shared/ui/SharedConfusionList';
import { Box, Button, HStack, Input, List, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { currentLanguage } from '../../i18n/i18n';
import { isNotFound } from '../../lib/errors';
import { FormField } from '../../shared/forms/fields';
import { formatNumber } from '../../shared/numbers';
import { translated } from '../../shared/translatedResolver';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { NotFound } from '../../shared/ui/NotFound';
import { toaster } from '../../shared/ui/toaster';
import { type ReportRange, type ReportSession, type TermReport, useTermReport } from './api/get-term-report';
import { type ReportRangeInput, type ReportRangeValues, reportRangeSchema } from './api/report-range-input';
import { reportCsv, reportFileName } from './csv';
import { NotesSection } from './NotesSection';
import { CHART_WIDTH, Section, formatDay } from './reportParts';
import { leaning, paceScores, sessionsWithMeans, totalResponses } from './scoring';
import { saveCsv } from '../../lib/saveCsv';

/**
 * Printing (docs/decisions/term-report.md): only the report. The site's header, footer and
 * navigation, the page's links, the form and the buttons go; charts keep a fixed width; each
 * section after the first starts a page. Scoped to the page with :has(), so nothing else prints
 * differently once this page was visited.
 */
const PRINT_CSS = `
@media print {
  body:has([data-report]) :is(header, footer, nav, button, form, [data-print-hide]) { display: none !important; }
  body:has([data-report]) div:has(> h1) + div { display: none !important; }
  [data-report] [data-report-section] { break-before: page; break-inside: auto; box-shadow: none; }
  [data-report] [data-report-section]:first-of-type { break-before: auto; }
  [data-report] [data-report-chart] { width: 640px !important; }
  [data-report] table, [data-report] figure { break-inside: avoid; }
}
`;

const formatTime = (at: string) => new Date(at).toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit' });
const shown = (value: number | null, digits: number) => (value === null ? '–' : formatNumber(value, digits));

/** /professor/courses/{courseId}/report: the term report (issue 44), printable and as CSV. */
export function ReportPage() {
  const { t } = useTranslation();
  const { courseId = '' } = useParams();
  const [range, setRange] = useState<ReportRange>({});
  const report = useTermReport(courseId, range);

  if (report.isError && !report.data) {
    if (isNotFound(report.error)) {
      return (
        <NotFound
          title={t('Course Not Found')}
          description={t('This course does not exist or is not one of yours.')}
          action={{ to: '/professor', label: t('Manage Courses') }}
        />
      );
    }
    return <LoadFailure what={t('the term report')} onRetry={() => void report.refetch()} retrying={report.isFetching} />;
  }

  return (
    <Stack gap="6" data-report>
      <style>{PRINT_CSS}</style>
      <RangeForm onRange={setRange} />
      {!report.data ? (
        <Skeleton role="status" height="48" aria-label={t('Loading the term report')} />
      ) : (
        <ReportBody report={report.data} />
      )}
    </Stack>
  );
}

function RangeForm({ onRange }: { onRange: (range: ReportRange) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReportRangeValues, unknown, ReportRangeInput>({
    resolver: translated(zodResolver(reportRangeSchema)),
    defaultValues: { from: '', to: '' },
  });
  const onSubmit = handleSubmit(({ from, to }) => onRange({ from: from || undefined, to: to || undefined }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Date range of the report')}>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }}>
        <FormField label={t('From')} error={errors.from} required={false} helperText={t('Empty: the first class session')}>
          <Input type="date" {...register('from')} />
        </FormField>
        <FormField label={t('To')} error={errors.to} required={false} helperText={t('Empty: the last class session')}>
          <Input type="date" {...register('to')} />
        </FormField>
        <HStack gap="2">
          <Button type="submit" colorPalette="blue">
            {t('Show Report')}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              reset({ from: '', to: '' });
              onRange({});
            }}
          >
            {t('Whole Term')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function ReportBody({ report }: { report: TermReport }) {
  const { t } = useTranslation();
  const responses = totalResponses(report.sessions);
  return (
    <>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3" align={{ base: 'stretch', md: 'center' }}>
        <Box>
          <Text fontWeight="semibold" fontSize="lg" data-testid="report-course">
            {report.code} · {report.name}
          </Text>
          <Text color="fg.muted" data-testid="report-range">
            {t('{{from}} to {{to}}: {{sessions}} class sessions, {{responses}} responses', {
              from: formatDay(report.from),
              to: formatDay(report.to),
              sessions: report.sessions.length,
              responses,
            })}
          </Text>
        </Box>
        <HStack gap="2" data-print-hide>
          <DownloadButton report={report} />
          <Button variant="outline" onClick={() => window.print()}>
            {t('Print')}
          </Button>
        </HStack>
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {report.reviewBeforePublishing
          ? t(
              'As on the dashboard: sessions with fewer than {{n}} responses show their counts only, and the texts leave out hidden feedback and feedback not yet reviewed.',
              { n: report.minResponses },
            )
          : t(
              'As on the dashboard: sessions with fewer than {{n}} responses show their counts only, and the texts leave out hidden feedback.',
              { n: report.minResponses },
            )}
      </Text>
      <SessionsSection report={report} />
      <ClaritySection sessions={report.sessions} />
      <PaceSection sessions={report.sessions} />
      <ConfusionSection report={report} />
      <NotesSection report={report} />
      <AlarmSection report={report} />
    </>
  );
}

function DownloadButton({ report }: { report: TermReport }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const csv = await reportCsv(report);
      saveCsv(csv, reportFileName(report));
    } catch (error) {
      console.error('Report CSV', error);
      toaster.create({ type: 'error', title: t('Error'), description: t('Failed to download the report') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button colorPalette="blue" onClick={download} loading={busy}>
      {t('Download CSV')}
    </Button>
  );
}

function SessionsSection({ report }: { report: TermReport }) {
  const { t } = useTranslation();
  return (
    <Section id="report-sessions" title={t('Responses per Session')} description={t('Every class session of the range, oldest first.')}>
      {report.sessions.length === 0 ? (
        <Text color="fg.muted">{t('No class sessions in this range.')}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('Date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('Topic')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Responses')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Mean clarity (1–7)')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Mean confidence (%)')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.sessions.map((s) => (
                <Table.Row key={s.sessionId} data-testid="report-session">
                  <Table.Cell>{formatDay(s.sessionDate)}</Table.Cell>
                  <Table.Cell>{s.topic ?? t('No topic set')}</Table.Cell>
                  <Table.Cell textAlign="end">{s.count}</Table.Cell>
                  {s.protected ? (
                    <Table.Cell colSpan={2} textAlign="end" color="fg.muted">
                      {t('Shown from {{n}} responses, to protect anonymity', { n: report.minResponses })}
                    </Table.Cell>
                  ) : (
                    <>
                      <Table.Cell textAlign="end">{shown(s.meanClarity, 2)}</Table.Cell>
                      <Table.Cell textAlign="end">{shown(s.meanConfidence, 1)}</Table.Cell>
                    </>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Section>
  );
}

/** A line chart with its text alternative: a summary in the figure's caption and the values as a table. */
function LineFigure({
  testId,
  data,
  series,
  summary,
  table,
}: {
  testId: string;
  data: Record<string, string | number | null>[];
  series: { name: string; label: string; color: string; axis: 'left' | 'right'; domain: [number, number] }[];
  summary: string;
  table: ReactNode;
}) {
  const chart = useChart({ data, series: series.map((s) => ({ name: s.name, color: s.color, label: s.label })) });
  const left = series.find((s) => s.axis === 'left');
  const right = series.find((s) => s.axis === 'right');
  return (
    <Box as="figure" data-testid={testId} m="0">
      {/* The picture is decoration for screen readers: the caption and the table below say it all. */}
      <Box aria-hidden="true" data-report-chart w={CHART_WIDTH} maxW="full">
        <Chart.Root chart={chart} h="64">
          <LineChart responsive accessibilityLayer={false} data={chart.data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
            <XAxis dataKey={chart.key('label')} tickLine={false} axisLine={false} fontSize={10} />
            {left && <YAxis yAxisId="left" domain={left.domain} tickLine={false} axisLine={false} fontSize={10} />}
            {right && <YAxis yAxisId="right" orientation="right" domain={right.domain} tickLine={false} axisLine={false} fontSize={10} />}
            <Tooltip animationDuration={100} content={<Chart.Tooltip />} />
            <Legend content={<Chart.Legend />} />
            {series.map((s) => (
              <Line
                key={s.name}
                yAxisId={s.axis}
                isAnimationActive={false}
                dataKey={chart.key(s.name)}
                name={s.label}
                stroke={chart.color(s.color)}
                strokeWidth={2}
                dot
                connectNulls={false}
              />
            ))}
          </LineChart>
        </Chart.Root>
      </Box>
      <Text as="figcaption" fontSize="sm" mt="2" data-testid={`${testId}-summary`}>
        {summary}
      </Text>
      <Box mt="2">{table}</Box>
    </Box>
  );
}

function ClaritySection({ sessions }: { sessions: ReportSession[] }) {
  const { t } = useTranslation();
  const withMeans = sessionsWithMeans(sessions);
  const data = sessions.map((s) => ({ label: formatDay(s.sessionDate), clarity: s.meanClarity, confidence: s.meanConfidence }));
  const first = withMeans[0];
  const last = withMeans[withMeans.length - 1];
  const summary =
    first && last
      ? t(
          'Mean clarity went from {{clarityFrom}} ({{from}}) to {{clarityTo}} ({{to}}) on a scale of 1 to 7; mean confidence from {{confidenceFrom}}% to {{confidenceTo}}%, over {{n}} sessions with enough responses.',
          {
            clarityFrom: shown(first.meanClarity, 2),
            clarityTo: shown(last.meanClarity, 2),
            from: formatDay(first.sessionDate),
            to: formatDay(last.sessionDate),
            confidenceFrom: shown(first.meanConfidence, 1),
            confidenceTo: shown(last.meanConfidence, 1),
            n: withMeans.length,
          },
        )
      : t('No session of this range has enough session feedback for means.');
  return (
    <Section
      id="report-clarity"
      title={t('Clarity and Confidence')}
      description={t('Mean clarity (1–7) and confidence (%) of each session’s feedback.')}
    >
      <LineFigure
        testId="clarity-chart"
        data={data}
        series={[
          { name: 'clarity', label: t('Mean clarity'), color: 'blue.solid', axis: 'left', domain: [1, 7] },
          { name: 'confidence', label: t('Mean confidence'), color: 'green.solid', axis: 'right', domain: [0, 100] },
        ]}
        summary={summary}
        table={
          <Table.Root size="sm" data-testid="clarity-table">
            <Table.Caption>{t('The chart’s values')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('Date')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Mean clarity')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Mean confidence')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sessions.map((s) => (
                <Table.Row key={s.sessionId}>
                  <Table.Cell>{formatDay(s.sessionDate)}</Table.Cell>
                  <Table.Cell textAlign="end">{shown(s.meanClarity, 2)}</Table.Cell>
                  <Table.Cell textAlign="end">{shown(s.meanConfidence, 1)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        }
      />
    </Section>
  );
}

function PaceSection({ sessions }: { sessions: ReportSession[] }) {
  const { t } = useTranslation();
  const rows = paceScores(sessions);
  const scored = rows.filter((r) => r.pace !== null || r.challenge !== null);
  const word = (value: number | null, low: string, high: string) => {
    const lean = leaning(value);
    return lean === null ? '–' : lean === 'high' ? high : lean === 'low' ? low : t('about right');
  };
  const last = scored[scored.length - 1];
  const summary = last
    ? t(
        'From −2 to +2, 0 being right: pace {{pace}} and challenge {{challenge}} at the last session with enough responses ({{date}}); {{n}} sessions in the chart.',
        {
          pace: `${shown(last.pace, 2)} (${word(last.pace, t('too slow'), t('too fast'))})`,
          challenge: `${shown(last.challenge, 2)} (${word(last.challenge, t('too easy'), t('too hard'))})`,
          date: formatDay(last.session.sessionDate),
          n: scored.length,
        },
      )
    : t('No session of this range has enough pace or challenge answers.');
  return (
    <Section
      id="report-pace"
      title={t('Pace and Challenge over Time')}
      description={t('Each session’s mean answer: −2 too slow or far too easy, 0 just right, +2 too fast or far too hard.')}
    >
      <LineFigure
        testId="pace-chart"
        data={rows.map((r) => ({ label: formatDay(r.session.sessionDate), pace: r.pace, challenge: r.challenge }))}
        series={[
          { name: 'pace', label: t('Pace'), color: 'orange.solid', axis: 'left', domain: [-2, 2] },
          { name: 'challenge', label: t('Challenge'), color: 'purple.solid', axis: 'left', domain: [-2, 2] },
        ]}
        summary={summary}
        table={
          <Table.Root size="sm" data-testid="pace-table">
            <Table.Caption>{t('The chart’s values')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('Date')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Pace')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Challenge')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.session.sessionId}>
                  <Table.Cell>{formatDay(r.session.sessionDate)}</Table.Cell>
                  <Table.Cell textAlign="end">{shown(r.pace, 2)}</Table.Cell>
                  <Table.Cell textAlign="end">{shown(r.challenge, 2)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        }
      />
    </Section>
  );
}

function ConfusionSection({ report }: { report: TermReport }) {
  const { t } = useTranslation();
  return (
    <Section
      id="report-confusion"
      title={t('Most Shared Confusion by Week')}
      description={t('Each week’s three texts that most students shared (they said “me too”).')}
    >
      {report.weeks.length === 0 ? (
        <Text color="fg.muted">{t('No confusion shared in this range.')}</Text>
      ) : (
        <Stack gap="4">
          {report.weeks.map((week) => (
            <Box key={week.weekStart} data-testid="report-week">
              <Text fontWeight="semibold">{t('Week of {{date}}', { date: formatDay(week.weekStart) })}</Text>
              <List.Root ps="5">
                {week.confusions.map((c, i) => (
                  <List.Item key={i}>
                    “{c.text}” — {studentCount(t, c.students)}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function AlarmSection({ report }: { report: TermReport }) {
  const { t } = useTranslation();
  return (
    <Section
      id="report-alarm"
      title={t('Confusion Alarm Peaks')}
      description={t('When the live view’s alarm went off: many of the recent responses completely lost.')}
    >
      {report.alarmPeaks.length === 0 ? (
        <Text color="fg.muted">{t('The alarm never went off in this range.')}</Text>
      ) : (
        <List.Root ps="5">
          {report.alarmPeaks.map((peak) => (
            <List.Item key={`${peak.sessionId}-${peak.startAt}`} data-testid="report-alarm-peak">
              {t('{{date}}, {{start}}–{{end}}: {{lost}} of {{recent}} responses completely lost ({{share}}%)', {
                date: formatDay(peak.sessionDate),
                start: formatTime(peak.startAt),
                end: formatTime(peak.endAt),
                lost: peak.lost,
                recent: peak.recent,
                share: Math.round(peak.share * 100),
              })}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}
