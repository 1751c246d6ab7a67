/**
 * Vite plugin: after the client build, renders each student page's first screen into an HTML file
 * of its own (`course-search.html`, …) with the styles it needs inline, so a phone paints the
 * page before any script has run; the app then takes it over (web/src/main.tsx). Then writes
 * brotli and gzip copies beside every text file, for hosts that serve precompressed files.
 * Hosting stays plain static files with a fallback to `index.html` (docs/deploying.md).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, type ResolvedConfig, build } from 'vite';
import { OTHER_PAGE_ATTRIBUTE, PRERENDERED_ATTRIBUTE, PRERENDERED_LANGUAGE_ATTRIBUTE } from '../src/app/prerendered.ts';
import { FORM_PAGE_REFERRER_POLICY } from '../src/app/referrerPolicy.ts';
import { appFailedHandler, earlySubmitScript } from './early-submit.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/i18n/languages.ts';
import { writeCoursePage } from './course-page/index.ts';
import { type Manifest, moduleChunks } from './manifest.ts';
import { readApiConfig } from '../src/lib/config.ts';
import { authStorageKey } from '../src/lib/sessionCookie.ts';
import { precompress } from './precompress.ts';
import { type LightScript, buildLightScripts } from './light-script.ts';
import {
  CLASS_LINK_ANSWER,
  CLASS_LINK_PAGE_FILE,
  CLASS_LINK_PAGE_PATH,
  TRACK_PAGE_FILE,
  TRACK_PAGE_PATH,
} from '../src/app/addressPages.ts';
import type { ClassLinkAskSetup } from './class-link-ask.ts';
import { inlineScript } from './inline-script.ts';
import { hoistStyles } from './hoist-styles.ts';
import {
  CLASS_SESSION_PARTS,
  FORM_POST_PARTS,
  formPostTemplateId,
  LIGHT_START_APP,
  NOTIFY_PARTS,
  NOT_SENT_PARTS,
  notSentTemplateId,
  LIGHT_WARM_APP,
  MY_FEEDBACK_PARTS,
  classSessionTemplateId,
  courseNotFoundTemplateId,
  myFeedbackTemplateId,
  searchResultsTemplateId,
  TRACK_PARTS,
  trackTemplateId,
  USER_STORY_PARTS,
  userStoryTemplateId,
} from '../src/shared/lightPageMarkers.ts';
import { type LightToastName, toastTemplateId } from '../src/shared/lightToasts.ts';

interface PrerenderedPage {
  /** The path the HTML file answers, and the one `#root` says it was rendered for. */
  path: string;
  /** What is rendered: the page with query parameters that give its usual first screen. */
  url: string;
  /** The route's lazy module, preloaded with the entry so the takeover waits on no second round trip. */
  module: string;
  /** The page's referrer policy, when it is not the browser's default (web/src/app/referrerPolicy.ts). */
  referrerPolicy?: string;
  /** A light page: a visitor without a session gets its HTML and this light script, never the app (docs/performance.md). */
  light?: LightScript;
  /** A page that answers a family of addresses (web/src/app/addressPages.ts): its file, and the addresses. */
  addresses?: { file: string; path: RegExp };
  /** A light page's templates in a language, which its script draws what comes from the network with. */
  islands?: (server: Server, language: Language) => Promise<string>;
}

type Server = typeof import('../src/prerender');

