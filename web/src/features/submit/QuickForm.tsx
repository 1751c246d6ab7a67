import { Button, Card, Field, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { QuickFormInput, QuickFormOutput } from '../../shared/formTypes';
import { DIFFICULTY_LABELS } from '../../shared/labels';
import { lazyResolver } from '../../shared/lazyResolver';
import { ERROR_COLOR } from '../../shared/ui/colors';
import { CourseName, CourseSelect } from '../../shared/ui/CourseSelect';
import { Notice } from '../../shared/ui/Notice';
import { useNativeFormPost } from '../../shared/forms/nativePost';
import { useTranslation } from 'react-i18next';

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
}: QuickFormProps) {
  const { t } = useTranslation();
  const nativePost = useNativeFormPost(postsWithoutScript);
  const { register, handleSubmit, reset, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: validation.resolver,
    defaultValues,
  });
  useEffect(() => validation.preloadWhenIdle(), []);
  const { errors } = formState;
  const difficultyErrorId = useId();

  const submit = handleSubmit(async (values) => {
    const ok = await onSubmit(values);
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

            <Field.Root required invalid={Boolean(errors.topic)} readOnly={readOnly}>
              <Field.Label>
                {t('Topic')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input {...register('topic')} placeholder={t('e.g. Recursion, Chain rule')} autoComplete="off" />
              {errors.topic?.message && <Field.ErrorText color={ERROR_COLOR}>{errors.topic.message}</Field.ErrorText>}
            </Field.Root>

            <Field.Root required invalid={Boolean(errors.confusion)} readOnly={readOnly}>
              <Field.Label>
                {t('What confused you?')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea {...register('confusion')} minLength={10} rows={5} placeholder={t('Describe what you didn\'t understand, in as much detail as you like.')} />
              <Field.HelperText>{t('At least 10 characters.')}</Field.HelperText>
              {errors.confusion?.message && <Field.ErrorText color={ERROR_COLOR}>{errors.confusion.message}</Field.ErrorText>}
            </Field.Root>

            <chakra.fieldset
              aria-invalid={errors.difficultyLevel ? true : undefined}
              aria-describedby={errors.difficultyLevel ? difficultyErrorId : undefined}
              disabled={readOnly}
              display="flex"
              flexDirection="column"
              gap="1.5"
            >
              <chakra.legend fontWeight="medium" textStyle="sm" mb="1.5">
                {t('How confused are you?')}
              </chakra.legend>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                {DIFFICULTY_LEVELS.map((level) => (
                  <chakra.label
                    key={level}
                    display="flex"
                    alignItems="center"
                    gap="2"
                    px="3"
                    py="2"
                    borderWidth="1px"
                    borderColor={errors.difficultyLevel ? 'border.error' : 'border'}
                    borderRadius="md"
                    cursor="pointer"
                    flex="1"
                    _hover={{ bg: 'bg.muted' }}
                    css={{
                      '&:has(input:checked)': { borderColor: 'blue.600', bg: 'blue.subtle' },
                      '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
                    }}
                  >
                    <chakra.input type="radio" value={level} required {...register('difficultyLevel')} accentColor="blue.600" boxSize="4" />
                    {t(DIFFICULTY_LABELS[level])}
                  </chakra.label>
                ))}
              </Stack>
              {errors.difficultyLevel?.message && (
                <Text id={difficultyErrorId} color={ERROR_COLOR} textStyle="xs">
                  {errors.difficultyLevel.message}
                </Text>
              )}
            </chakra.fieldset>

            {errors.sessionId?.message && (
              <Notice tone="error" role="alert">
                {errors.sessionId.message}
              </Notice>
            )}

            {!readOnly && (
              <Button type="submit" colorPalette="blue" size="lg" disabled={pending} loading={pending} loadingText={pendingLabel}>
                {submitLabel}
              </Button>
            )}
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
