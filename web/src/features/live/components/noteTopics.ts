import type { SessionNote } from '../../../shared/api/get-course-notes';
import type { ConfusionGroup } from '../../../shared/api/get-shared-confusion';

/** A confusion group's text as a topic's first label: at most `max` characters, cut between words. */
export function shortLabel(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if ([...flat].length <= max) return flat;
  const cut = [...flat].slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '');
}

/**
 * The groups a note may name: the session's real groups (a text no read has placed yet shows as a
 * group of its own whose id is the text's; it has no group row to point at), most shared first.
 */
export const pickableGroups = (groups: readonly ConfusionGroup[]) => groups.filter((group) => group.id !== group.top.id);

/** The groups this session's notes already answered. */
export const addressedGroupIds = (notes: readonly SessionNote[]) =>
  new Set(
    notes.flatMap((note) =>
      note.figures && !note.figures.legacy && note.figures.addressed.groupId ? [note.figures.addressed.groupId] : [],
    ),
  );

/**
 * The control the system proposes: the most shared group of the session that no note answered,
 * other than the one this note answers (docs/decisions/follow-up-checks.md); null when none is left.
 */
export function proposedControl(groups: readonly ConfusionGroup[], addressedId: string, answered: ReadonlySet<string>) {
  return groups.find((group) => group.id !== addressedId && !answered.has(group.id)) ?? null;
}