// `/courses/{id}`, `/class/{token}` and `/track/{token}` have a file for all their addresses
// (course.html, written by course-page/, and class.html and track.html below).
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: '/', url: '/', module: 'src/features/landing/LandingPage.tsx', light: 'basic' },
  {
    path: '/course-search',
    url: '/course-search',
    module: 'src/features/courses/CourseSearchPage.tsx',
    light: 'courseSearch',
    islands: async (server, language) =>
      templateTag(searchResultsTemplateId(language), await server.renderSearchResultsIsland(language)) +
      templateTag(courseNotFoundTemplateId(language), await server.renderCourseNotFoundIsland(language)) +
      (await toastTemplates(server, language, ['courseNotFound', 'searchFailed'])),
  },
  {
    path: '/my-feedback',
    url: '/my-feedback',
    module: 'src/features/my-feedback/MyFeedbackPage.tsx',
    light: 'myFeedback',
    islands: (server, language) =>
      templatesOf(
        MY_FEEDBACK_PARTS,
        (part) => myFeedbackTemplateId(part, language),
        (part) => server.renderMyFeedbackIsland(part, language),
      ),
  },
  {
    path: '/submit',
    url: '/submit',
    module: 'src/features/submit/SubmitPage.tsx',
    referrerPolicy: FORM_PAGE_REFERRER_POLICY,
    light: 'submit',
  },
  {
    path: '/class-session',
    url: '/class-session?courseId=prerendered&sessionId=prerendered',
    module: 'src/features/class-session/ClassSessionPage.tsx',
    referrerPolicy: FORM_PAGE_REFERRER_POLICY,
    light: 'classSession',
    islands: async (server, language) =>
      (await templatesOf(
        CLASS_SESSION_PARTS,
        (part) => classSessionTemplateId(part, language),
        (part) => server.renderClassSessionIsland(part, language),
      )) +
      textsTemplate(classSessionTemplateId('texts', language), await server.classSessionTexts(language)) +
      (await toastTemplates(server, language, ['meTooFailed'])),
  },
  // Not a student page, but light the same way until the visitor acts (student/userStories.ts).
  {
    path: '/user-stories',
    url: '/user-stories',
    module: 'src/features/user-stories/UserStoriesPage.tsx',
    light: 'userStories',
    islands: (server, language) =>
      templatesOf(
        USER_STORY_PARTS,
        (part) => userStoryTemplateId(part, language),
        (part) => server.renderUserStoriesIsland(part, language),
      ),
  },
  // Pages of text, linked from every footer: nothing to fetch, so the whole page paints at once.
  { path: '/privacy', url: '/privacy', module: 'src/features/privacy/PrivacyPage.tsx', light: 'basic' },
  { path: '/accessibility', url: '/accessibility', module: 'src/features/accessibility/AccessibilityPage.tsx', light: 'basic' },
  // Where a class QR code lands: "Validating session link...", then on to the form (student/classLink.ts).
  {
    path: '/class',
    url: '/class/prerendered',
    module: 'src/features/class-session/ClassLinkPage.tsx',
    light: 'classLink',
    addresses: { file: CLASS_LINK_PAGE_FILE, path: CLASS_LINK_PAGE_PATH },
  },
  // A student's private link: "Loading your submission...", then the submission drawn (student/track.ts).
  {
    path: '/track',
    url: '/track/prerendered',
    module: 'src/features/submit/SubmitPage.tsx',
    light: 'track',
    addresses: { file: TRACK_PAGE_FILE, path: TRACK_PAGE_PATH },
    islands: async (server, language) =>
      (await templatesOf(
        TRACK_PARTS,
        (part) => trackTemplateId(part, language),
        (part) => server.renderTrackIsland(part, language),
      )) + (await toastTemplates(server, language, ['copied', 'copyFailed', 'updateFailed'])),
  },
  // Where the submissions function sends a feedback form posted without JavaScript (student/formPost.ts, student/notSent.ts).
  ...(['submit', 'class-session'] as const).flatMap((form) =>
    ['sent', 'not-sent'].map((outcome): PrerenderedPage => ({
      path: `/${form}/${outcome}`,
      url: `/${form}/${outcome}`,
      module: 'src/features/form-post/FormPostOutcomePage.tsx',
      ...(outcome === 'not-sent' && {
        light: 'notSent',
        islands: async (server, language) =>
          (await templatesOf(
            NOT_SENT_PARTS,
            (part) => notSentTemplateId(part, language),
            (part) => server.renderNotSentIsland(form, part, language),
          )) + textsTemplate(notSentTemplateId('texts', language), { texts: JSON.stringify(await server.notSentTexts(language)) }),
      }),
      ...(outcome === 'sent' && {
        light: 'formPost',
        islands: async (server, language) =>
          (await templatesOf(
            FORM_POST_PARTS,
            (part) => formPostTemplateId(part, language),
            (part) => server.renderFormPostIsland(form, part, language),
          )) +
          (await templatesOf(
            NOTIFY_PARTS,
            (part) => trackTemplateId(part, language),
            (part) => server.renderTrackIsland(part, language),
          )),
      }),
    })),
  ),
];

/**
 * Pages a static host answers with another page's file (their path holds an id): on them the
 * fallback also preloads the route's own chunks, which the app would otherwise request only once
 * its entry has run (one more round trip on a slow phone network).
 */
