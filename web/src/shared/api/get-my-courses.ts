import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { queryKeys } from '../../lib/queryKeys';
import type { Course } from './get-course';

/** A course as its owner sees it. */
export interface ProfessorCourse extends Course {
  timezone: string;
  createdAt: string;
}

/**
 * GET /api/professor/courses: the signed-in professor's own courses (the seed's GET /api/courses is
 * the public list of every course, so the professor's list has a path of its own).
 */
export async function getMyCourses(): Promise<ProfessorCourse[]> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.rpc('my_courses'));
  return rows.map((row) => ({ id: row.id, code: row.code, name: row.name, timezone: row.timezone, createdAt: row.created_at }));
}

export const myCoursesQueryOptions = () => queryOptions({ queryKey: queryKeys.professor.courses, queryFn: getMyCourses });

export const useMyCourses = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...myCoursesQueryOptions(), enabled });
