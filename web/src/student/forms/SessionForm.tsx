import { Fragment, useState } from 'react';
import type { Course } from '../../shared/api/get-course';
import type { FollowUpCheck } from '../../shared/api/get-follow-up-check';
import { CHALLENGE_LABELS, PACE_LABELS } from '../../shared/labels';
import type { Read } from '../runtime/useRead';
import { HydrationSlice } from '../runtime/HydrationSlice';
import { useT } from '../runtime/useT';
import { Card } from '../ui/Card';
import { FormField, Textarea } from '../ui/Field';
import { styled } from 'styled-system/jsx';
import { Button, Flex, Stack } from '../ui/primitives';
import { Notice } from '../ui/states';
import { CourseName, CourseSelect } from './CourseSelect';
import { DefaultChoice } from './DefaultChoice';
import { FollowUpCheckField, followUpError } from './FollowUpCheckField';
import { RangeField } from './fields';
import { type FormDefaults, asText, fieldsOf, followUpOf } from './formValues';
import { useNativePost } from './nativePost';
import { NoScriptCheck } from './NoScriptCheck';
import type { SessionValues } from './schemas';
import { useFeedbackForm } from './useFeedbackForm';
import { useFollowUpCheck } from './useFollowUpCheck';

const PACES = Object.keys(PACE_LABELS) as (keyof typeof PACE_LABELS)[];
const CHALLENGE_LEVELS = Object.keys(CHALLENGE_LABELS) as (keyof typeof CHALLENGE_LABELS)[];

/** A new Variant B form: nothing chosen, clarity in the middle, confidence at half. */
export const EMPTY_SESSION_CONTENT: FormDefaults = {
  mindAfterSession: '',
  unclearParts: '',
  wentWell: '',
  pace: '',
  challengeLevel: '',
  clarityRating: 4,
  confidenceLevel: 50,
};

export interface SessionFormProps {
  /** What the fields hold when drawn; each new `version` draws them anew with these (a load, a resume, Start Fresh). */
  defaults: FormDefaults;
  version: string | number;
  /**
   * How the course is known: chosen in a dropdown (`courses` its options), fixed as the edited
   * feedback's (shown as text), named by the address (not shown), or not yet (the page's HTML, a
   * class link on its way: the content is checked, and the page sends it with its course).
   */
  course: 'select' | 'unknown' | { lockedCourseId: string } | { fromAddress: string };
  courses?: Read<Course[]>;
  editing: boolean;
  /** The class session has ended: everything is read-only. */
  ended: boolean;
  pending: boolean;
  onSubmit: (values: SessionValues) => void;
  /** The validation code could not be downloaded (offline): nothing was sent. */
  onLoadFailure: () => void;
  /** Shows "Start Fresh": the page empties the form (a new `version`). */
  onStartFresh?: () => void;
  /** A new submission: until the island runs, the browser posts the form itself (nativePost.ts). */
  postsWithoutScript?: boolean;
  /** A new submission for this class session (id or date; '' for the course's today): its previous session's note's topics are rated. */
  followUpSessionId?: string;
  /**
   * That check question, when the page has read it for the course of its address (null: none); the
   * form then reads none itself. Without it, the form reads the check of the course chosen in it.
   */
  followUpCheck?: FollowUpCheck | null;
}

