import { Button, Card, Flex, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SessionFormInput, SessionFormOutput } from '../formTypes';
import { CHALLENGE_LABELS, PACE_LABELS } from '../labels';
import { lazyResolver } from '../lazyResolver';
import { CourseName, CourseSelect } from '../ui/CourseSelect';
import { Notice } from '../ui/Notice';
import { FormField, RangeField, SelectControl } from './fields';
import { useNativeFormPost } from './nativePost';
import { LIGHT, useLightPage } from '../lightPage';
import { useFollowUpCheck } from '../api/get-follow-up-check';
import { FollowUpCheckField, followUpAnswerValue, withFollowUpAnswer } from './FollowUpCheckField';

const validation = lazyResolver(() => import('../formResolvers').then((m) => m.sessionResolver));
const PACES = Object.keys(PACE_LABELS) as (keyof typeof PACE_LABELS)[];
const CHALLENGE_LEVELS = Object.keys(CHALLENGE_LABELS) as (keyof typeof CHALLENGE_LABELS)[];

/** A new Variant B form: nothing chosen, clarity in the middle, confidence at half. */
export const EMPTY_SESSION_CONTENT = {
  mindAfterSession: '',
  unclearParts: '',
  wentWell: '',
  pace: '',
  challengeLevel: '',
  clarityRating: 4,
  confidenceLevel: 50,
} as unknown as Omit<SessionFormInput, 'courseId'>;

export interface SessionFormProps {
  defaultValues: SessionFormInput;
  /** Values read from the server replace what the form holds (edit mode after a reload). */
  loaded?: SessionFormInput;
  /** How the course is chosen: a dropdown, the fixed course of the feedback being edited, or not at all (the address names it). */
  course: 'select' | { lockedCourseId: string } | 'none';
  editing: boolean;
  /** The class session has ended: everything is read-only. */
  ended: boolean;
  pending: boolean;
  onSubmit: (values: SessionFormOutput) => void;
  /** The validation code could not be downloaded (offline): nothing was sent. */
  onLoadFailure: () => void;
  /** Shows "Start Fresh": the form empties, then this runs. */
  onStartFresh?: () => void;
  /** A new submission: before the app runs, the browser posts the form itself (nativePost.ts). */
  postsWithoutScript?: boolean;
  /** The form was drawn again by its own update (it remounts per version): its button gets focus back. */
  focusSubmit?: boolean;
  /** A new submission for this class session (id or date): its previous session's check question is asked. */
  followUpSessionId?: string;
}

