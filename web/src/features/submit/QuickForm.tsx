import { Button, Card, Input, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { QuickFormInput, QuickFormOutput } from '../../shared/formTypes';
import { DIFFICULTY_LABELS } from '../../shared/labels';
import { lazyResolver } from '../../shared/lazyResolver';
import { CourseName, CourseSelect } from '../../shared/ui/CourseSelect';
import { Notice } from '../../shared/ui/Notice';
import { ChoiceCardsField, FormField } from '../../shared/forms/fields';
import { useNativeFormPost } from '../../shared/forms/nativePost';
import { useTranslation } from 'react-i18next';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import { useFollowUpCheck } from '../../shared/api/get-follow-up-check';
import { FollowUpCheckField, followUpAnswerValue, withFollowUpAnswer } from '../../shared/forms/FollowUpCheckField';

type FormInput = QuickFormInput;
type FormOutput = QuickFormOutput;

const validation = lazyResolver(() => import('../../shared/formResolvers').then((m) => m.quickResolver));
const DIFFICULTY_LEVELS = Object.keys(DIFFICULTY_LABELS) as (keyof typeof DIFFICULTY_LABELS)[];

export interface QuickFormProps {
  defaultValues: FormInput;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Editing: the course is fixed and shown as text. */
  lockedCourseId?: string;
  readOnly?: boolean;
  resetOnSuccess?: boolean;
  /** Resolves true on success; the form then resets (docs/product.md, Screen texts) when `resetOnSuccess`. */
  onSubmit: (values: FormOutput) => Promise<boolean>;
  /** The validation code could not be downloaded (offline): nothing was sent. */
  onLoadFailure: () => void;
  /** A new submission: before the app runs, the browser posts the form itself (shared/forms/nativePost.ts). */
  postsWithoutScript?: boolean;
  /** The form was drawn again by its own update (it remounts per version): its button gets focus back. */
  focusSubmit?: boolean;
  /** A new submission: the previous session's check question, if any, is asked above the fields. */
  askFollowUp?: boolean;
}

/** The Variant A form: course, topic, confusion, difficulty (unselected at first). */
export function QuickForm({
  defaultValues,
  pending,
  submitLabel,
  pendingLabel,
  lockedCourseId,
  readOnly,
  resetOnSuccess,
  onSubmit,
  onLoadFailure,
  postsWithoutScript = false,
  focusSubmit = false,
  askFollowUp = false,
}: QuickFormProps) {
  const { t } = useTranslation();
  // A light page's submit button says it is sending while the app it waits for starts (web/src/student/forms.ts).
  const light = useLightPage();
  const nativePost = useNativeFormPost(postsWithoutScript);
  const { register, handleSubmit, reset, formState, watch, setValue } = useForm<FormInput, unknown, FormOutput>({
    resolver: validation.resolver,
    defaultValues,
  });
  useEffect(() => validation.preloadWhenIdle(), []);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSubmit && (document.activeElement === null || document.activeElement === document.body)) submitButton.current?.focus();
  }, [focusSubmit]);
  const { errors } = formState;

  const check = useFollowUpCheck(watch('courseId') ?? '', watch('sessionId') ?? '', { enabled: askFollowUp }).data ?? null;

  const submit = handleSubmit(async (values) => {
    const ok = await onSubmit(withFollowUpAnswer(values, check));
    if (ok && resetOnSuccess) reset(defaultValues);
  });

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack asChild gap="5">
          <form onSubmit={(event) => submit(event).catch(onLoadFailure)} {...nativePost} aria-label={t('Feedback')}>
            {lockedCourseId ? (
              <CourseName courseId={lockedCourseId} />
            ) : (
              <CourseSelect {...register('courseId')} error={errors.courseId?.message} />
            )}

            {askFollowUp && check && (
              <FollowUpCheckField
                check={check}
                value={followUpAnswerValue(watch('followUpAnswer'))}
                onAnswer={(answer) => setValue('followUpAnswer', answer)}
                error={errors.followUpAnswer}
                disabled={readOnly}
              />
            )}

            <FormField label={t('Topic')} error={errors.topic} readOnly={readOnly}>
              <Input {...register('topic')} placeholder={t('e.g. Recursion, Chain rule')} autoComplete="off" />
            </FormField>

            <FormField
              label={t('What confused you?')}
              error={errors.confusion}
              readOnly={readOnly}
              helperText={t('At least 10 characters.')}
            >
              <Textarea
                {...register('confusion')}
                minLength={10}
                rows={5}
                placeholder={t("Describe what you didn't understand, in as much detail as you like.")}
              />
            </FormField>

            <ChoiceCardsField
              legend={t('How confused are you?')}
              options={DIFFICULTY_LEVELS.map((level) => ({ value: level, label: t(DIFFICULTY_LABELS[level]) }))}
              error={errors.difficultyLevel}
              disabled={readOnly}
              inputProps={register('difficultyLevel')}
            />

            {errors.sessionId?.message && (
              <Notice tone="error" role="alert">
                {errors.sessionId.message}
              </Notice>
            )}

            {!readOnly && (
              <Button
                ref={submitButton}
                type="submit"
                colorPalette="blue"
                size="lg"
                disabled={pending}
                loading={pending}
                loadingText={pendingLabel}
                {...(light ? { [LIGHT.busyLabel]: t(pendingLabel) } : {})}
              >
                {submitLabel}
              </Button>
            )}
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
