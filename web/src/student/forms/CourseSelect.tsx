import type { Course } from '../../shared/api/get-course';
import { courseOptionLabel } from '../../shared/terms';
import type { Read } from '../runtime/useRead';
import { useT } from '../runtime/useT';
import { FormField } from '../ui/Field';
import { styled } from 'styled-system/jsx';
import { Text } from '../ui/primitives';
import { DefaultChoice } from './DefaultChoice';
import { useCourse } from './readCourse';

interface CourseSelectProps {
  /** Every current course (getCourses), read by the page: it names the course of what is sent, too. */
  courses: Read<Course[]>;
  defaultValue?: string;
  error?: string;
  /** The course chosen, as the student chooses it. */
  onChoose?: (courseId: string) => void;
}

/**
 * The course dropdown of both feedback forms: "code - name" (with the section, where there is
 * one), with the seed's loading and empty texts. Disabled until there is a course to choose: a
 * form the browser posts itself then takes the course from its page's address.
 */
export function CourseSelect({ courses, defaultValue, error, onChoose }: CourseSelectProps) {
  const { t } = useT();
  const placeholder =
    courses.status === 'pending'
      ? t('Loading courses...')
      : courses.status === 'error'
        ? t('Unable to load courses')
        : courses.data.length === 0
          ? t('No courses available')
          : t('Select your course');
  const unavailable = courses.status !== 'success' || courses.data.length === 0;
  return (
    <FormField label={t('Course')} error={error ? t(error) : undefined}>
      <DefaultChoice
        // Drawn anew once the options exist, so the address's course is chosen among them.
        key={courses.status}
        name="courseId"
        disabled={unavailable}
        defaultValue={defaultValue}
        placeholder={placeholder}
        options={courses.data?.map((course) => ({ value: course.id, label: courseOptionLabel(course, t('Section')) })) ?? []}
        onChange={(event) => onChoose?.(event.currentTarget.value)}
      />
    </FormField>
  );
}

/** The course of a submission being edited: it cannot move to another course. */
export function CourseName({ courseId }: { courseId: string }) {
  const { t } = useT();
  const shown = useCourse(courseId);
  return (
    <Text>
      <styled.span color="fg.muted">{t('Course:')} </styled.span>
      <styled.span fontWeight="semibold">{shown ? courseOptionLabel(shown, t('Section')) : '…'}</styled.span>
    </Text>
  );
}
