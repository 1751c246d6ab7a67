import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, ErrorBar, ReferenceLine, Scatter, ScatterChart, XAxis, YAxis } from 'recharts';
import { type Verdict, figuresLines, oneDecimal } from '../../shared/topicComparison';
import type { TermReport } from './api/get-term-report';
import { type RankedNote, type ReportNote, notesByEffect } from './notesByEffect';
import { CHART_WIDTH, Section, formatDay } from './reportParts';

/**
 * "Notes and Follow-up": what worked this term. Each "you said, we did" note with the topics its
 * check compared (the confusion it answered, a control of the same session) and its verdict, the
 * largest difference first; above them, the differences with their 95 % intervals as a chart.
 */
export function NotesSection({ report }: { report: TermReport }) {
  const { t } = useTranslation();
  const ranked = notesByEffect(report.notes);
  return (
    <Section
      id="report-notes"
      title={t('Notes and Follow-up')}
      description={t('Your “you said, we did” notes, sorted by how much clearer than a control each one made the confusion it answered.')}
    >
      {ranked.length === 0 ? (
        <Text color="fg.muted">{t('No notes in this range.')}</Text>
      ) : (
        <Stack gap="6">
          <EffectsFigure notes={ranked} />
          <Stack gap="3">
            {ranked.map(({ note }) => (
              <NoteItem key={note.id} note={note} minResponses={report.minResponses} />
            ))}
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

function NoteItem({ note, minResponses }: { note: ReportNote; minResponses: number }) {
  const { t } = useTranslation();
  const { figures } = note;
  const lines = figures ? figuresLines(t, figures, minResponses) : [t('No check question.')];
  return (
    <Box data-testid="report-note" borderLeftWidth="3px" borderColor="blue.solid" ps="3">
      <Text fontSize="sm" color="fg.muted">
        {formatDay(note.sessionDate)}
      </Text>
      <Text whiteSpace="pre-wrap">{note.body}</Text>
      {figures && !figures.legacy && (
        <Text fontSize="sm" mt="1" data-testid="report-note-topics">
          {figures.control
            ? t('Confusion answered: {{addressed}} · control: {{control}}', {
                addressed: figures.addressed.topic,
                control: figures.control.topic,
              })
            : t('Confusion answered: {{addressed}} · no control', { addressed: figures.addressed.topic })}
        </Text>
      )}
      {note.checkQuestion && (
        <Text fontSize="sm" mt="1">
          {t('Check question: {{question}}', { question: note.checkQuestion })}
        </Text>
      )}
      {lines.slice(0, -1).map((line, i) => (
        <Text key={i} fontSize="sm">
          {line}
        </Text>
      ))}
      <Text fontSize="sm" fontWeight="semibold" mt="1" data-testid="report-note-result">
        {lines[lines.length - 1]}
      </Text>
    </Box>
  );
}

interface EffectRow {
  id: string;
  topic: string;
  kind: Verdict['kind'];
  estimate: number;
  low: number;
  high: number;
}

/** The notes with a difference, in their order: each one's answered topic and its interval. */
function effectRows(notes: RankedNote[]): EffectRow[] {
  return notes.flatMap(({ note, verdict, effect }) =>
    effect && verdict && note.figures && !note.figures.legacy
      ? [{ id: note.id, topic: note.figures.addressed.topic, kind: verdict.kind, ...effect }]
      : [],
  );
}

const ROW_HEIGHT = 36;
const shortened = (text: string) => (text.length > 28 ? `${text.slice(0, 27)}…` : text);
const signed = (value: number) => String(value).replace('-', '−');

/**
 * A forest plot: a row per note with a difference, a point at its estimate and a bar over its
 * 95 % interval, a line at 0 (no difference). With its text alternative, as the line charts:
 * a summary in the caption and the values as a table.
 */
function EffectsFigure({ notes }: { notes: RankedNote[] }) {
  const { t } = useTranslation();
  const rows = effectRows(notes);
  const data = rows.map((r, row) => ({ row, estimate: r.estimate, error: [r.estimate - r.low, r.high - r.estimate] }));
  const chart = useChart({ data, series: [{ name: 'estimate', color: 'blue.solid' }] });
  const heading = (
    <Heading as="h3" size="md">
      {t('What worked this term')}
    </Heading>
  );
  const largest = rows[0];
  if (!largest) {
    return (
      <Box>
        {heading}
        <Text color="fg.muted" fontSize="sm" data-testid="effects-chart-none">
          {t('No note has a difference to show yet: it comes once enough students rated both of a note’s topics.')}
        </Text>
      </Box>
    );
  }
  const count = (kind: Verdict['kind']) => rows.filter((r) => r.kind === kind).length;
  // Whole points from below the lowest end to above the highest (the scale's −6 to +6 at most), 0 always in.
  const [from, to] = [Math.min(-1, ...rows.map((r) => Math.floor(r.low))), Math.max(1, ...rows.map((r) => Math.ceil(r.high)))];
  const ticks = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return (
    <Box as="figure" data-testid="effects-chart" m="0">
      {heading}
      <Text color="fg.muted" fontSize="sm" mb="2">
        {t(
          'Each note’s topic against its control, rated 1–7 by the same students: the mean difference and its 95 % interval. Right of 0: clearer than the control.',
        )}
      </Text>
      {/* The picture is decoration for screen readers: the caption and the table below say it all. */}
      <Box aria-hidden="true" data-report-chart w={CHART_WIDTH} maxW="full">
        <Chart.Root chart={chart} h={`${rows.length * ROW_HEIGHT + 48}px`}>
          <ScatterChart responsive accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid stroke={chart.color('border.muted')} horizontal={false} />
            <XAxis
              type="number"
              dataKey="estimate"
              domain={[from, to]}
              ticks={ticks}
              interval={0}
              tickFormatter={signed}
              tickLine={false}
              fontSize={10}
            />
            <YAxis
              type="number"
              dataKey="row"
              domain={[-0.5, rows.length - 0.5]}
              ticks={rows.map((_, row) => row)}
              interval={0}
              reversed
              width={170}
              tickFormatter={(row: number) => shortened(rows[row]?.topic ?? '')}
              tickLine={false}
              axisLine={false}
              fontSize={10}
            />
            <ReferenceLine x={0} stroke={chart.color('fg.muted')} strokeDasharray="4 4" />
            <Scatter data={chart.data} fill={chart.color('blue.solid')} isAnimationActive={false}>
              <ErrorBar
                dataKey="error"
                direction="x"
                width={6}
                strokeWidth={2}
                stroke={chart.color('blue.solid')}
                isAnimationActive={false}
              />
            </Scatter>
          </ScatterChart>
        </Chart.Root>
      </Box>
      <Text as="figcaption" fontSize="sm" mt="2" data-testid="effects-chart-summary">
        {t(
          'Notes compared: {{n}}; clearer than their control: {{clearer}}, no clear difference: {{same}}, less clear: {{lessClear}}. The largest difference: {{difference}} ({{low}} to {{high}}) for {{topic}}.',
          {
            n: rows.length,
            clearer: count('clearer'),
            same: count('no-difference'),
            lessClear: count('less-clear'),
            difference: oneDecimal(largest.estimate),
            low: oneDecimal(largest.low),
            high: oneDecimal(largest.high),
            topic: largest.topic,
          },
        )}
      </Text>
      <Table.Root size="sm" mt="2" data-testid="effects-table">
        <Table.Caption>{t('The chart’s values')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('Confusion answered')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('Difference')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('Low (95 %)')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('High (95 %)')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>{r.topic}</Table.Cell>
              <Table.Cell textAlign="end">{oneDecimal(r.estimate)}</Table.Cell>
              <Table.Cell textAlign="end">{oneDecimal(r.low)}</Table.Cell>
              <Table.Cell textAlign="end">{oneDecimal(r.high)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