export const FALLBACK_ROUTES: { pattern: string; modules: string[] }[] = [
  { pattern: '^/courses/[^/]+$', modules: ['src/features/courses/CourseDetailPage.tsx'] },
  { pattern: '^/class/[^/]+$', modules: ['src/features/class-session/ClassLinkPage.tsx'] },
  { pattern: '^/track/[^/]+$', modules: ['src/features/submit/SubmitPage.tsx'] },
  { pattern: '^/auth$', modules: ['src/features/auth/AuthPage.tsx'] },
  {
    pattern: '^/professor/dashboard$',
    modules: ['src/app/layout/ProfessorLayout.tsx', 'src/features/dashboard/DashboardPage.tsx'],
  },
];

const ENTRY = 'src/prerender.tsx';

/** #root's English stays hidden from a visitor of another language until the swap after it has run. */
const LANGUAGE_GUARD = `<style>html:not([lang=${DEFAULT_LANGUAGE}]) #root[${PRERENDERED_LANGUAGE_ATTRIBUTE}=${DEFAULT_LANGUAGE}]{visibility:hidden}</style>`;

const templateTag = (id: string, html: string) => `<template id="${id}">${html}</template>`;

/** A light page's templates of several parts, one after another (the server module's language is global). */
async function templatesOf<T>(names: readonly T[], id: (name: T) => string, render: (name: T) => Promise<string>): Promise<string> {
  let templates = '';
  for (const name of names) templates += templateTag(id(name), await render(name));
  return templates;
}

/** The toasts a light page shows itself (web/src/student/toast.ts), in a language. */
const toastTemplates = (server: Server, language: Language, names: readonly LightToastName[]) =>
  templatesOf(
    names,
    (name) => toastTemplateId(name, language),
    (name) => server.renderToastIsland(name, language),
  );

/** An empty template whose data attributes hold texts a light page fills in (`data-<name>`). */
function textsTemplate(id: string, texts: Record<string, string>): string {
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const data = Object.entries(texts).map(([name, text]) => ` data-${name}="${attribute(text)}"`);
  return `<template id="${id}"${data.join('')}></template>`;
}

/** `course-search.html` for `/course-search`: the name static hosts (and `vite preview`) look for first. */
function fileFor(page: PrerenderedPage) {
  if (page.addresses) return page.addresses.file;
  return page.path === '/' ? 'index.html' : `${page.path.slice(1)}.html`;
}

/**
 * Preloads the chunks eight at a time, one task each: every link starts its fetch at once, and
 * forty of them in one go make one long task, four times longer on a phone.
 */
const preloadScript = (hrefs: string) =>
  `{const hrefs=${hrefs};const batch=(from)=>{for(const href of hrefs.slice(from,from+8)){const link=document.createElement('link');` +
  `link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}if(from+8<hrefs.length)setTimeout(()=>batch(from+8))};batch(0)}`;

/**
 * Hides another page's markup when a host falls back to this file (main.tsx shows the app instead),
 * and there, with nothing to paint first, starts fetching the app's code at once, as a page
 * without prerendering would, with the chunks of the address's route when FALLBACK_ROUTES knows it.
 */
function fallbackGuard(page: PrerenderedPage, appChunks: string[], routes: [string, string[]][]) {
  const own = page.addresses ? `${page.addresses.path}.test(path)` : `path===${JSON.stringify(page.path)}`;
  const script =
    `{const path=location.pathname.replace(/(.)\\/+$/,'$1');if(!(${own})){` +
    `document.documentElement.setAttribute('${OTHER_PAGE_ATTRIBUTE}','');` +
    `const route=${JSON.stringify(routes)}.find(([pattern])=>new RegExp(pattern).test(path));` +
    `${preloadScript(`${JSON.stringify(appChunks)}.concat(route?route[1]:[])`)}}}`;
  return `<script>${script}</script><style>[${OTHER_PAGE_ATTRIBUTE}] #root{visibility:hidden}</style>`;
}

