/**
 * A light course page's timeline. The page's file drew the course and its notes
 * (web/scripts/course-page/draw.ts), with the timeline still loading, and handed over the address its
 * timeline was asked at. When the answer comes, this draws the counts and the timeline from the
 * templates the build rendered for a stand-in course (the app's own TimelineBody, in each state and
 * language). What it does not draw (a failed read and its "Try again"), the app does: it starts, and
 * takes the drawn page over as it would have.
 */
import {
  COURSE_DAYS,
  COURSE_MARKS,
  COURSE_PAGE_HANDOFF,
  type CoursePageHandoff,
  TIMELINE_MARKS,
  courseCountsTemplateId,
  courseTimelineTemplateId,
} from '../app/coursePageFile';
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { prefetchedAnswer } from '../lib/prefetched';
import type { CourseTimeline, TimelineItem } from '../features/courses/api/get-course-timeline';
import { dateTimeFormat, isClassDay, localDateString } from '../shared/localDate';
import { LIGHT } from '../shared/lightPageMarkers';
import { replaceMark, replaceTexts, template } from './islands';

/** The course page's hand-off, when this is a drawn course page. */
export function coursePageHandoff(): CoursePageHandoff | undefined {
  return (window as unknown as Record<string, CoursePageHandoff | undefined>)[COURSE_PAGE_HANDOFF];
}

function isTimeline(value: unknown): value is CourseTimeline {
  const timeline = value as Partial<CourseTimeline> | null;
  return typeof timeline?.total === 'number' && typeof timeline.thisWeek === 'number' && Array.isArray(timeline.items);
}

/** The answer ask.ts received, left in place for the app should it start (lib/prefetched.ts). */
async function askedTimeline(url: string): Promise<CourseTimeline> {
  const answer = await prefetchedAnswer(url);
  if (!answer?.ok) throw new Error('the timeline was not answered');
  const timeline: unknown = await answer.clone().json();
  if (!isTimeline(timeline)) throw new Error('the timeline is not one');
  return timeline;
}

function drawCounts(root: HTMLElement, timeline: CourseTimeline, language: string) {
  const texts = template(courseCountsTemplateId(language)).dataset;
  // As the app's page writes them: i18next puts a number in as it is, without grouping.
  const number = (n: number) => String(n);
  const say = (text: string | undefined, n: number) => replaceMark(text ?? '', TIMELINE_MARKS.count, number(n));
  const counts: Record<string, string> = {
    submissions: timeline.total === 1 ? (texts.one ?? '') : say(texts.other, timeline.total),
    total: number(timeline.total),
    week: say(texts.week, timeline.thisWeek),
  };
  for (const element of root.querySelectorAll<HTMLElement>(`[${LIGHT.courseCount}]`)) {
    const count = counts[element.getAttribute(LIGHT.courseCount) ?? ''];
    if (count === undefined) continue;
    element.textContent = count;
    // The count's placeholder was hidden (CourseDetailPage.tsx).
    element.style.visibility = 'visible';
    element.removeAttribute('aria-hidden');
  }
}

/** The entries drawn with the timeline; the rest follow this many a task, each task short on a slow phone. */
const ENTRIES_PER_TASK = 20;

/** While the timeline is on its way: the formatter in a task of its own. */
export function prepareCourseTimeline(root: HTMLElement) {
  const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
  if (language) setTimeout(() => dateTimeFormat(language).format(0));
}

/** The entries, each a copy of the stand-in entry of its difficulty: the first ones now, the others in later tasks. */
function drawEntries(island: DocumentFragment, items: TimelineItem[], language: string) {
  const standIns = [...island.querySelectorAll<HTMLElement>(`[${LIGHT.difficulty}]`)];
  const list = standIns[0]?.parentElement;
  if (!list) throw new Error('the timeline template has no entries');
  const format = dateTimeFormat(language);
  const standInFor = (item: TimelineItem) =>
    standIns.find((each) => each.getAttribute(LIGHT.difficulty) === (item.difficultyLevel ?? 'none'));
  // Checked now, while the app can still take over: the later tasks cannot fail.
  const unknown = items.find((item) => !standInFor(item));
  if (unknown) throw new Error(`no stand-in entry for ${unknown.difficultyLevel}`);
  const entry = (item: TimelineItem) => {
    const copy = standInFor(item)!.cloneNode(true) as HTMLElement;
    replaceTexts(copy, [
      [TIMELINE_MARKS.topic, item.topic],
      [TIMELINE_MARKS.confusion, item.confusion],
    ]);
    const time = copy.querySelector('time');
    time?.setAttribute('datetime', item.createdAt);
    if (time) time.textContent = format.format(new Date(item.createdAt));
    return copy;
  };
  list.replaceChildren(...items.slice(0, ENTRIES_PER_TASK).map(entry));
  const more = (from: number) => {
    if (from >= items.length) return;
    list.append(...items.slice(from, from + ENTRIES_PER_TASK).map(entry));
    setTimeout(() => more(from + ENTRIES_PER_TASK));
  };
  setTimeout(() => more(ENTRIES_PER_TASK));
}

/** The page's stand-in course and day in a link, made this course's and today's (as draw.ts does). */
function fixLinks(island: DocumentFragment, courseId: string, day: keyof typeof COURSE_DAYS, today: string) {
  for (const link of island.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    const fixed = replaceMark(
      replaceMark(href, encodeURIComponent(COURSE_MARKS.id), encodeURIComponent(courseId)),
      COURSE_DAYS[day],
      today,
    );
    link.setAttribute('href', fixed);
  }
}

/** Draws the timeline once it has come; on anything it cannot draw, hands the page to the app. */
export async function drawCourseTimeline(root: HTMLElement, handoff: CoursePageHandoff, handOver: () => void): Promise<void> {
  try {
    const slot = root.querySelector<HTMLElement>(`[${LIGHT.courseTimeline}]`);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    const courseId = /^\/courses\/([^/]+)/.exec(location.pathname)?.[1];
    if (!slot || !language || !courseId) throw new Error('not a drawn course page');
    const timeline = await askedTimeline(handoff.timeline);
    const now = new Date();
    const day = isClassDay(now) ? 'weekday' : 'weekend';
    const state = timeline.items.length > 0 ? 'entries' : timeline.total > 0 ? 'withheld' : `empty-${day}`;
    const island = template(courseTimelineTemplateId(language, state)).content.cloneNode(true) as DocumentFragment;
    if (state === 'entries') drawEntries(island, timeline.items, language);
    fixLinks(island, decodeURIComponent(courseId), day, localDateString(now));
    drawCounts(root, timeline, language);
    slot.replaceChildren(island);
  } catch {
    handOver();
  }
}
