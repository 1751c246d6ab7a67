import { Field, NativeSelect, Text } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { useCourse } from '../api/get-course';
import { useCourses } from '../api/get-courses';
import { ERROR_COLOR } from './colors';
import { useTranslation } from 'react-i18next';

type SelectProps = Omit<ComponentProps<'select'>, 'children'>;

interface CourseSelectProps extends SelectProps {
  label?: string;
  error?: string;
}

/** The course dropdown of both feedback forms: "code - name", with the seed's loading and empty texts. */
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
  return (
    <Field.Root required invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {label ?? t('Course')}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root disabled={unavailable}>
        {/* Remounts once the options exist, so react-hook-form re-applies a preselected course. */}
        {/* Disabled itself too: a form posted without JavaScript then takes the course from its page's address. */}
        <NativeSelect.Field key={courses.isSuccess ? 'loaded' : 'loading'} {...selectProps} {...{ disabled: unavailable }}>
          <option value="">{placeholder}</option>
          {courses.data?.map((course) => (
            <option key={course.id} value={course.id}>
              {course.code} - {course.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>}
    </Field.Root>
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
        {course.data ? `${course.data.code} - ${course.data.name}` : '…'}
      </Text>
    </Text>
  );
}
