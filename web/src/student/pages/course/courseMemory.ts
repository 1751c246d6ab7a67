// The course pages this device opened last (docs/decisions/course-page.md): their code, section,
// name and notes, what anyone with the course's link reads (never the timeline, whose students'
// texts a professor may hide), newest first. A repeat visit is drawn from them at once, and the
// reads replace them. /privacy lists the key.
import type { FollowUpFigures } from '../../../shared/api/get-course-notes';

export const COURSE_MEMORY = { key: 'classpulse.coursePages', limit: 10 } as const;

/** A course page as this device keeps it, under its id. */
export interface KeptCourse {
  code: string;
  /** Null when the course has none (and in what a device kept before sections existed). */
  section?: string | null;
  name: string;
  notes: { sessionDate: string; body: string; figures?: FollowUpFigures | null }[];
}

function memory(): Record<string, unknown> {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(COURSE_MEMORY.key) ?? '{}');
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function isKeptCourse(value: unknown): value is KeptCourse {
  const course = value as Partial<KeptCourse> | null | undefined;
  return (
    typeof course?.code === 'string' &&
    typeof course.name === 'string' &&
    Array.isArray(course.notes) &&
    course.notes.every((note) => typeof note?.sessionDate === 'string' && typeof note.body === 'string')
  );
}

/** The course as this device kept it, if it did (and can read what it kept). */
export function keptCourse(id: string): KeptCourse | undefined {
  const course = memory()[id];
  return isKeptCourse(course) ? course : undefined;
}

function write(entries: [string, unknown][]) {
  try {
    localStorage.setItem(COURSE_MEMORY.key, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage refused: the next visit draws from the reads, as the first did.
  }
}

/** Keeps this course first; the oldest go past the limit. */
export function keepCourse(id: string, { code, section = null, name, notes }: KeptCourse): void {
  const others = Object.entries(memory()).filter(([key]) => key !== id);
  const course: KeptCourse = {
    code,
    section,
    name,
    notes: notes.map(({ sessionDate, body, figures = null }) => ({ sessionDate, body, figures })),
  };
  write([[id, course], ...others.slice(0, COURSE_MEMORY.limit - 1)]);
}

/** Forgets a course that is gone (or whose term has ended). */
export function forgetCourse(id: string): void {
  const entries = Object.entries(memory());
  if (entries.some(([key]) => key === id)) write(entries.filter(([key]) => key !== id));
}
