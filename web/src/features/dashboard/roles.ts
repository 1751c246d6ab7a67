import { ROLE_LABELS, type TeamRole } from '../../shared/api/get-my-courses';
import { i18n } from '../../i18n/i18n';

/** How the course filter names a course: "CODE - Name", marked "(Co-instructor)" or "(TA)" when the caller does not own it. */
export function courseOptionLabel(course: { code: string; name: string; role: TeamRole }): string {
  return `${course.code} - ${course.name}${course.role === 'owner' ? '' : ` (${i18n.t(ROLE_LABELS[course.role])})`}`;
}