/** The chunks of the route module and of what it imports. */
function routeChunks(manifest: Manifest, page: { module: string }): string[] {
  return moduleChunks(manifest, page.module);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * On the page's own address the app's code starts loading once the page has painted (just after
 * the first frame), with the entry's chunks and its route's chunks preloaded together: the
 * prerendered screen never waits on a script, and the takeover waits on no second round trip. A
 * tab opened in the background draws no frame, so a timer starts the code there. On another
 * page's address (the fallback) the code starts at once; fallbackGuard has preloaded it.
 */
function loader(entry: string, ownChunks: string[], light?: Light) {
  const other = `document.documentElement.hasAttribute('${OTHER_PAGE_ATTRIBUTE}')`;
  // A light page, on its own address, for a visitor without a session cookie (every student): only
  // its own script. The app starts for a signed-in visitor, whose header and pages are the app's.
  // It may hand the page to the app (a class link it could not resolve, a code course search did not
  // find, a form about to be sent): it finds `start` on window, and `warm`, which fetches the app's
  // code without running it (a student who starts filling in a form will likely send it).
  const lightOnly = light
    ? `if(!${other}&&!document.cookie.split(';').some((pair)=>/^${light.sessionCookie}(\\.\\d+)?=./.test(pair.trim()))){` +
      `window.${LIGHT_START_APP}=start;window.${LIGHT_WARM_APP}=warm;import(${JSON.stringify(light.script)}).catch(start)}else `
    : '';
  return (
    `<script type="module">let started=false,warmed=false;` +
    `const warm=()=>{if(warmed)return;warmed=true;if(!${other}){${preloadScript(JSON.stringify(ownChunks))}}};` +
    `const start=()=>{if(started)return;started=true;warm();import(${JSON.stringify(entry)}).catch(${appFailedHandler})};` +
    `${lightOnly}if(${other})start();else{requestAnimationFrame(()=>setTimeout(start));setTimeout(start,200)}</script>`
  );
}

interface Light {
  /** The light script's address in the build. */
  script: string;
  /** The name of the auth session's cookie (web/src/lib/sessionCookie.ts). */
  sessionCookie: string;
}

/**
 * A feedback form page's head: its referrer policy (the form's post without JavaScript sends the
 * page's address), and the script that keeps an early tap on "Submit" for the app (early-submit.ts).
 */
const formPageHead = (page: PrerenderedPage) =>
  page.referrerPolicy ? `<meta name="referrer" content="${page.referrerPolicy}">${earlySubmitScript}` : '';

/**
 * A page of a family of addresses was rendered for a stand-in (`/class/prerendered`): on one of
 * its addresses, #root says it holds that address's page, which the app then takes over (main.tsx).
 */
const ownAddress = (page: PrerenderedPage) =>
  page.addresses
    ? `<script>if(!document.documentElement.hasAttribute('${OTHER_PAGE_ATTRIBUTE}'))` +
      `document.getElementById('root').setAttribute('${PRERENDERED_ATTRIBUTE}',location.pathname)</script>`
    : '';

/** React writes the page's <title> first, then the page. */
function splitTitle(rendered: string): { title?: string; body: string } {
  const title = /^<title>.*?<\/title>/s.exec(rendered)?.[0];
  return { title, body: title ? rendered.slice(title.length) : rendered };
}

/**
 * The page in every other language, inert in a <template>; right after #root, a script puts the
 * visitor's language in place before the first paint (the head's inline script chose it), and until
 * then a style keeps #root's English hidden from a visitor of another language.
 */
function otherLanguages(translations: Partial<Record<Language, string>>): string {
  let html = '';
  for (const [language, rendered] of Object.entries(translations)) {
    const { title, body } = splitTitle(rendered);
    const text = title?.replace(/^<title>|<\/title>$/g, '') ?? '';
    html += `<template id="${PRERENDERED_LANGUAGE_ATTRIBUTE}-${language}" data-title="${text}">${body}</template>`;
  }
  const swap =
    `{const root=document.getElementById('root'),lang=document.documentElement.lang,` +
    `page=document.getElementById('${PRERENDERED_LANGUAGE_ATTRIBUTE}-'+lang);` +
    `if(page&&root.getAttribute('${PRERENDERED_LANGUAGE_ATTRIBUTE}')!==lang){root.replaceChildren(page.content.cloneNode(true));` +
    `document.title=page.dataset.title;root.setAttribute('${PRERENDERED_LANGUAGE_ATTRIBUTE}',lang)}}`;
  return `${html}<script>${swap}</script>`;
}

function pageHtml(
  template: string,
  manifest: Manifest,
  page: PrerenderedPage,
  rendered: string,
  translations: Partial<Record<Language, string>>,
  {
    lightScripts,
    sessionCookie,
    firstScript,
    islands = '',
  }: { lightScripts: Record<LightScript, string>; sessionCookie: string; firstScript?: string; islands?: string },
) {
  const { title, body: renderedBody } = splitTitle(rendered);
  // Every rule once, in <head>: those of the page in each language and of its templates.
  const {
    styles,
    markup: [body, languages, templates],
  } = hoistStyles(renderedBody, otherLanguages(translations), islands);
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const entryChunks = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const notEntry = (file: string) => !entryChunks.includes(file) && file !== entry;
  const routeOnly = routeChunks(manifest, page).filter(notEntry);
  const light = page.light ? { script: lightScripts[page.light], sessionCookie } : undefined;
  const fallbacks = FALLBACK_ROUTES.map(({ pattern, modules }): [string, string[]] => [
    pattern,
    [...new Set(modules.flatMap((module) => routeChunks(manifest, { module })))].filter(notEntry),
  ]);
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      /<title>.*?<\/title>/s,
      // A function, so that no `$` in the scripts is read as a replacement pattern.
      (templateTitle) =>
        `${title ?? templateTitle}${firstScript ? `<script>${firstScript}</script>` : ''}${formPageHead(page)}` +
        `${fallbackGuard(page, [entry, ...entryChunks], fallbacks)}${LANGUAGE_GUARD}`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" ${PRERENDERED_ATTRIBUTE}="${page.path}" ${PRERENDERED_LANGUAGE_ATTRIBUTE}="${DEFAULT_LANGUAGE}">${body}</div>` +
        languages +
        templates +
        ownAddress(page),
    )
    .replace('</head>', () => `${styles}${light ? `<link rel="modulepreload" crossorigin href="${light.script}">` : ''}</head>`)
    .replace('</body>', () => `${loader(entry, [entry, ...entryChunks, ...routeOnly], light)}</body>`);
}

