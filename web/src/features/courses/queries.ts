import type { Course } from '../../api';
import type { CourseTimeline } from '../../api/routes/student';

/** Query keys are the /api paths (PRODUCT §6); the default queryFn fetches them. */
export const courseKeys = {
  search: (code: string) => ['/api/courses', { code }] as const,
  course: (id: string) => ['/api/courses', id] as const,
  timeline: (courseId: string) => ['/api/submissions', { courseId }] as const,
};

export type { Course, CourseTimeline };
