import type { TFunction } from 'i18next';
import type { FollowUpFigures } from './api/get-course-notes';
import { msg } from '../i18n/msg';

export const FIGURES_TEXT = msg('Clarity before: {{before}} (n = {{beforeN}}) · after: {{after}} (n = {{afterN}})');

/** "Clarity before: 3.1 (n = 24) · after: 5.2 (n = 31)": means to one decimal, the same numbers in every language. */
export function figuresText(
  t: TFunction | ((key: string, values: Record<string, string | number>) => string),
  figures: FollowUpFigures,
): string {
  return (t as (key: string, values: Record<string, string | number>) => string)(FIGURES_TEXT, {
    before: Number(figures.before.mean).toFixed(1),
    beforeN: figures.before.n,
    after: Number(figures.after.mean).toFixed(1),
    afterN: figures.after.n,
  });
}
