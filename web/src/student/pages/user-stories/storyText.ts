/** The seed's roles, as the edge function's schema lists them (status.ts says why they are written out here). */
export const STORY_ROLES = [
  'student',
  'teaching assistant',
  'professor',
  'department chair',
  'college admin',
  'app administrator/owner',
  'partner',
  'stakeholder',
] as const;

export type StoryRole = (typeof STORY_ROLES)[number];

export interface StoryParts {
  role: string;
  want: string;
  benefit: string;
}

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

/** "As a {role}, I want to {want}" (docs/product.md, Screen texts). */
export function buildTitle({ role, want }: Pick<StoryParts, 'role' | 'want'>): string {
  return `As a ${clean(role)}, I want to ${clean(want)}`;
}

/** "As a {role}, I want to {want}, so that {benefit}." (docs/product.md, Screen texts) */
export function buildDescription({ role, want, benefit }: StoryParts): string {
  return `${buildTitle({ role, want })}, so that ${clean(benefit).replace(/\.+$/, '')}.`;
}

const EMPTY: StoryParts = { role: '', want: '', benefit: '' };

/**
 * The three parts back from a description, for editing. The role must be one of the seed's roles
 * (matched longest first: "app administrator/owner" before any shorter one); anything that does not
 * read "As a {role}, I want to {want}, so that {benefit}." gives three blank parts.
 */
export function parseDescription(description: string): StoryParts {
  const text = description.trim();
  const roles = [...STORY_ROLES].sort((a, b) => b.length - a.length);
  const role = roles.find((r) => text.toLowerCase().startsWith(`as a ${r}, i want to `));
  if (!role) return { ...EMPTY };
  const rest = text.slice(`As a ${role}, I want to `.length);
  const separator = rest.lastIndexOf(', so that ');
  if (separator <= 0) return { ...EMPTY };
  const want = rest.slice(0, separator).trim();
  const benefit = rest
    .slice(separator + ', so that '.length)
    .replace(/\.$/, '')
    .trim();
  if (!want || !benefit) return { ...EMPTY };
  return { role, want, benefit };
}

/** The ICE score the form previews and the server stores: the sum of the three sliders. */
export function iceScore({ impact, confidence, ease }: { impact: number; confidence: number; ease: number }): number {
  return impact + confidence + ease;
}
