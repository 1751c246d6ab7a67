import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { currentLanguage } from '../../i18n/i18n';
import { SectionCard } from '../../shared/ui/SectionCard';

/** The charts' width: the page's on a phone, fixed from md on (and in print: ReportPage's PRINT_CSS). */
export const CHART_WIDTH = { base: '100%', md: '640px' };

/** "Sep 1, 2026" from "2026-09-01", in the chosen language, without a time zone's shift. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).toLocaleDateString(currentLanguage(), { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A section of the report: a card that starts a printed page. */
export function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Box data-report-section data-testid={id}>
      <SectionCard id={id} title={title} description={description}>
        {children}
      </SectionCard>
    </Box>
  );
}
