import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { TEAM_ROLE_LABELS } from '../../lib/schemas';
import { queryKeys } from '../../lib/queryKeys';
import { type Course, asCourse } from './get-course';
import { msg } from '../../i18n/msg';

/** The caller's place in a course's teaching team. */
export type TeamRole = 'owner' | 'co_instructor' | 'ta';

/** A course as its teaching team sees it: every setting, and the caller's role. */
export interface ProfessorCourse extends Course {
  timezone: string;
  createdAt: string;
  role: TeamRole;
  alarm: { windowMinutes: number; minResponses: number; lostShare: number };
  reviewBeforePublishing: boolean;
  /** Small-class protection: the fewest responses a session needs before its details are shown. */
  minPublicResponses: number;
  /** Days after the last class session before feedback is deleted; null keeps it. */
  retentionDays: number | null;
  /** "Let students see and +1 each other's confusion". */
  peerConfusion: boolean;
  /** "LMS teaching assistants join the team": a TA launching from the linked LMS course joins as TA. */
  lmsRolesJoinTeam: boolean;
}

/** "Owner", "Co-instructor", "TA": how a role reads on course cards, the team dialog and the course filter. */
export const ROLE_LABELS: Record<TeamRole, string> = { owner: msg('Owner'), ...TEAM_ROLE_LABELS };

/** What each role may do (the database enforces the same rules with row-level security). */
export const canEditCourse = (role: TeamRole) => role !== 'ta';
export const canManageTeam = (role: TeamRole) => role === 'owner';

const asRole = (role: string | null): TeamRole => (role === 'owner' || role === 'co_instructor' ? role : 'ta');

/**
 * GET /api/professor/courses: the courses the signed-in professor teaches, as owner or team
 * member (the seed's GET /api/courses is the public list of every course, so the professor's list
 * has a path of its own).
 */
export async function getMyCourses(): Promise<ProfessorCourse[]> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.rpc('my_courses'));
  return rows.map((row) => ({
    ...asCourse(row),
    timezone: row.timezone,
    createdAt: row.created_at,
    role: asRole(row.role),
    alarm: { windowMinutes: row.alarm_window_minutes, minResponses: row.alarm_min_responses, lostShare: Number(row.alarm_lost_share) },
    reviewBeforePublishing: row.review_before_publishing,
    minPublicResponses: row.min_public_responses,
    retentionDays: row.retention_days,
    peerConfusion: row.peer_confusion,
    lmsRolesJoinTeam: row.lms_roles_join_team,
  }));
}

export const myCoursesQueryOptions = () => queryOptions({ queryKey: queryKeys.professor.courses, queryFn: getMyCourses });

export const useMyCourses = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...myCoursesQueryOptions(), enabled });
