/**
 * Terms (docs/decisions/sections-and-terms.md): Spring runs January to May, Summer June and July,
 * Fall August to December, as public.term_for() says in the database. A course's form proposes
 * the current term, and "Start Next Term" the one after the course's own.
 */

const SEASONS = ['Spring', 'Summer', 'Fall'] as const;

/** The term `day` falls in, e.g. "Fall 2026". */
export function termFor(day: Date): string {
  const month = day.getMonth() + 1;
  const season = month <= 5 ? 'Spring' : month <= 7 ? 'Summer' : 'Fall';
  return `${season} ${day.getFullYear()}`;
}

/** The term after `term` ("Fall 2026" → "Spring 2027"); a term named otherwise proposes nothing. */
export function nextTerm(term: string): string {
  const match = /^(spring|summer|fall)\s+(\d{4})$/i.exec(term.trim());
  if (!match) return '';
  const index = SEASONS.findIndex((season) => season.toLowerCase() === match[1]!.toLowerCase());
  const year = Number(match[2]);
  return index === SEASONS.length - 1 ? `${SEASONS[0]} ${year + 1}` : `${SEASONS[index + 1]} ${year}`;
}

/** How a course is named where its section matters: "COSC 1337 · Section 002", or the code alone. */
export function courseWithSection(code: string, section: string | null | undefined, sectionWord = 'Section'): string {
  return section ? `${code} · ${sectionWord} ${section}` : code;
}

/** A course in a course list: "COSC 1337 · Section 002 - Introduction to Programming", or "COSC 1337 - Introduction to Programming". */
export function courseOptionLabel(course: { code: string; name: string; section: string | null }, sectionWord = 'Section'): string {
  return `${courseWithSection(course.code, course.section, sectionWord)} - ${course.name}`;
}
