import type { FollowUpCheck } from '../../shared/api/get-follow-up-check';
import { useT } from '../runtime/useT';
import { styled } from 'styled-system/jsx';
import { Box, Stack, Text } from '../ui/primitives';

const ANSWERS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * "Did it help?" (docs/decisions/follow-up-checks.md): the professor's note on the previous
 * session and its check question, with an optional answer from 1 ("Still unclear") to 7 ("Clear
 * now"). Inside the form, as fields the browser would post too: the note's id (hidden) and the
 * radios `followUpAnswer`. Emptied with the rest of the form (Start Fresh, a reset after a send).
 */
export function FollowUpCheckField({ check, error, disabled }: { check: FollowUpCheck; error?: string; disabled?: boolean }) {
  const { t } = useT();
  const label = (n: number) => (n === 1 ? t('1 Still unclear') : n === 7 ? t('7 Clear now') : String(n));
  return (
    <Box borderLeftWidth="3px" borderColor="blue.solid" pl="3" data-testid="follow-up-check">
      <input type="hidden" name="followUpNoteId" value={check.noteId} />
      <Text fontSize="sm" color="fg.muted">
        {t('From your professor')}
      </Text>
      <Text whiteSpace="pre-line" wordBreak="break-word" mb="2">
        {check.body}
      </Text>
      <styled.fieldset disabled={disabled} aria-invalid={error ? true : undefined}>
        <styled.legend fontWeight="medium" textStyle="sm" mb="1.5">
          {check.checkQuestion}{' '}
          <styled.span fontWeight="normal" color="fg.muted">
            {t('(optional)')}
          </styled.span>
        </styled.legend>
        <Stack direction="row" gap="1.5" flexWrap="wrap">
          {ANSWERS.map((n) => (
            <styled.label
              key={n}
              display="flex"
              alignItems="center"
              gap="1.5"
              px="2.5"
              py="1.5"
              borderWidth="1px"
              borderColor="border"
              borderRadius="md"
              cursor="pointer"
              _hover={{ bg: 'bg.muted' }}
              css={{
                '&:has(input:checked)': { borderColor: 'blue.600', bg: 'blue.subtle' },
                '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
              }}
            >
              <styled.input type="radio" name="followUpAnswer" value={String(n)} accentColor="blue.600" boxSize="4" />
              {label(n)}
            </styled.label>
          ))}
        </Stack>
        {error && (
          <Text color="fg.error" textStyle="xs" role="alert">
            {error}
          </Text>
        )}
      </styled.fieldset>
    </Box>
  );
}
