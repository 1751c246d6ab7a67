import { type Interval, type Verdict, effectOf, verdictOf } from '../../shared/topicComparison';
import type { TermReport } from './api/get-term-report';

export type ReportNote = TermReport['notes'][number];

export interface RankedNote {
  note: ReportNote;
  /** Null when the note asks nothing. */
  verdict: Verdict | null;
  /** The paired difference (addressed − control) with its 95 % interval, when there is one. */
  effect: Interval | null;
}

/**
 * "What worked this term": the notes with a difference first, the largest first; then the others
 * in the report's order (the sort is stable, so are ties).
 */
export function notesByEffect(notes: ReportNote[]): RankedNote[] {
  return notes
    .map((note) => {
      const verdict = note.figures ? verdictOf(note.figures) : null;
      return { note, verdict, effect: verdict && effectOf(verdict) };
    })
    .sort((a, b) => (a.effect && b.effect ? b.effect.estimate - a.effect.estimate : a.effect ? -1 : b.effect ? 1 : 0));
}
