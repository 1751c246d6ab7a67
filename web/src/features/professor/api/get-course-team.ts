import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { getCurrentUser } from '../../../shared/api/current-user';
import type { TeamRole } from '../../../shared/api/get-my-courses';

export interface TeamMember {
  /** Null for the owner row (the owner is courses.owner_id, not a member row). */
  userId: string | null;
  email: string;
  role: TeamRole;
  since: string | null;
}

export interface TeamInvitationRow {
  id: string;
  email: string;
  role: Exclude<TeamRole, 'owner'>;
  createdAt: string;
}

export interface CourseTeam {
  members: TeamMember[];
  invitations: TeamInvitationRow[];
}

const asMemberRole = (role: string): Exclude<TeamRole, 'owner'> => (role === 'co_instructor' ? 'co_instructor' : 'ta');

/**
 * GET /api/courses/{id}/team: the owner first (the signed-in professor: only the owner opens the
 * team), then the co-instructors and TAs, and the pending invitations (RLS: the owner alone reads them).
 */
export async function getCourseTeam(courseId: string): Promise<CourseTeam> {
  const { db } = await dataClients();
  const [owner, members, invitations] = await Promise.all([
    getCurrentUser(),
    db.from('course_members').select('user_id, email, role, created_at').eq('course_id', courseId).order('created_at'),
    db.from('course_invitations').select('id, email, role, created_at').eq('course_id', courseId).order('created_at'),
  ]);
  return {
    members: [
      { userId: null, email: owner?.email ?? '', role: 'owner', since: null },
      ...dataOrThrow(members).map((m) => ({ userId: m.user_id, email: m.email, role: asMemberRole(m.role), since: m.created_at })),
    ],
    invitations: dataOrThrow(invitations).map((i) => ({ id: i.id, email: i.email, role: asMemberRole(i.role), createdAt: i.created_at })),
  };
}

export const courseTeamQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.courses.team(courseId), queryFn: () => getCourseTeam(courseId) });

/** Fetched afresh each time the dialog opens: invitations are accepted elsewhere, by sign-ins. */
export const useCourseTeam = (courseId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...courseTeamQueryOptions(courseId), enabled, refetchOnMount: 'always' });
