import { Text } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { useCourse } from '../api/get-course';
import { useCourses } from '../api/get-courses';
import { FormField, SelectControl } from '../forms/fields';
import { useTranslation } from 'react-i18next';
import { LIGHT, useLightPage } from '../lightPage';
import { courseOptionLabel } from '../terms';

type SelectProps = Omit<ComponentProps<'select'>, 'children'>;

interface CourseSelectProps extends SelectProps {
  label?: string;
  error?: string;
}

/** The course dropdown of both feedback forms: "code - name" (with the section, where there is one), with the seed's loading and empty texts. */
export function CourseSelect({ label, error, disabled, ...selectProps }: CourseSelectProps) {
  const { t } = useTranslation();
  const courses = useCourses();
  const placeholder = courses.isPending
    ? t('Loading courses...')
    : courses.isError
      ? t('Unable to load courses')
      : courses.data.length === 0
        ? t('No courses available')
        : t('Select your course');

  const unavailable = disabled || !courses.isSuccess || courses.data.length === 0;
  // A light page fills the list itself (web/src/student/submitForm.ts), with these texts.
  const light = useLightPage();
  const texts = {
    choose: t('Select your course'),
    failed: t('Unable to load courses'),
    none: t('No courses available'),
    section: t('Section'),
  };
  return (
    <FormField label={label ?? t('Course')} error={error} disabled={disabled}>
      {/* Remounts once the options exist, so react-hook-form re-applies a preselected course. */}
      {/* Disabled itself too: a form posted without JavaScript then takes the course from its page's address. */}
      <SelectControl
        key={courses.isSuccess ? 'loaded' : 'loading'}
        {...selectProps}
        {...(light ? { [LIGHT.courseSelect]: JSON.stringify(texts) } : {})}
        {...{ disabled: unavailable }}
        root={{ disabled: unavailable }}
        placeholder={placeholder}
        options={courses.data?.map((course) => ({ value: course.id, label: courseOptionLabel(course, t('Section')) })) ?? []}
      />
    </FormField>
  );
}

/** The course of a submission being edited: it cannot move to another course. */
export function CourseName({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const course = useCourse(courseId);
  return (
    <Text>
      <Text as="span" color="fg.muted">
        {t('Course:')}{' '}
      </Text>
      <Text as="span" fontWeight="semibold">
        {course.data ? courseOptionLabel(course.data, t('Section')) : '…'}
      </Text>
    </Text>
  );
}
