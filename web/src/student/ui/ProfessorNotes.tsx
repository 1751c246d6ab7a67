import type { SessionNote } from '../../shared/api/get-course-notes';
import { formatSessionDate } from '../../shared/dates';
import { figuresText } from '../../shared/followUpFigures';
import { useT } from '../runtime/useT';
import { Box, Heading, Stack, Text } from './primitives';

/** A note as the pages show it: a course page may draw one kept on this device, which has no id. */
export type ShownNote = Pick<SessionNote, 'sessionDate' | 'body' | 'figures'> & { id?: string };

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
            {note.figures && (
              <Text fontSize="sm" color="fg.muted" data-testid="note-figures">
                {figuresText(t, note.figures)}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
