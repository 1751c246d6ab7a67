import { ERROR_COLOR } from '../../shared/ui/colors';
import { Badge, Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type SessionInsight, type ShownSessionInsight, protectionLine, useSessionInsights } from './api/get-session-insights';
import { SectionCard } from '../../shared/ui/SectionCard';
import { useSharedConfusion } from '../../shared/api/get-shared-confusion';
import { SharedConfusionList } from '../../shared/ui/SharedConfusionList';
import { useTranslation } from 'react-i18next';
import { withNodes } from '../../shared/ui/withNodes';
import { formatNumber } from '../../shared/numbers';
import { currentLanguage } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { DistributionChart } from './DistributionChart';

const PACE_LABELS: [keyof ShownSessionInsight['pace'], string][] = [
  ['too_slow', msg('Too slow')],
  ['slightly_slow', msg('Slightly slow')],
  ['just_right', msg('Just right')],
  ['slightly_fast', msg('Slightly fast')],
  ['too_fast', msg('Too fast')],
];
const CHALLENGE_LABELS: [keyof ShownSessionInsight['challenge'], string][] = [
  ['far_too_easy', msg('Far too easy')],
  ['slightly_easy', msg('Slightly easy')],
  ['challenging_manageable', msg('Manageable')],
  ['slightly_hard', msg('Slightly hard')],
  ['far_too_hard', msg('Far too hard')],
];

function formatDay(sessionDate: string): string {
  const [year, month, day] = sessionDate.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString(currentLanguage(), { weekday: 'short', month: 'short', day: 'numeric' });
}

/** Session Insights (docs/product.md, Analytics): per class session, clarity, confidence, pace and challenge. */
export function SessionInsights({ courseId }: { courseId?: string }) {
  const { t } = useTranslation();
  const insights = useSessionInsights(courseId);
  return (
    <SectionCard
      id="session-insights"
      title={t('Session Insights')}
      description={t('Your most recent class sessions of the last 30 days.')}
    >
      {insights.isLoading && <Skeleton role="status" height="48" aria-label={t('Loading session insights')} />}
      {insights.isError && <Text color={ERROR_COLOR}>{t('Unable to load session insights')}</Text>}
      {insights.isSuccess && insights.data.length === 0 && <Text color="fg.muted">{t('No session feedback in the last 30 days.')}</Text>}
      {insights.isSuccess && insights.data.length > 0 && (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          {insights.data.map((session) => (
            <SessionCard key={session.sessionId} session={session} />
          ))}
        </SimpleGrid>
      )}
    </SectionCard>
  );
}

function SessionCard({ session }: { session: SessionInsight }) {
  const { t } = useTranslation();
  return (
    <Box as="article" borderWidth="1px" rounded="md" p="3" minW="0">
      <Heading as="h3" size="sm">
        {session.courseCode} · {formatDay(session.sessionDate)}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {session.topic ?? t('No topic set')} · {session.count} {session.count === 1 ? 'submission' : 'submissions'}
      </Text>
      {session.protected ? (
        <Text fontSize="sm" mt="2" data-testid="session-protected">
          {protectionLine(session.minResponses)}
        </Text>
      ) : (
        <>
          <SessionBreakdowns session={session} />
          <SessionSharedConfusion courseId={session.courseId} sessionId={session.sessionId} />
        </>
      )}
    </Box>
  );
}

/** The session's three most shared confusions, similar texts grouped ("N students"). */
function SessionSharedConfusion({ courseId, sessionId }: { courseId: string; sessionId: string }) {
  const { t } = useTranslation();
  const shared = useSharedConfusion(courseId, { sessionId });
  if (!shared.data || shared.data.groups.length === 0) return null;
  return (
    <Box mt="3" data-testid="session-shared-confusion">
      <Text fontSize="xs" color="fg.muted" mb="1">
        {t('Most shared confusion')}
      </Text>
      <SharedConfusionList groups={shared.data.groups} limit={3} />
    </Box>
  );
}

function SessionBreakdowns({ session }: { session: ShownSessionInsight }) {
  const { t } = useTranslation();
  return (
    <>
      {session.sessionFeedbackCount > 0 ? (
        <>
          <Stack direction="row" gap="4" mt="2" wrap="wrap" fontSize="sm">
            <Text>{withNodes(t('Mean clarity: {{value}}'), { value: <strong>{formatNumber(session.meanClarity, 2)} / 7</strong> })}</Text>
            <Text>
              {withNodes(t('Mean confidence: {{value}}'), { value: <strong>{formatNumber(session.meanConfidence, 2)}%</strong> })}
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mt="2">
            <DistributionChart
              title={t('Pace')}
              data={PACE_LABELS.map(([key, label]) => ({ label: t(label), count: session.pace[key] }))}
              color="blue.solid"
            />
            <DistributionChart
              title={t('Challenge')}
              data={CHALLENGE_LABELS.map(([key, label]) => ({ label: t(label), count: session.challenge[key] }))}
              color="purple.solid"
            />
          </SimpleGrid>
        </>
      ) : (
        <Text fontSize="sm" mt="2">
          {t('Slightly confused: {{slightly}} · Very confused: {{very}} · Completely lost: {{completely}}', session.difficulty)}
        </Text>
      )}
      {session.topTerms.length > 0 && (
        <Box mt="2">
          <Text fontSize="xs" color="fg.muted" mb="1">
            {t('Most mentioned in what was unclear')}
          </Text>
          <Stack direction="row" gap="1" wrap="wrap">
            {session.topTerms.map((term) => (
              <Badge key={term.term} variant="subtle">
                {term.term} ({term.count})
              </Badge>
            ))}
          </Stack>
        </Box>
      )}
    </>
  );
}
