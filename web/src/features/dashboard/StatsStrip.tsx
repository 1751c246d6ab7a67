import { Box, Card, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { DashboardStats } from '../../shared/api/get-dashboard-stats';
import { fromLastWeek } from './patterns';
import { useTranslation } from 'react-i18next';

interface StatCardProps {
  label: string;
  value: number | undefined;
  help: string | undefined;
  loading: boolean;
}

function StatCard({ label, value, help, loading }: StatCardProps) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted" fontWeight="medium">
          {label}
        </Text>
        {/* While loading, skeletons around stand-in lines of the figures' own height: nothing moves when they arrive. */}
        <Skeleton loading={loading} width={loading ? '16' : undefined}>
          <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2" data-testid={loading ? undefined : `stat-${label}`}>
            {loading ? '0' : value}
          </Text>
        </Skeleton>
        <Skeleton loading={loading} width={loading ? '32' : undefined}>
          <Text fontSize="sm" color="fg.muted">
            {loading ? '\u00a0' : help}
          </Text>
        </Skeleton>
      </Card.Body>
    </Card.Root>
  );
}

/** The seed: the four-card stats strip; Response Needed is the real pending-review count (docs/product.md, Analytics). */
export function StatsStrip({ stats, loading, failed }: { stats: DashboardStats | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Box borderWidth="1px" borderColor="red.muted" bg="red.subtle" color="red.fg" rounded="md" p="4" role="alert">
        {t('Unable to load statistics')}
      </Box>
    );
  }
  return (
    <SimpleGrid as="section" aria-label={t('Statistics')} columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      <StatCard
        label={t('Total Submissions')}
        value={stats?.totalSubmissions}
        help={stats && fromLastWeek(stats.recentSubmissions)}
        loading={loading}
      />
      <StatCard
        label={t('Active Courses')}
        value={stats?.activeCourses}
        help={stats && (stats.activeCourses > 0 ? t('All courses active') : t('No active courses'))}
        loading={loading}
      />
      <StatCard label={t('Recent Activity')} value={stats?.recentSubmissions} help={t('submissions this week')} loading={loading} />
      <StatCard label={t('Response Needed')} value={stats?.pendingReview} help={t('pending review')} loading={loading} />
    </SimpleGrid>
  );
}
