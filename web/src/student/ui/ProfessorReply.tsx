import type { OwnSubmission } from '../../shared/api/get-own-submission';
import { useT } from '../runtime/useT';
import { Box, Heading, Text } from './primitives';

/** The professor's answer to the student's own submission: only the holder of its edit token sees it. */
export function ProfessorReply({ reply }: { reply: OwnSubmission['reply'] | undefined }) {
  const { t } = useT();
  if (!reply) return null;
  return (
    <Box as="section" aria-labelledby="professor-reply" borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" rounded="md" p="4">
      <Heading as="h2" size="md" id="professor-reply" mb="1">
        {t('Your professor replied')}
      </Heading>
      <Text whiteSpace="pre-line" wordBreak="break-word" data-testid="professor-reply">
        {reply.body}
      </Text>
    </Box>
  );
}
