import type { SessionNote } from '../../shared/api/get-course-notes';
import { formatSessionDate } from '../../shared/dates';
import { type FollowUpFigures, figuresLines } from '../../shared/topicComparison';
import { useT } from '../runtime/useT';
import { Box, Heading, Stack, Text } from './primitives';

/** A note as the pages show it: a course page may draw one kept on this device, which has no id. */
export type ShownNote = Pick<SessionNote, 'sessionDate' | 'body' | 'figures'> & { id?: string };

/**
 * The figures a note shows: each topic's ratings and the verdict once both sides count the course's
 * minimum of responses, or the one line of a note asked before controls existed; nothing while pending
 * (nor for figures in a shape this page no longer knows, as a device may have kept them).
 */
const shownFigures = (figures: FollowUpFigures | null | undefined) => Boolean(figures && (figures.legacy || figures.results));

/** "From your professor": the notes a professor posted on class sessions, newest first, each with its follow-up figures once shown. */
export function ProfessorNotes({ notes, showDates = true }: { notes: ShownNote[] | undefined; showDates?: boolean }) {
  const { t } = useT();
  if (!notes || notes.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="professor-notes">
      <Heading as="h2" size="lg" id="professor-notes" mb="3">
        {t('From your professor')}
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none">
        {notes.map((note, index) => (
          <Box as="li" key={note.id ?? index} borderLeftWidth="3px" borderColor="blue.solid" pl="3" data-testid="professor-note">
            {showDates && (
              <Text fontSize="sm" color="fg.muted">
                {formatSessionDate(note.sessionDate)}
              </Text>
            )}
            <Text whiteSpace="pre-line" wordBreak="break-word">
              {note.body}
            </Text>
            {note.figures && shownFigures(note.figures) && (
              <Box fontSize="sm" color="fg.muted" data-testid="note-figures">
                {/* Pending figures are not shown, so the minimum of responses is never said. */}
                {figuresLines(t, note.figures, 0).map((line) => (
                  <Text key={line}>{line}</Text>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