/** The seed's Variant B form: three texts, pace, challenge, clarity and confidence. */
export function SessionForm({
  defaultValues,
  loaded,
  course,
  editing,
  ended,
  pending,
  onSubmit,
  onLoadFailure,
  onStartFresh,
  postsWithoutScript = false,
  focusSubmit = false,
  followUpSessionId,
}: SessionFormProps) {
  const { t } = useTranslation();
  // A light page's submit button says it is sending while the app it waits for starts (web/src/student/classSession.ts).
  const light = useLightPage();
  const nativePost = useNativeFormPost(postsWithoutScript);
  const { register, handleSubmit, reset, watch, formState, setValue } = useForm<SessionFormInput, unknown, SessionFormOutput>({
    resolver: validation.resolver,
    defaultValues,
  });
  useEffect(() => validation.preloadWhenIdle(), []);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSubmit && (document.activeElement === null || document.activeElement === document.body)) submitButton.current?.focus();
  }, [focusSubmit]);
  useEffect(() => {
    if (loaded) reset(loaded);
  }, [loaded, reset]);
  const { errors } = formState;
  const clarity = Number(watch('clarityRating'));
  const confidence = Number(watch('confidenceLevel'));
  const check =
    useFollowUpCheck(watch('courseId') ?? '', followUpSessionId ?? '', { enabled: followUpSessionId !== undefined }).data ?? null;
  const submit = handleSubmit((values) => {
    if (!ended) onSubmit(withFollowUpAnswer(values, check));
  });

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack asChild gap="5">
          <form onSubmit={(event) => submit(event).catch(onLoadFailure)} {...nativePost} aria-label={t('Session feedback')}>
            {ended ? (
              <Notice tone="warning" role="status">
                {t('This class session has ended; feedback can no longer be edited.')}
              </Notice>
            ) : (
              editing && (
                <Notice tone="success">
                  {t("You're editing the feedback you sent for this session. Change anything and choose Update Feedback.")}
                </Notice>
              )
            )}

            {course === 'select' && <CourseSelect {...register('courseId')} error={errors.courseId?.message} />}
            {typeof course === 'object' && <CourseName courseId={course.lockedCourseId} />}

            {followUpSessionId !== undefined && check && (
              <FollowUpCheckField
                check={check}
                value={followUpAnswerValue(watch('followUpAnswer'))}
                onAnswer={(answer) => setValue('followUpAnswer', answer)}
                error={errors.followUpAnswer}
                disabled={ended}
              />
            )}

            <FormField label={t("What's on your mind after this session?")} error={errors.mindAfterSession} readOnly={ended}>
              <Textarea {...register('mindAfterSession')} rows={3} />
            </FormField>
            <FormField label={t('What parts were unclear?')} error={errors.unclearParts} readOnly={ended}>
              <Textarea {...register('unclearParts')} rows={3} />
            </FormField>
            <FormField label={t('What went well?')} error={errors.wentWell} readOnly={ended}>
              <Textarea {...register('wentWell')} rows={3} />
            </FormField>

            <Stack direction={{ base: 'column', md: 'row' }} gap="5">
              <FormField label={t('How was the pace?')} error={errors.pace} disabled={ended}>
                <SelectControl
                  {...register('pace')}
                  placeholder={t('Select the pace')}
                  options={PACES.map((pace) => ({ value: pace, label: t(PACE_LABELS[pace]) }))}
                />
              </FormField>
              <FormField label={t('How challenging was it?')} error={errors.challengeLevel} disabled={ended}>
                <SelectControl
                  {...register('challengeLevel')}
                  placeholder={t('Select the challenge level')}
                  options={CHALLENGE_LEVELS.map((level) => ({ value: level, label: t(CHALLENGE_LABELS[level]) }))}
                />
              </FormField>
            </Stack>

            <RangeField
              label={t('How clear was this session?')}
              value={t('{{n}} of 7', { n: clarity })}
              min={1}
              max={7}
              step={1}
              minLabel={t('Very unclear')}
              maxLabel={t('Very clear')}
              valueText={t('{{n}} of 7', { n: clarity })}
              error={errors.clarityRating}
              inputProps={{ ...register('clarityRating', { valueAsNumber: true }), disabled: ended }}
            />
            <RangeField
              label={t('How confident do you feel about the material?')}
              value={`${confidence}%`}
              min={0}
              max={100}
              step={5}
              minLabel="0%"
              maxLabel="100%"
              valueText={`${confidence}%`}
              error={errors.confidenceLevel}
              inputProps={{ ...register('confidenceLevel', { valueAsNumber: true }), disabled: ended }}
            />

            <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
              {onStartFresh && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    reset(defaultValues);
                    onStartFresh();
                  }}
                  disabled={pending || ended}
                >
                  {t('Start Fresh')}
                </Button>
              )}
              <Button
                ref={submitButton}
                type="submit"
                colorPalette="blue"
                disabled={ended}
                loading={pending}
                loadingText={editing ? t('Updating...') : t('Submitting...')}
                {...(light ? { [LIGHT.busyLabel]: editing ? t('Updating...') : t('Submitting...') } : {})}
              >
                {editing ? t('Update Feedback') : t('Submit Anonymous Feedback')}
              </Button>
            </Flex>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
