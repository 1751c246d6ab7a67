import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SessionNote } from '../../../shared/api/get-course-notes';
import { askedText, figuresLines } from '../../../shared/topicComparison';

/**
 * A note as the team sees it: its text, what the next session rates (the topic it answered against
 * the control), and, once both sides reach the course's minimum, each topic's figures and the
 * verdict. An old note shows its single question and that it cannot be compared.
 */
export function PostedNote({ note }: { note: SessionNote }) {
  const { t } = useTranslation();
  const { figures } = note;
  const asked = figures ? askedText(t, figures) : null;
  return (
    <Box as="li" borderLeftWidth="3px" borderColor="blue.solid" pl="2" data-testid="posted-note">
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {note.body}
      </Text>
      {note.checkQuestion && (
        <Text fontSize="sm" color="fg.muted">
          {t('Check question: {{question}}', { question: note.checkQuestion })}
        </Text>
      )}
      {asked && (
        <Text fontSize="sm" color="fg.muted">
          {asked}
        </Text>
      )}
      {figures && (figures.legacy || figures.results) && (
        <Box data-testid="note-figures">
          {figuresLines(t, figures, 0).map((line) => (
            <Text key={line} fontSize="sm">
              {line}
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );
}