async function prerender(config: ResolvedConfig) {
  const outDir = path.resolve(config.root, config.build.outDir);
  // Inside web/ so that the server bundle resolves the app's packages from node_modules; a folder
  // of its own for each build, since one process may build more than once (tests, bench) and Node
  // keeps a module per address. Not a query on the entry's address: the route chunks import what
  // they share with the entry (the clock the course page is rendered for) from the entry's plain
  // address, which would then be a second copy of it.
  const serverDir = path.join(config.root, '.prerender', `${process.pid}-${Date.now()}`);
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    build: { ssr: ENTRY, outDir: serverDir, emptyOutDir: true },
  });
  try {
    const entry = pathToFileURL(path.join(serverDir, 'prerender.js'));
    const server = (await import(entry.href)) as Server;
    const { renderPage } = server;
    const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const api = readApiConfig(config.env);
    const sessionCookie = authStorageKey(api.supabaseUrl);
    const lightScripts = await buildLightScripts(config, outDir);
    const classLinkAsk: ClassLinkAskSetup = {
      path: CLASS_LINK_PAGE_PATH.source,
      rpc: `${api.supabaseUrl}/rest/v1/rpc/resolve_class_token`,
      apikey: api.supabaseAnonKey,
      sessionCookie,
      global: CLASS_LINK_ANSWER,
    };
    const firstScripts: Record<string, string> = {
      [CLASS_LINK_PAGE_FILE]: await inlineScript(new URL('./class-link-ask.ts', import.meta.url), classLinkAsk),
    };
    for (const page of PRERENDERED_PAGES) {
      const translations: Partial<Record<Language, string>> = {};
      const light = page.light !== undefined;
      for (const { code } of LANGUAGES)
        if (code !== DEFAULT_LANGUAGE) translations[code] = await renderPage(page.url, code, undefined, light);
      const rendered = await renderPage(page.url, DEFAULT_LANGUAGE, undefined, light);
      const firstScript = firstScripts[fileFor(page)];
      // One language at a time: the server module's language is global.
      let islands = '';
      for (const { code } of LANGUAGES) islands += (await page.islands?.(server, code)) ?? '';
      const html = pageHtml(template, manifest, page, rendered, translations, { lightScripts, sessionCookie, firstScript, islands });
      await mkdir(path.dirname(path.join(outDir, fileFor(page))), { recursive: true });
      await writeFile(path.join(outDir, fileFor(page)), html);
    }
    await writeCoursePage({
      outDir,
      template,
      manifest,
      lightScript: lightScripts.course,
      server,
    });
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}

export function prerenderStudentPages(): Plugin {
  let config: ResolvedConfig;
  let failed = false;
  return {
    name: 'classpulse:prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml() {
      // The first API call (the course list, a session) starts its connection while the page paints.
      const api = config.env.VITE_SUPABASE_URL as string | undefined;
      return api ? [{ tag: 'link', attrs: { rel: 'preconnect', href: new URL(api).origin, crossorigin: '' }, injectTo: 'head' }] : [];
    },
    renderError() {
      // closeBundle runs after a failed build too: prerendering then would hide the build's own error.
      failed = true;
    },
    async closeBundle() {
      if (failed) return;
      await prerender(config);
      await precompress(path.resolve(config.root, config.build.outDir));
    },
  };
}
