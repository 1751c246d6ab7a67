import { useQuery } from '@tanstack/react-query';
import { type ProfessorCourse, myCoursesQueryOptions } from '../../../shared/api/get-my-courses';

type CourseName = Pick<ProfessorCourse, 'id' | 'code' | 'name'>;

/** What deleting the account takes with it: the courses it owns, and the teams it leaves. */
export interface AccountDeletionPreview {
  ownedCourses: CourseName[];
  memberships: (CourseName & { role: 'co_instructor' | 'ta' })[];
}

/** The courses of GET /api/professor/courses, split by what happens to each when the account goes. */
export function toAccountDeletionPreview(courses: ProfessorCourse[]): AccountDeletionPreview {
  const name = ({ id, code, name }: ProfessorCourse): CourseName => ({ id, code, name });
  return {
    ownedCourses: courses.filter((c) => c.role === 'owner').map(name),
    memberships: courses.flatMap((c) => (c.role === 'owner' ? [] : [{ ...name(c), role: c.role }])),
  };
}

/**
 * GET /api/professor/courses, read afresh for the account-deletion confirmation (a course created
 * in another tab must be named too) and split by toAccountDeletionPreview.
 */
export function useAccountDeletionPreview({ enabled }: { enabled: boolean }) {
  const query = useQuery({ ...myCoursesQueryOptions(), enabled, refetchOnMount: 'always', select: toAccountDeletionPreview });
  return { loading: query.isFetching, preview: query.isSuccess ? query.data : undefined, failed: query.isError, retry: query.refetch };
}
