import { useEffect, useState } from 'react';
import { msg } from '../../../i18n/msg';
import { refusalMessage } from '../../../shared/errorMessage';
import { useT } from '../../runtime/useT';
import { styled } from 'styled-system/jsx';
import { Text } from '../../ui/primitives';
import { type FormPostOutcome, pageOutcome } from './outcome';

// The forms' labels, to name the fields a refusal points at.
export const FIELD_LABELS: Record<string, string> = {
  courseId: msg('Course'),
  topic: msg('Topic'),
  confusion: msg('What confused you?'),
  difficultyLevel: msg('How confused are you?'),
  mindAfterSession: msg("What's on your mind after this session?"),
  unclearParts: msg('What parts were unclear?'),
  wentWell: msg('What went well?'),
  pace: msg('How was the pace?'),
  challengeLevel: msg('How challenging was it?'),
  clarityRating: msg('How clear was this session?'),
  confidenceLevel: msg('How confident do you feel about the material?'),
};

/** Why a post was refused, as the function said it in the fragment: its message, or one per field ("Topic: Please enter a topic"). */
export default function RefusalDetails() {
  const { t } = useT();
  const [outcome, setOutcome] = useState<FormPostOutcome>();
  useEffect(() => setOutcome(pageOutcome()), []);
  const fields = Object.entries(outcome?.fields ?? {});
  if (fields.length > 0) {
    return (
      <styled.ul ps="5" listStyleType="disc">
        {fields.map(([field, message]) => (
          <li key={field}>
            {FIELD_LABELS[field] ? `${t(FIELD_LABELS[field])}: ` : ''}
            {t(message)}
          </li>
        ))}
      </styled.ul>
    );
  }
  if (!outcome?.error) return null;
  return <Text fontWeight="semibold">{refusalMessage(outcome.error, 'Failed to submit feedback')}</Text>;
}
