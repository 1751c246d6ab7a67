import { Fragment, useState } from 'react';
import type { Course } from '../../shared/api/get-course';
import { DIFFICULTY_LABELS } from '../../shared/labels';
import type { Read } from '../runtime/useRead';
import { HydrationSlice } from '../runtime/HydrationSlice';
import { useT } from '../runtime/useT';
import { Card } from '../ui/Card';
import { FormField, Input, Textarea } from '../ui/Field';
import { styled } from 'styled-system/jsx';
import { Button } from '../ui/primitives';
import { Notice } from '../ui/states';
import { CourseName, CourseSelect } from './CourseSelect';
import { FollowUpCheckField, followUpError } from './FollowUpCheckField';
import { ChoiceCardsField } from './fields';
import { type FormDefaults, asText, fieldsOf, followUpOf } from './formValues';
import { useNativePost } from './nativePost';
import { NoScriptCheck } from './NoScriptCheck';
import type { QuickValues } from './schemas';
import { useFeedbackForm } from './useFeedbackForm';
import { useFollowUpCheck } from './useFollowUpCheck';

const DIFFICULTY_LEVELS = Object.keys(DIFFICULTY_LABELS) as (keyof typeof DIFFICULTY_LABELS)[];

export interface QuickFormProps {
  /** What the fields hold when drawn; each new `version` draws them anew with these (a resume, a reset after a send). */
  defaults: FormDefaults;
  version: string | number;
  /** The session sent with the form: the page's, or the server's "today" (lib/today.ts). */
  sessionId: string;
  /** The course's dropdown options (a new submission); without them the course is `defaults.courseId`, fixed. */
  courses?: Read<Course[]>;
  pending: boolean;
  submitLabel: string;
  /** The button's label while sending, translated. */
  pendingLabel: string;
  readOnly?: boolean;
  onSubmit: (values: QuickValues) => void;
  /** The validation code could not be downloaded (offline): nothing was sent. */
  onLoadFailure: () => void;
  /** A new submission: until the island runs, the browser posts the form itself (nativePost.ts). */
  postsWithoutScript?: boolean;
  /** A new submission: the session whose previous session's note's topics are rated above the fields ('' for the course's today). */
  followUpSessionId?: string;
}

/** The Variant A form: course, topic, confusion, difficulty (unselected at first). */
export function QuickForm({
  defaults,
  version,
  sessionId,
  courses,
  pending,
  submitLabel,
  pendingLabel,
  readOnly = false,
  onSubmit,
  onLoadFailure,
  postsWithoutScript = false,
  followUpSessionId,
}: QuickFormProps) {
  const { t } = useT();
  // The course the student chose in this version of the fields; else the one they were drawn with.
  const [chosen, setChosen] = useState<{ version: string | number; courseId: string }>();
  const courseId = chosen?.version === version ? chosen.courseId : asText(defaults.courseId);
  const check = useFollowUpCheck(courseId, followUpSessionId);

  const { errors, form, formProps } = useFeedbackForm<QuickValues>({
    version,
    read: (element) => {
      const fields = fieldsOf(element);
      return {
        courseId: courses ? (fields.courseId ?? '') : asText(defaults.courseId),
        topic: fields.topic ?? '',
        confusion: fields.confusion ?? '',
        difficultyLevel: fields.difficultyLevel,
        sessionId,
        ...followUpOf(fields),
      };
    },
    check: (validation, input) => validation.checkQuick(input),
    onValid: onSubmit,
    onLoadFailure,
  });
  const nativePost = useNativePost(postsWithoutScript, form);
  const message = (name: string) => (errors[name] ? t(errors[name]) : undefined);

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <styled.form display="flex" flexDirection="column" gap="5" aria-label={t('Feedback')} {...nativePost} {...formProps}>
          <Fragment key={version}>
            {courses ? (
              <CourseSelect
                courses={courses}
                defaultValue={asText(defaults.courseId)}
                error={errors.courseId}
                onChoose={(id) => setChosen({ version, courseId: id })}
              />
            ) : (
              <CourseName courseId={asText(defaults.courseId)} />
            )}

            <HydrationSlice>
              <FormField label={t('Topic')} error={message('topic')} readOnly={readOnly}>
                <Input
                  name="topic"
                  defaultValue={asText(defaults.topic)}
                  placeholder={t('e.g. Recursion, Chain rule')}
                  autoComplete="off"
                />
              </FormField>

              <FormField
                label={t('What confused you?')}
                error={message('confusion')}
                readOnly={readOnly}
                helperText={t('At least 10 characters.')}
              >
                <Textarea
                  name="confusion"
                  defaultValue={asText(defaults.confusion)}
                  minLength={10}
                  rows={5}
                  placeholder={t("Describe what you didn't understand, in as much detail as you like.")}
                />
              </FormField>
            </HydrationSlice>

            <HydrationSlice>
              <ChoiceCardsField
                legend={t('How confused are you?')}
                name="difficultyLevel"
                options={DIFFICULTY_LEVELS.map((level) => ({ value: level, label: t(DIFFICULTY_LABELS[level]) }))}
                defaultValue={asText(defaults.difficultyLevel)}
                error={message('difficultyLevel')}
                disabled={readOnly}
              />
            </HydrationSlice>

            {/* Last: it comes with a read, and pushes down only what is under it (first-paint.md). Until
                then, a host without the form's script may have written it (NoScriptCheck). */}
            {check ? (
              <FollowUpCheckField check={check} error={followUpError(message)} disabled={readOnly} />
            ) : (
              postsWithoutScript && <NoScriptCheck />
            )}
          </Fragment>

          {errors.sessionId && (
            <Notice tone="error" role="alert">
              {t(errors.sessionId)}
            </Notice>
          )}

          {!readOnly && (
            <Button type="submit" colorPalette="blue" size="lg" loading={pending} loadingText={pendingLabel}>
              {submitLabel}
            </Button>
          )}
        </styled.form>
      </Card.Body>
    </Card.Root>
  );
}
