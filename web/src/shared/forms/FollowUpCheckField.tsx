import { Box, Stack, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FollowUpCheck } from '../api/get-follow-up-check';

const ANSWERS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A radio's value as the schema wants it: a number, or undefined when none is chosen. */
export const followUpAnswerValue = (value: unknown) =>
  value === '' || value === null || value === undefined || value === false ? undefined : Number(value);

/**
 * A form's values as they are sent: the answer goes with its question's note id, and without a
 * question shown (or an answer chosen) neither is sent.
 */
export function withFollowUpAnswer<T extends { followUpAnswer?: number; followUpNoteId?: string }>(
  values: T,
  check: FollowUpCheck | null,
): T {
  const { followUpAnswer, followUpNoteId: _ignored, ...rest } = values;
  return (check && followUpAnswer !== undefined ? { ...rest, followUpNoteId: check.noteId, followUpAnswer } : rest) as T;
}

/**
 * "Did it help?" (docs/decisions/follow-up-checks.md): the professor's note on the previous
 * session and its check question, with an optional answer from 1 ("Still unclear") to 7 ("Clear
 * now"). The note's id goes with the form (a hidden field, for a form the browser posts itself).
 * The radios are named `followUpAnswer` for that post; the app's form is told the answer as a
 * number (react-hook-form gives a radio's value as text, which the shared schema refuses).
 */
export function FollowUpCheckField({
  check,
  value,
  onAnswer,
  error,
  disabled,
}: {
  check: FollowUpCheck;
  /** The form's answer: the radios follow it, so "Start Fresh" (a reset) clears them too. */
  value: number | undefined;
  onAnswer: (answer: number) => void;
  error?: { message?: string };
  disabled?: boolean;
}) {
  const { t } = useTranslation();
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
      <chakra.fieldset disabled={disabled} aria-invalid={error?.message ? true : undefined}>
        <chakra.legend fontWeight="medium" textStyle="sm" mb="1.5">
          {check.checkQuestion}{' '}
          <Text as="span" fontWeight="normal" color="fg.muted">
            {t('(optional)')}
          </Text>
        </chakra.legend>
        <Stack direction="row" gap="1.5" flexWrap="wrap">
          {ANSWERS.map((n) => (
            <chakra.label
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
              <chakra.input
                type="radio"
                name="followUpAnswer"
                value={String(n)}
                checked={value === n}
                onChange={(event) => event.target.checked && onAnswer(n)}
                accentColor="blue.600"
                boxSize="4"
              />
              {label(n)}
            </chakra.label>
          ))}
        </Stack>
        {error?.message && (
          <Text color="fg.error" textStyle="xs" role="alert">
            {error.message}
          </Text>
        )}
      </chakra.fieldset>
    </Box>
  );
}
