/**
 * `/courses/{id}` painted before the app's code (docs/decisions/course-page.md). The build writes
 * course.html, which hosts answer every course's address with: an inline
 * script in <head> asks for the course, its notes and its timeline as the page loads, and one at the
 * end draws the app's own course page from a template (rendered at build time for a stand-in course,
 * in each language, for a class day and for a day without class) once the course and its notes have
 * arrived. Then the app's code starts and takes the page over as a prerendered one, its first reads
 * answered by those requests (web/src/lib/prefetched.ts).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineScript } from '../inline-script.ts';
import {
  COURSE_MEMORY,
  COURSE_PAGE_FILE,
  COURSE_PAGE_HANDOFF,
  courseCountsTemplateId,
  courseTimelineTemplateId,
} from '../../src/app/coursePageFile.ts';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_LANGUAGE_ATTRIBUTE } from '../../src/app/prerendered.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/i18n/languages.ts';
import { PREFETCHED_GLOBAL } from '../../src/lib/prefetched.ts';
import { LIGHT_START_APP } from '../../src/shared/lightPageMarkers.ts';
import type { CourseDay } from '../../src/prerender-course.ts';
import { type Manifest, moduleChunks } from '../manifest.ts';
import type { AskSetup, DrawSetup } from './setup.ts';
import { hoistStyles } from '../hoist-styles.ts';

type Server = typeof import('../../src/prerender');

const COURSE_MODULE = 'src/features/courses/CourseDetailPage.tsx';
// A course id as lib/ids.ts's isUuid accepts it: the app asks about nothing else.
const COURSE_ADDRESS = '^/courses/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/?$';
const TEMPLATE_PREFIX = 'course-page-';
const DAYS: CourseDay[] = ['weekday', 'weekend'];
// On a slow connection the course usually comes well within this; past it the app starts without it.
const WAIT_MS = 2500;
const RELEASE_GLOBAL = '__classpulseCourseReads';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** ask.ts or draw.ts as an inline script. */
const coursePageScript = (name: 'ask' | 'draw', setup: AskSetup | DrawSetup) =>
  inlineScript(new URL(`./${name}.ts`, import.meta.url), setup);

/** The course module's chunks and those of its static imports. */
function courseChunks(manifest: Manifest): string[] {
  return moduleChunks(manifest, COURSE_MODULE);
}

/** A recorded request as the inline script sends it: only the anonymous key, which it puts in the query. */
function anonymous({ url, headers }: { url: string; headers: Record<string, string> }): { url: string; apikey: string } {
  const { apikey, authorization, ...others } = headers;
  if (!apikey || authorization !== `Bearer ${apikey}` || Object.keys(others).length > 0) {
    throw new Error(`the course page's first reads are no longer plain anonymous reads (${url}): update web/scripts/course-page`);
  }
  return { url, apikey };
}

/** The recorded request whose path ends so: the page's inline scripts depend on the façade's addresses. */
function requestEndingWith(requests: { url: string }[], ending: string): string {
  const found = requests.find(({ url }) => new URL(url).pathname.endsWith(ending));
  if (!found) throw new Error(`the course page's first reads no longer include ${ending}: update web/scripts/course-page`);
  return found.url;
}

/**
 * The page, each language and version in a <template>, its title beside it, drawn as a light page
 * (web/src/shared/lightPage.ts); then what a light page draws into it once the timeline has come:
 * the timeline in each state and the counts' texts (web/src/student/course.ts).
 */
async function templates(server: Server): Promise<string> {
  let html = '';
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  for (const { code: language } of LANGUAGES) {
    const counts = await server.courseCountTexts(language);
    for (const day of DAYS) {
      const shell = server.courseShell(day);
      const rendered = await server.renderPage(shell.url, language, shell, true);
      const title = /^<title>(.*?)<\/title>/s.exec(rendered);
      if (!title) throw new Error('the course page renders no <title> first');
      // Its "Section" word names a course's section beside its code (web/src/shared/terms.ts).
      html +=
        `<template id="${TEMPLATE_PREFIX}${language}-${day}" data-title="${title[1]}" data-section="${attribute(counts.section)}" data-figures="${attribute(counts.figures)}">` +
        `${rendered.slice(title[0].length)}</template>`;
    }
    for (const island of server.TIMELINE_ISLANDS) {
      html += `<template id="${courseTimelineTemplateId(language, island)}">${await server.renderTimelineIsland(island, language)}</template>`;
    }
    html +=
      `<template id="${courseCountsTemplateId(language)}" data-one="${attribute(counts.one)}" ` +
      `data-other="${attribute(counts.other)}" data-week="${attribute(counts.week)}"></template>`;
  }
  return html;
}

export async function writeCoursePage({
  outDir,
  template,
  manifest,
  server,
  lightScript,
}: {
  outDir: string;
  /** The course page's light script (web/scripts/light-script.ts). */
  lightScript: string;
  /** index.html as Vite wrote it. */
  template: string;
  manifest: Manifest;
  server: Server;
}): Promise<void> {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const entryChunks = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const { requests, sessionCookie } = await server.coursePageRequests();
  const shared = {
    path: COURSE_ADDRESS,
    id: server.COURSE_MARKS.id,
    global: PREFETCHED_GLOBAL,
    memory: COURSE_MEMORY,
    release: RELEASE_GLOBAL,
  };
  const askSetup: AskSetup = { ...shared, requests: requests.map(anonymous), sessionCookie };
  const drawSetup: DrawSetup = {
    ...shared,
    course: requestEndingWith(requests, '/rest/v1/courses'),
    notes: requestEndingWith(requests, '/rpc/course_notes'),
    marks: { code: server.COURSE_MARKS.code, name: server.COURSE_MARKS.name },
    days: server.COURSE_DAYS,
    attributes: { prerendered: PRERENDERED_ATTRIBUTE, language: PRERENDERED_LANGUAGE_ATTRIBUTE },
    templatePrefix: TEMPLATE_PREFIX,
    defaultLanguage: DEFAULT_LANGUAGE,
    entry,
    chunks: [...new Set([entry, ...entryChunks, ...courseChunks(manifest)])],
    waitMs: WAIT_MS,
    light: lightScript,
    timeline: requestEndingWith(requests, '/rpc/course_timeline'),
    handoff: COURSE_PAGE_HANDOFF,
    startApp: LIGHT_START_APP,
  };
  const [ask, draw, rendered] = await Promise.all([
    coursePageScript('ask', askSetup),
    coursePageScript('draw', drawSetup),
    templates(server),
  ]);
  const {
    styles,
    markup: [pages],
  } = hoistStyles(rendered);
  const html = template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${styles}</head>`)
    .replace(
      /<title>.*?<\/title>/s,
      (title) => `${title}<script>${ask}</script><link rel="modulepreload" crossorigin href="${lightScript}">`,
    )
    .replace('<div id="root"></div>', () => `<div id="root"></div>${pages}<script type="module">${draw}</script>`);
  if (!html.includes(pages)) throw new Error('index.html has no empty #root');
  await writeFile(path.join(outDir, COURSE_PAGE_FILE), html);
}
