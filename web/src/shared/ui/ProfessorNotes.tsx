import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { SessionNote } from '../api/get-course-notes';
import { formatSessionDate } from '../dates';
import { useTranslation } from 'react-i18next';
import { figuresText } from '../followUpFigures';

/** "From your professor": the notes a professor posted on class sessions, newest first. */
export function ProfessorNotes({ notes, showDates = true }: { notes: SessionNote[] | undefined; showDates?: boolean }) {
  const { t } = useTranslation();
  if (!notes || notes.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="professor-notes">
      <Heading as="h2" size="lg" id="professor-notes" mb="3">
        {t('From your professor')}
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none">
        {notes.map((note) => (
          <Box as="li" key={note.id} borderLeftWidth="3px" borderColor="blue.solid" pl="3" data-testid="professor-note">
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
