import { ROLE_LABELS, type TeamRole } from '../../shared/api/get-my-courses';

/** How the course filter names a course: "CODE - Name", marked "(Co-instructor)" or "(TA)" when the caller does not own it. */
export function courseOptionLabel(course: { code: string; name: string; role: TeamRole }): string {
  return `${course.code} - ${course.name}${course.role === 'owner' ? '' : ` (${ROLE_LABELS[course.role]})`}`;
}
