import { useState } from 'react';
import type { FollowUpCheck } from '../../shared/api/get-follow-up-check';
import { TEXTS } from '../../shared/topicComparison';
import { useStableId } from '../runtime/useStableId';
import { useT } from '../runtime/useT';
import { styled } from 'styled-system/jsx';
import { Box, Stack, Text } from '../ui/primitives';

const ANSWERS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Which topic is asked first: drawn once per form, so neither side always comes first. */
export type FollowUpOrder = 'addressed-first' | 'control-first';

const randomOrder = (): FollowUpOrder => (Math.random() < 0.5 ? 'addressed-first' : 'control-first');

/** The fields the two questions post: the rating of the topic the note answered, and of the control. */
const ADDRESSED_FIELD = 'followUpAddressed';
const CONTROL_FIELD = 'followUpControl';

/** A form's message for the check (its first question's, else its second's), from the form's messages by field. */
export const followUpError = (message: (field: string) => string | undefined) => message(ADDRESSED_FIELD) ?? message(CONTROL_FIELD);

/**
 * "Did it work?" (docs/decisions/follow-up-checks.md): the professor's note on the previous session,
 * then the same question on the topic it answered and on the control, "How clear is ⟨topic⟩ to you
 * now?", each optionally rated from 1 ("Still unclear") to 7 ("Clear now"), in an order drawn for
 * each form (`order` fixes it). Without a control, only the addressed topic is asked. Inside the form,
 * as fields the browser would post too: the note's id (hidden) and the radios `followUpAddressed` and
 * `followUpControl`. Emptied with the rest of the form (Start Fresh, a reset after a send).
 */
export function FollowUpCheckField({
  check,
  error,
  disabled,
  order,
}: {
  check: FollowUpCheck;
  error?: string;
  disabled?: boolean;
  order?: FollowUpOrder;
}) {
  const { t } = useT();
  const [drawn] = useState(randomOrder);
  const errorId = useStableId();
  const addressed = { name: ADDRESSED_FIELD, topic: check.addressedTopic };
  const control = check.controlTopic === null ? null : { name: CONTROL_FIELD, topic: check.controlTopic };
  const questions = !control ? [addressed] : (order ?? drawn) === 'control-first' ? [control, addressed] : [addressed, control];
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
      <Stack gap="3">
        {questions.map(({ name, topic }) => (
          <styled.fieldset
            key={name}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <styled.legend fontWeight="medium" textStyle="sm" mb="1.5">
              {t(TEXTS.question, { topic })}{' '}
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
                  <styled.input type="radio" name={name} value={String(n)} accentColor="blue.600" boxSize="4" />
                  {label(n)}
                </styled.label>
              ))}
            </Stack>
          </styled.fieldset>
        ))}
      </Stack>
      {error && (
        <Text id={errorId} color="fg.error" textStyle="xs" role="alert" mt="1.5">
          {error}
        </Text>
      )}
    </Box>
  );
}
