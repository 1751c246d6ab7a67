import { createContext, useContext } from 'react';
import { type Course, getCourse } from '../../shared/api/get-course';
import { useRead } from '../runtime/useRead';

/**
 * A course its page has read already, for the parts inside it that name it (the course line of an
 * edited submission, the private link), so that they neither read it again nor draw it late. The
 * track page reads its submission's course before drawing the form: the name coming later, on two
 * lines where "…" took one, moved the fields under it (a layout shift).
 */
export const ReadCourse = createContext<Course | undefined>(undefined);

/** The course `courseId`: the page's own (ReadCourse) when it is that one, else read here; undefined until known. */
export function useCourse(courseId: string): Course | undefined {
  const known = useContext(ReadCourse);
  const given = known?.id === courseId ? known : undefined;
  const course = useRead(`course:${courseId}`, () => getCourse(courseId), { enabled: Boolean(courseId) && !given });
  return given ?? course.data;
}
