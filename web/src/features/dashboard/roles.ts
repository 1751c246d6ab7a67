import { ROLE_LABELS, type TeamRole } from '../../shared/api/get-my-courses';
import { courseWithSection } from '../../shared/terms';
import { i18n } from '../../i18n/i18n';

/**
 * How the course filter names a course: "CODE · Section 002 - Name" (the code alone without a
 * section), marked "(Co-instructor)" or "(TA)" when the caller does not own it.
 */
export function courseOptionLabel(course: { code: string; section?: string | null; name: string; role: TeamRole }): string {
  const code = courseWithSection(course.code, course.section, i18n.t('Section'));
  return `${code} - ${course.name}${course.role === 'owner' ? '' : ` (${i18n.t(ROLE_LABELS[course.role])})`}`;
}

/** The filter's order: by code, then section (none first). */
export function byCodeAndSection(a: { code: string; section: string | null }, b: { code: string; section: string | null }): number {
  return a.code.localeCompare(b.code) || (a.section ?? '').localeCompare(b.section ?? '', undefined, { numeric: true });
}
