import { Button, Field, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../../shared/translatedResolver';
import { useEffect, useRef, useState } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { ApiError } from '../../lib/errors';
import { type ProfessorCourse, canEditCourse, canManageTeam } from '../../shared/api/get-my-courses';
import { withoutStatus } from '../../shared/errorMessage';
import { FormField, SelectControl } from '../../shared/forms/fields';
import { toaster } from '../../shared/ui/toaster';
import { TitledCard } from '../../shared/ui/TitledCard';
import { useCreateCourse } from './api/create-course';
import { type CourseInput, DEFAULT_PRIVACY, RETENTION_DAYS, type RetentionDays, courseInputSchema } from './api/course-input';
import { useUpdateCourse } from './api/update-course';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';
import { termFor } from '../../shared/terms';

type CourseFormValues = CourseInput;

/** A new course's form: no section, and the current term proposed. */
const emptyValues = (): CourseFormValues => ({ name: '', code: '', section: '', term: termFor(new Date()), ...DEFAULT_PRIVACY });

/** "Delete feedback after": the select's options, in order. */
const RETENTION_OPTIONS: { value: string; label: string }[] = [
  ...RETENTION_DAYS.map((days) => ({ value: String(days), label: `${days}` })),
  { value: 'never', label: msg('Never') },
];
const retentionValue = (days: RetentionDays) => (days === null ? 'never' : String(days));
const retentionDays = (value: string): RetentionDays =>
  value === 'never' ? null : (RETENTION_DAYS.find((days) => String(days) === value) ?? DEFAULT_PRIVACY.retentionDays);

function valuesOf(course: ProfessorCourse): CourseFormValues {
  return {
    name: course.name,
    code: course.code,
    section: course.section ?? '',
    term: course.term,
    reviewBeforePublishing: course.reviewBeforePublishing,
    minPublicResponses: course.minPublicResponses,
    retentionDays: course.retentionDays as RetentionDays,
    peerConfusion: course.peerConfusion,
    lmsRolesJoinTeam: course.lmsRolesJoinTeam,
  };
}

interface CourseFormProps {
  /** The course being edited; null when creating. A TA's course is never edited here. */
  editing: ProfessorCourse | null;
  onDone: () => void;
  /** Focus the course name when the form appears (after "Get Started", whose button is gone). */
  focusOnMount?: boolean;
}

/**
 * Create or edit a course (docs/product.md, Screen texts): name and code, section (optional) and
 * term (a new course proposes the current one), "Update Course" in edit
 * mode, Cancel; and the course's privacy settings ("Review before publishing", the small-class
 * minimum, "Delete feedback after"), which only owners and co-instructors may change.
 */
export function CourseForm({ editing: requested, onDone, focusOnMount = false }: CourseFormProps) {
  const { t } = useTranslation();
  // TAs may not change a course (row-level security refuses it too): they never get its form.
  const editing = requested && canEditCourse(requested.role) ? requested : null;
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const saving = create.isPending || update.isPending;
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CourseFormValues>({ resolver: translated(zodResolver(courseInputSchema)), defaultValues: emptyValues() });

  // Its own handle on the name field: reset() forgets react-hook-form's (setFocus) until the next render.
  const nameField = register('name');
  const nameInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    reset(editing ? valuesOf(editing) : emptyValues());
    setServerError(null);
    if (editing) nameInput.current?.focus();
  }, [editing, reset]);
  const [focusedOnMount] = useState(focusOnMount);
  useEffect(() => {
    if (focusedOnMount) nameInput.current?.focus();
  }, [focusedOnMount]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await (editing ? update.mutateAsync({ id: editing.id, input: values }) : create.mutateAsync(values));
      toaster.create({
        type: 'success',
        title: t('Success'),
        description: editing ? t('Course updated successfully') : t('Course created successfully'),
      });
      reset(emptyValues());
      onDone();
    } catch (error) {
      // Status 0: no answer from the server (offline, DNS): its message is the browser's, not the server's.
      const answered = error instanceof ApiError && error.status > 0;
      const message = answered ? withoutStatus(error) : '';
      // A clash (code, section and term) belongs next to the code field; other failures only in the toast.
      setServerError(answered && error.status === 409 ? message : null);
      toaster.create({
        type: 'error',
        title: t('Error'),
        // The seed: "the server's message, or 'Failed to create course'".
        description: editing ? t('Failed to update course') : message || t('Failed to create course'),
      });
    }
  });

  const cancel = () => {
    reset(emptyValues());
    setServerError(null);
    onDone();
  };

  return (
    <TitledCard id="course-form" title={editing ? t('Edit Course') : t('Create New Course')}>
      <form onSubmit={onSubmit} noValidate aria-label={editing ? t('Edit course') : t('Create course')}>
        <Stack gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="flex-start">
            <FormField label={t('Course Name')} error={errors.name} flex="2">
              <Input
                placeholder={t('e.g. Introduction to Computer Science')}
                autoComplete="off"
                {...nameField}
                ref={(element) => {
                  nameField.ref(element);
                  nameInput.current = element;
                }}
              />
            </FormField>
            <FormField label={t('Course Code')} error={errors.code ?? serverError} flex="1">
              <Input placeholder={t('e.g. CS101')} autoComplete="off" {...register('code')} />
            </FormField>
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="flex-start">
            <FormField
              label={t('Section')}
              required={false}
              error={errors.section}
              flex="1"
              helperText={t('Optional: for a course taught in several sections.')}
            >
              <Input placeholder={t('e.g. 002')} autoComplete="off" maxLength={16} {...register('section')} />
            </FormField>
            <FormField label={t('Term')} error={errors.term} flex="1">
              <Input placeholder={t('e.g. Fall 2026')} autoComplete="off" maxLength={40} {...register('term')} />
            </FormField>
          </Stack>
          {/* Chakra's Checkbox and Fieldset recipes are not in the theme (page weight): native elements. */}
          <chakra.fieldset borderWidth="1px" borderRadius="md" px="4" pb="4" pt="1">
            <chakra.legend px="1" fontWeight="semibold">
              {t('Privacy')}
            </chakra.legend>
            <Stack gap="4" mt="2">
              <CheckboxField
                label={t('Review before publishing')}
                helper={t('Only feedback your team has reviewed appears on the public course page.')}
                input={register('reviewBeforePublishing')}
              />
              <CheckboxField
                label={t("Let students see and +1 each other's confusion")}
                helper={t(
                  'On today\'s session page students see what others found unclear (once the session can be shown publicly) and can say "Me too".',
                )}
                input={register('peerConfusion')}
              />
              <CheckboxField
                label={t('LMS teaching assistants join the team')}
                helper={t(
                  'When a TA opens ClassPulse from Canvas or Moodle in the course linked to this one, they join this course’s teaching team as a TA.',
                )}
                input={register('lmsRolesJoinTeam')}
                lockedFor={
                  editing && !canManageTeam(editing.role)
                    ? { checked: editing.lmsRolesJoinTeam, why: t("Only the course's owner can change this setting.") }
                    : undefined
                }
              />
              <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="flex-start">
                <FormField
                  label={t('Minimum responses before a session is shown')}
                  required={false}
                  error={errors.minPublicResponses}
                  flex="1"
                  helperText={t(
                    "Protects small classes: a session's feedback appears on the public page, and its details in Session Insights, from this many responses on.",
                  )}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={50}
                    step={1}
                    {...register('minPublicResponses', { valueAsNumber: true })}
                  />
                </FormField>
                <Controller
                  control={control}
                  name="retentionDays"
                  render={({ field }) => (
                    <FormField
                      label={t('Delete feedback after')}
                      required={false}
                      error={errors.retentionDays}
                      flex="1"
                      helperText={t("Counted from the course's last class session.")}
                    >
                      <SelectControl
                        name={field.name}
                        value={retentionValue(field.value)}
                        onChange={(event) => field.onChange(retentionDays(event.target.value))}
                        onBlur={field.onBlur}
                        options={RETENTION_OPTIONS.map((option) => ({
                          value: option.value,
                          label: option.value === 'never' ? t(option.label) : t('{{days}} days', { days: option.label }),
                        }))}
                      />
                    </FormField>
                  )}
                />
              </Stack>
            </Stack>
          </chakra.fieldset>
          <Stack direction="row" gap="3" wrap="wrap">
            <Button type="submit" loading={saving} loadingText={editing ? t('Updating...') : t('Creating...')}>
              {editing ? t('Update Course') : t('Create Course')}
            </Button>
            {editing && (
              <Button type="button" variant="outline" onClick={cancel}>
                {t('Cancel')}
              </Button>
            )}
          </Stack>
        </Stack>
      </form>
    </TitledCard>
  );
}

