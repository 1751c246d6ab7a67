import { msg } from '../../../i18n/msg';

/** Length in characters as people (and Postgres) count them: "😀" is one, not two. */
const charLength = (text: string) => [...text].length;

/**
 * What the edge function would refuse in a story the form built, in its words (its storyCreateSchema:
 * storyVocabulary.test.ts keeps the two in step), or null. The required parts are checked before.
 */
export function storyTooLong({ title, description, submittedBy }: { title: string; description: string; submittedBy: string | null }) {
  if (charLength(title) > 300 || charLength(description) > 1000) return msg('The story is too long');
  if (submittedBy !== null && charLength(submittedBy) > 80) return msg('Your name is too long');
  return null;
}
