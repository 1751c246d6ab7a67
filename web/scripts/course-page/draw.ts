// The course page's second inline script, a module at the end of <body>: draws the page from its
// template at once, with what is the course's held in place but unseen, and fills it in once the
// course and its notes have arrived; then loads the light pages' script, which draws the timeline
// when it comes (web/src/student/course.ts) and starts the app only for what it does not draw.
// Without them (an unknown course, a professor, no answer in time) the page is emptied and the app
// starts and draws the page itself, as on any other address. A course this device kept is drawn
// from memory at once, whole, and drawn again should the read bring something else.
import type { DrawSetup, NoteFigures, RecalledCourse } from './setup.ts';

declare const SETUP: DrawSetup;

const root = document.getElementById('root') as HTMLElement;
const asked = (window as unknown as Record<string, Map<string, Promise<Response>> | undefined>)[SETUP.global];
const id = new RegExp(SETUP.path, 'i').exec(location.pathname)?.[1] ?? '';
const releaseReads = (window as unknown as Record<string, (() => void) | undefined>)[SETUP.release] ?? (() => {});
let started = false;
let gaveUp = false;

/** The app's code: its chunks preloaded eight a task (forty at once make one long task), then the entry. */
function start() {
  if (started) return;
  started = true;
  const batch = (from: number) => {
    for (const href of SETUP.chunks.slice(from, from + 8)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + 8 < SETUP.chunks.length) setTimeout(() => batch(from + 8));
  };
  batch(0);
  void import(SETUP.entry);
}

async function read(url: string): Promise<unknown> {
  const answer = await asked?.get(url.split(SETUP.id).join(id));
  if (!answer?.ok) throw new Error('no answer');
  return answer.clone().json();
}

const pad = (n: number) => String(n).padStart(2, '0');

function memory(): Record<string, RecalledCourse> {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(SETUP.memory.key) ?? '{}');
    return kept && typeof kept === 'object' ? (kept as Record<string, RecalledCourse>) : {};
  } catch {
    return {};
  }
}

/** Keeps this course first in the device's memory (the oldest go past the limit), or forgets it. */
function remember(course: RecalledCourse | undefined) {
  const others = Object.entries(memory()).filter(([key]) => key !== id);
  const kept = Object.fromEntries(course ? [[id, course], ...others.slice(0, SETUP.memory.limit - 1)] : others);
  try {
    localStorage.setItem(SETUP.memory.key, JSON.stringify(kept));
  } catch {
    // Storage refused: the next visit draws from the read, as the first did.
  }
}

function recalled(): RecalledCourse | undefined {
  const course = memory()[id];
  return typeof course?.code === 'string' && typeof course.name === 'string' && Array.isArray(course.notes) ? course : undefined;
}

/** What waits for the data: hidden (its place kept, so nothing moves), and shown again once filled. */
const waiting: HTMLElement[] = [];

function hideUntilFilled(element: HTMLElement | null | undefined) {
  if (!element || waiting.includes(element)) return;
  element.style.visibility = 'hidden';
  waiting.push(element);
}

function textsWithMarks(page: Node): Text[] {
  const found: Text[] = [];
  const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (text.includes(SETUP.marks.code) || text.includes(SETUP.marks.name)) found.push(node as Text);
  }
  return found;
}

/** The notes as ProfessorNotes lists them: one item per note, or no section without any. */
function fillNotes(page: ParentNode, notes: RecalledCourse['notes'], language: string, figuresText: string) {
  const item = page.querySelector('[data-testid="professor-note"]');
  if (!item) return;
  if (notes.length === 0) {
    item.closest('section')?.remove();
    return;
  }
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  for (const note of notes) {
    const [y, m, d] = note.sessionDate.split('-').map(Number);
    const copy = item.cloneNode(true) as Element;
    const [date, body] = copy.querySelectorAll(':scope > p');
    if (!date || !body) throw new Error('the note template changed');
    date.textContent = format.format(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1));
    body.textContent = note.body;
    if (note.figures) {
      // As ProfessorNotes says it: "Clarity before: 3.1 (n = 24) · after: 5.2 (n = 31)", in the date's style.
      const figures = date.cloneNode() as Element;
      figures.setAttribute('data-testid', 'note-figures');
      figures.textContent = fillFigures(figuresText, note.figures);
      copy.append(figures);
    }
    item.before(copy);
  }
  item.remove();
}