/** The seed's Variant B form: three texts, pace, challenge, clarity and confidence. */
export function SessionForm({
  defaults,
  version,
  course,
  courses,
  editing,
  ended,
  pending,
  onSubmit,
  onLoadFailure,
  onStartFresh,
  postsWithoutScript = false,
  followUpSessionId,
  followUpCheck,
}: SessionFormProps) {
  const { t } = useT();
  // The course the student chose in this version of the fields; else the one they were drawn with.
  const [chosen, setChosen] = useState<{ version: string | number; courseId: string }>();
  const fixedCourse =
    course === 'select' ? undefined : course === 'unknown' ? '' : 'lockedCourseId' in course ? course.lockedCourseId : course.fromAddress;
  const courseId = fixedCourse ?? (chosen?.version === version ? chosen.courseId : asText(defaults.courseId));
  const ownCheck = useFollowUpCheck(courseId, followUpCheck === undefined ? followUpSessionId : undefined);
  const check = followUpCheck === undefined ? ownCheck : followUpCheck;

  const { errors, form, formProps } = useFeedbackForm<SessionValues>({
    version,
    read: (element) => {
      const fields = fieldsOf(element);
      return {
        ...(course === 'unknown' ? {} : { courseId: fixedCourse ?? fields.courseId ?? '' }),
        mindAfterSession: fields.mindAfterSession ?? '',
        unclearParts: fields.unclearParts ?? '',
        wentWell: fields.wentWell ?? '',
        pace: fields.pace ?? '',
        challengeLevel: fields.challengeLevel ?? '',
        clarityRating: Number(fields.clarityRating),
        confidenceLevel: Number(fields.confidenceLevel),
        ...followUpOf(fields),
      };
    },
    check: (validation, input) => (course === 'unknown' ? validation.checkSessionContent(input) : validation.checkSession(input)),
    onValid: (values) => {
      if (!ended) onSubmit(values);
    },
    onLoadFailure,
  });
  const nativePost = useNativePost(postsWithoutScript, form);
  const message = (name: string) => (errors[name] ? t(errors[name]) : undefined);

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <styled.form display="flex" flexDirection="column" gap="5" aria-label={t('Session feedback')} {...nativePost} {...formProps}>
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

          <Fragment key={version}>
            {course === 'select' && courses && (
              <CourseSelect
                courses={courses}
                defaultValue={asText(defaults.courseId)}
                error={errors.courseId}
                onChoose={(id) => setChosen({ version, courseId: id })}
              />
            )}
            {typeof course === 'object' && 'lockedCourseId' in course && <CourseName courseId={course.lockedCourseId} />}

            <HydrationSlice>
              <FormField label={t("What's on your mind after this session?")} error={message('mindAfterSession')} readOnly={ended}>
                <Textarea name="mindAfterSession" rows={3} defaultValue={asText(defaults.mindAfterSession)} />
              </FormField>
              <FormField label={t('What parts were unclear?')} error={message('unclearParts')} readOnly={ended}>
                <Textarea name="unclearParts" rows={3} defaultValue={asText(defaults.unclearParts)} />
              </FormField>
              <FormField label={t('What went well?')} error={message('wentWell')} readOnly={ended}>
                <Textarea name="wentWell" rows={3} defaultValue={asText(defaults.wentWell)} />
              </FormField>
            </HydrationSlice>

            <HydrationSlice>
              <Stack direction={{ base: 'column', md: 'row' }} gap="5">
                <FormField label={t('How was the pace?')} error={message('pace')} disabled={ended}>
                  <DefaultChoice
                    name="pace"
                    defaultValue={asText(defaults.pace)}
                    placeholder={t('Select the pace')}
                    options={PACES.map((pace) => ({ value: pace, label: t(PACE_LABELS[pace]) }))}
                  />
                </FormField>
                <FormField label={t('How challenging was it?')} error={message('challengeLevel')} disabled={ended}>
                  <DefaultChoice
                    name="challengeLevel"
                    defaultValue={asText(defaults.challengeLevel)}
                    placeholder={t('Select the challenge level')}
                    options={CHALLENGE_LEVELS.map((level) => ({ value: level, label: t(CHALLENGE_LABELS[level]) }))}
                  />
                </FormField>
              </Stack>
            </HydrationSlice>

            <HydrationSlice>
              <RangeField
                label={t('How clear was this session?')}
                name="clarityRating"
                min={1}
                max={7}
                step={1}
                defaultValue={Number(defaults.clarityRating ?? 4)}
                readOut={(n) => t('{{n}} of 7', { n })}
                minLabel={t('Very unclear')}
                maxLabel={t('Very clear')}
                error={message('clarityRating')}
                disabled={ended}
              />
            </HydrationSlice>
            <HydrationSlice>
              <RangeField
                label={t('How confident do you feel about the material?')}
                name="confidenceLevel"
                min={0}
                max={100}
                step={5}
                defaultValue={Number(defaults.confidenceLevel ?? 50)}
                readOut={(n) => `${n}%`}
                minLabel="0%"
                maxLabel="100%"
                error={message('confidenceLevel')}
                disabled={ended}
              />
            </HydrationSlice>

            {/* Last: it comes with a read, and pushes down only what is under it (first-paint.md). Until
                then, a host without the form's script may have written it (NoScriptCheck). */}
            {check ? (
              <FollowUpCheckField check={check} error={followUpError(message)} disabled={ended} />
            ) : (
              postsWithoutScript && <NoScriptCheck />
            )}
          </Fragment>

          <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
            {onStartFresh && (
              <Button type="button" variant="outline" onClick={onStartFresh} disabled={pending || ended}>
                {t('Start Fresh')}
              </Button>
            )}
            <Button
              type="submit"
              colorPalette="blue"
              disabled={ended}
              loading={pending}
              loadingText={editing ? t('Updating...') : t('Submitting...')}
            >
              {editing ? t('Update Feedback') : t('Submit Anonymous Feedback')}
            </Button>
          </Flex>
        </styled.form>
      </Card.Body>
    </Card.Root>
  );
}
