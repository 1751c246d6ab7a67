import { currentLanguage } from '../i18n/translate';

/** A number in the chosen language's notation (3.5 → "3,5" in Spanish), "–" when there is none. */
export function formatNumber(value: number | null | undefined, maximumFractionDigits = 1): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits }).format(value);
}