/**
 * A course setting that is on or off: a native checkbox (the theme has no Checkbox recipe), its
 * label and a helper line. `lockedFor` shows it disabled, with why, to a member who may not change
 * it; that checkbox is not registered, so the form keeps sending the value it was reset with
 * (react-hook-form reads a disabled checkbox as unchecked).
 */
function CheckboxField({
  label,
  helper,
  input,
  lockedFor,
}: {
  label: string;
  helper: string;
  input: UseFormRegisterReturn;
  lockedFor?: { checked: boolean; why: string };
}) {
  return (
    <Field.Root disabled={lockedFor !== undefined}>
      <chakra.label display="flex" alignItems="center" gap="2" cursor={lockedFor ? 'not-allowed' : 'pointer'}>
        {lockedFor ? (
          <chakra.input type="checkbox" boxSize="4" accentColor="blue.600" checked={lockedFor.checked} disabled readOnly />
        ) : (
          <chakra.input type="checkbox" boxSize="4" accentColor="blue.600" {...input} />
        )}
        <Text as="span" fontWeight="medium" fontSize="sm">
          {label}
        </Text>
      </chakra.label>
      <Field.HelperText>{lockedFor ? `${helper} ${lockedFor.why}` : helper}</Field.HelperText>
    </Field.Root>
  );
}
