// The course page's second inline script, a module at the end of <body>: draws the page from its
// template once the course and its notes have arrived, then loads the light pages' script, which
// draws the timeline when it comes (web/src/student/course.ts) and starts the app only for what it
// does not draw. Without them (an unknown course, a professor, no answer in time) the app starts at
// once and draws the page itself, as on any other address.
import type { DrawSetup } from './setup.ts';

declare const SETUP: DrawSetup;

const root = document.getElementById('root') as HTMLElement;
const asked = (window as unknown as Record<string, Map<string, Promise<Response>> | undefined>)[SETUP.global];
const id = new RegExp(SETUP.path, 'i').exec(location.pathname)?.[1] ?? '';
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

function replaceTexts(page: DocumentFragment, code: string, name: string) {
  const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (text.includes(SETUP.marks.code) || text.includes(SETUP.marks.name)) {
      node.nodeValue = text.split(SETUP.marks.code).join(code).split(SETUP.marks.name).join(name);
    }
  }
}

/** The notes as ProfessorNotes lists them: one item per note, or no section without any. */
function fillNotes(page: DocumentFragment, notes: { sessionDate: string; body: string }[], language: string) {
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
    item.before(copy);
  }
  item.remove();
}

async function draw(): Promise<boolean> {
  const [courses, notes] = await Promise.all([read(SETUP.course), read(SETUP.notes)]);
  const course = Array.isArray(courses) && courses.length === 1 ? (courses[0] as { code?: unknown; name?: unknown }) : undefined;
  if (typeof course?.code !== 'string' || typeof course.name !== 'string' || !Array.isArray(notes) || gaveUp) return false;
  const now = new Date();
  const day = now.getDay() >= 1 && now.getDay() <= 5 ? 'weekday' : 'weekend';
  const templateOf = (language: string) =>
    document.getElementById(`${SETUP.templatePrefix}${language}-${day}`) as HTMLTemplateElement | null;
  const language = [document.documentElement.lang, SETUP.defaultLanguage].find(templateOf);
  const template = language ? templateOf(language) : null;
  if (!language || !template) return false;
  const page = template.content.cloneNode(true) as DocumentFragment;
  replaceTexts(page, course.code, course.name);
  const today = `sessionId=${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  for (const link of page.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    link.setAttribute('href', href.split(SETUP.id).join(encodeURIComponent(id)).split(`sessionId=${SETUP.days[day]}`).join(today));
  }
  fillNotes(page, notes as { sessionDate: string; body: string }[], language);
  root.replaceChildren(page);
  // main.tsx takes the page over as its own prerendered page.
  root.setAttribute(SETUP.attributes.prerendered, location.pathname);
  root.setAttribute(SETUP.attributes.language, language);
  document.title = (template.dataset.title ?? document.title).split(SETUP.marks.code).join(course.code);
  return true;
}

if (!asked || !id) start();
else {
  const waited = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SETUP.waitMs));
  void Promise.race([draw().catch(() => false), waited]).then((drawn) => {
    gaveUp = !drawn;
    if (!drawn) return start();
    // Drawn, so asked for without a session (ask.ts): a student, who gets the light script.
    const handoff = { timeline: SETUP.timeline.split(SETUP.id).join(id) };
    (window as unknown as Record<string, unknown>)[SETUP.handoff] = handoff;
    (window as unknown as Record<string, unknown>)[SETUP.startApp] = start;
    import(SETUP.light).catch(start);
  });
}
