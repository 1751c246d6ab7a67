import type { TFunction } from 'i18next';
import { currentLanguage } from '../../i18n/i18n';
import type { LiveSnapshot } from './api/get-live-session';

/** The session feedback's averages as the live view and its pop-out show them: "4.5 of 7", "62%", a dash before any. */
export function averageTexts(t: TFunction, { meanClarity, meanConfidence }: Pick<LiveSnapshot, 'meanClarity' | 'meanConfidence'>) {
  return {
    clarity:
      meanClarity === null
        ? '–'
        : t('{{n}} of 7', { n: meanClarity.toLocaleString(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }),
    confidence: meanConfidence === null ? '–' : `${Math.round(meanConfidence)}%`,
  };
}
