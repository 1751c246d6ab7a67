/** What the build tells both of the course page's inline scripts. */
interface Shared {
  /** The address of a course, its id in the first group (an id the app would not ask about matches nothing). */
  path: string;
  /** Stands for the course's id in the requests' addresses. */
  id: string;
  /** Where the answers wait for the app (web/src/lib/prefetched.ts). */
  global: string;
  /** Where this device keeps the course pages it opened last (app/coursePageFile.ts). */
  memory: { key: string; limit: number };
  /** Where ask.ts leaves the function that sends reads it held until the page drawn from memory has painted. */
  release: string;
}

/** A course page as this device keeps it, under its id. */
export interface RecalledCourse {
  code: string;
  /** Null when the course has none (and in what a device remembered before sections existed). */
  section?: string | null;
  name: string;
  notes: { sessionDate: string; body: string; figures?: NoteFigures | null }[];
}

/** A note's clarity before and after its check question (course_notes(); null until shown). */
export interface NoteFigures {
  before: { mean: number; n: number };
  after: { mean: number; n: number };
}

/** ask.ts's. */
export interface AskSetup extends Shared {
  /** The app's first requests on the page, and the anonymous key they carry. */
  requests: { url: string; apikey: string }[];
  /** A cookie of this name (or `<name>.0`, …) means a professor may be signed in: their reads are theirs. */
  sessionCookie: string;
}

/** draw.ts's. */
export interface DrawSetup extends Shared {
  /** Of the requests, the course's and the notes', which the page is drawn with. */
  course: string;
  notes: string;
  marks: { code: string; name: string };
  /** The date in the page's links of each version: replaced with today's. */
  days: { weekday: string; weekend: string };
  attributes: { prerendered: string; language: string };
  /** `course-page-<language>-<weekday|weekend>`: the page in each language and version. */
  templatePrefix: string;
  defaultLanguage: string;
  entry: string;
  chunks: string[];
  /** The light pages' script, which a visitor without a session gets instead of the app. */
  light: string;
  /** The timeline's request, and the global it is handed to the light script in (app/coursePageFile.ts). */
  timeline: string;
  handoff: string;
  /** Where the light script finds how to start the app (shared/lightPageMarkers.ts). */
  startApp: string;
  /** How long the page waits for its course before the app starts without it. */
  waitMs: number;
}
