import type { Course } from './api/get-course';

/** The columns of a course anyone may read, as the courses table names them. */
export const COURSE_COLUMNS = 'id, code, name, section, term, ended_at';

/** A course row as the API returns it. */
export interface CourseRow {
  id: string;
  code: string;
  name: string;
  section: string | null;
  term: string;
  ended_at: string | null;
}

export const asCourse = (row: CourseRow): Course => ({
  id: row.id,
  code: row.code,
  name: row.name,
  section: row.section,
  term: row.term,
  endedAt: row.ended_at,
});