function fillFigures(text: string, { before, after }: NoteFigures): string {
  const values: Record<string, string> = {
    before: Number(before.mean).toFixed(1),
    beforeN: String(before.n),
    after: Number(after.mean).toFixed(1),
    afterN: String(after.n),
  };
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Figures as course_notes() gives them: two sides, each a mean and a count; anything else is none. */
function figuresOf(value: unknown): NoteFigures | null {
  const side = (x: unknown) => !!x && typeof (x as { mean?: unknown }).mean === 'number' && typeof (x as { n?: unknown }).n === 'number';
  const f = value as { before?: unknown; after?: unknown } | null | undefined;
  return f && side(f.before) && side(f.after) ? (f as NoteFigures) : null;
}

interface Shell {
  language: string;
  template: HTMLTemplateElement;
}

/**
 * The page in the visitor's language and today's version, before any data: its own texts paint
 * now (the largest of them is the page's LCP). The course's code and name, and the notes with all
 * that follows them (their number changes the height), keep their place unseen until filled.
 */
function drawShell(): Shell | undefined {
  const now = new Date();
  const day = now.getDay() >= 1 && now.getDay() <= 5 ? 'weekday' : 'weekend';
  const templateOf = (language: string) =>
    document.getElementById(`${SETUP.templatePrefix}${language}-${day}`) as HTMLTemplateElement | null;
  const language = [document.documentElement.lang, SETUP.defaultLanguage].find(templateOf);
  const template = language ? templateOf(language) : null;
  if (!language || !template) return undefined;
  const page = template.content.cloneNode(true) as DocumentFragment;
  const today = `sessionId=${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  for (const link of page.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    link.setAttribute('href', href.split(SETUP.id).join(encodeURIComponent(id)).split(`sessionId=${SETUP.days[day]}`).join(today));
  }
  for (const text of textsWithMarks(page)) hideUntilFilled(text.parentElement);
  const notes = page.querySelector('[data-testid="professor-note"]')?.closest('section');
  hideUntilFilled(notes as HTMLElement | null | undefined);
  // Up to the page's <main>: the footer, far below the first screen, stays usable.
  for (let element: Element | null | undefined = notes; element && element.tagName !== 'MAIN'; element = element.parentElement) {
    for (let next = element.nextElementSibling; next; next = next.nextElementSibling) hideUntilFilled(next as HTMLElement);
  }
  root.replaceChildren(page);
  root.setAttribute(SETUP.attributes.language, language);
  return { language, template };
}

/** The course's code, name and notes, or 'unknown' when there is no such course. */
async function readCourse(): Promise<RecalledCourse | 'unknown' | undefined> {
  const [courses, notes] = await Promise.all([read(SETUP.course), read(SETUP.notes)]);
  if (Array.isArray(courses) && courses.length === 0) return 'unknown';
  const course =
    Array.isArray(courses) && courses.length === 1
      ? (courses[0] as { code?: unknown; name?: unknown; section?: unknown; ended_at?: unknown })
      : undefined;
  if (typeof course?.code !== 'string' || typeof course.name !== 'string' || !Array.isArray(notes)) return undefined;
  // A course whose term has ended is rare: the app draws its page, which says so.
  if (course.ended_at !== null && course.ended_at !== undefined) return undefined;
  const listed = notes as { sessionDate?: unknown; body?: unknown; figures?: unknown }[];
  if (!listed.every((note) => typeof note?.sessionDate === 'string' && typeof note.body === 'string')) return undefined;
  return {
    code: course.code,
    section: typeof course.section === 'string' ? course.section : null,
    name: course.name,
    notes: listed.map((note) => ({
      sessionDate: note.sessionDate as string,
      body: note.body as string,
      figures: figuresOf(note.figures),
    })),
  };
}

/** The course put into the drawn page, and all of it shown. */
function fill(shell: Shell, { code, section, name, notes }: RecalledCourse) {
  // As the app names it (web/src/shared/terms.ts, courseWithSection): "COSC 1337 · Section 002".
  const heading = section ? `${code} · ${shell.template.dataset.section ?? 'Section'} ${section}` : code;
  for (const text of textsWithMarks(root)) {
    text.nodeValue = (text.nodeValue ?? '').split(SETUP.marks.code).join(heading).split(SETUP.marks.name).join(name);
  }
  fillNotes(root, notes, shell.language, shell.template.dataset.figures ?? '');
  for (const element of waiting.splice(0)) element.style.visibility = '';
  document.title = (shell.template.dataset.title ?? document.title).split(SETUP.marks.code).join(heading);
}

async function draw(shell: Shell | undefined, kept: RecalledCourse | undefined): Promise<boolean> {
  const course = await readCourse();
  if (course === 'unknown') remember(undefined);
  if (!shell || typeof course !== 'object' || gaveUp) return false;
  if (!kept) fill(shell, course);
  else if (JSON.stringify(course) !== JSON.stringify(kept)) fill(drawShell() ?? shell, course);
  remember(course);
  // main.tsx takes the page over as its own prerendered page.
  root.setAttribute(SETUP.attributes.prerendered, location.pathname);
  return true;
}

if (!asked || !id) start();
else {
  const waited = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SETUP.waitMs));
  const shell = drawShell();
  const kept = shell && recalled();
  if (shell && kept) {
    fill(shell, kept);
    // The reads go once this page is on screen (its first paint of content is this drawing); a
    // hidden tab paints nothing, and a browser may not report paints: then after a while anyway.
    try {
      new PerformanceObserver((paints) => {
        if (paints.getEntriesByName('first-contentful-paint').length > 0) releaseReads();
      }).observe({ type: 'paint', buffered: true });
    } catch {
      releaseReads();
    }
    setTimeout(releaseReads, 500);
  } else releaseReads();
  void Promise.race([draw(shell, kept).catch(() => false), waited]).then((drawn) => {
    gaveUp = !drawn;
    releaseReads();
    if (!drawn) {
      // The app draws the page itself: nothing of the shell may stay under it.
      root.replaceChildren();
      root.removeAttribute(SETUP.attributes.language);
      return start();
    }
    // Drawn, so asked for without a session (ask.ts): a student, who gets the light script.
    const handoff = { timeline: SETUP.timeline.split(SETUP.id).join(id) };
    (window as unknown as Record<string, unknown>)[SETUP.handoff] = handoff;
    (window as unknown as Record<string, unknown>)[SETUP.startApp] = start;
    import(SETUP.light).catch(start);
  });
}
