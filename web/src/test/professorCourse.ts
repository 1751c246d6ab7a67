// A course as the professor app's course list gives it (useMyCourses), for component tests.
import type { ProfessorCourse } from '../shared/api/get-my-courses';

export function professorCourse(overrides: Partial<ProfessorCourse> = {}): ProfessorCourse {
  return {
    id: '0b7c2f3e-5a1d-4c8e-9f60-1d2e3f4a5b6c',
    code: 'COSC 1337',
    name: 'Programming Fundamentals',
    section: '002',
    term: 'Fall 2026',
    endedAt: null,
    timezone: 'America/Chicago',
    createdAt: '2026-08-20T15:00:00Z',
    role: 'owner',
    alarm: { windowMinutes: 10, minResponses: 5, lostShare: 0.3 },
    reviewBeforePublishing: false,
    minPublicResponses: 3,
    retentionDays: 180,
    peerConfusion: false,
    lmsRolesJoinTeam: false,
    ...overrides,
  };
}
