// "Accepts input at": on a student page, the time from navigation start until a tap and one
// keystroke have reached the page's first form field and stayed there. A class link (what a class
// QR code opens) is one page load, Session Feedback itself: its figure runs from opening the link.
// Each page that shows a course's data is measured in each state of its course (bench/demo-pages.ts).
// Measured on the phone of Lighthouse's mobile preset, emulated for real rather than simulated
// (bench/phone.ts). Each page is opened three times, each in a fresh context (nothing cached), and
// each figure is the median.
import { type Browser, chromium } from '@playwright/test';
import type pg from 'pg';
import { CHROMIUM } from '../stack/chromium.ts';
import { demoPages, onlyPagesIn } from './demo-pages.ts';
import { probeField } from './field-probe.ts';
import { PHONE, openOnPhone } from './phone.ts';

interface FirstField {
  /** The first form field a student types into, as a CSS selector. */
  selector: string;
  label: string;
}

/** Per student page (its registry path), its first form field, or why it has none to measure. */
export const FIRST_FIELDS: Record<string, FirstField | { skipped: string }> = {
  '/': { skipped: 'no form field: the landing page has no course search box, only links to /course-search' },
  '/course-search': { selector: 'form[role="search"] input', label: 'the course code search box' },
  '/courses/{id}': { skipped: 'no form field: links to the feedback forms and a disabled button only' },
  '/class/{token}': {
    selector: 'textarea[name="mindAfterSession"]',
    label: 'the class link’s Session Feedback, “What’s on your mind after this session?”',
  },
  '/class-session': { selector: 'textarea[name="mindAfterSession"]', label: '“What’s on your mind after this session?”' },
  '/submit': { selector: 'input[name="topic"]', label: 'Topic' },
};

interface RunFigures {
  /** The field visible in the page (and the page painted); null: never. */
  first_visible_ms: number | null;
  /** The keystroke seen in the field's value, and still there 1 s later; null: none kept. */
  accepts_input_ms: number | null;
  /** Keystrokes typed until one landed: the ones before it were lost. */
  keystrokes: number;
}

export type AcceptsInputFigures =
  { field: string; first_visible_ms: number | null; accepts_input_ms: number | null; runs: RunFigures[] } | { skipped: string };

const RUNS = 3;
const CHARACTER = 'x';
/** A keystroke counts once the character has stayed in the field this long. */
const KEPT_FOR_MS = 1_000;
const GIVE_UP_AFTER_MS = 60_000;
/** Between looks at the page: about a frame, so that looking does not load the slowed CPU. */
const LOOK_EVERY_MS = 16;
/** A student whose keystroke did not show taps again, but not every frame. */
const TAP_AGAIN_AFTER_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The median, a run that never got there counting as the slowest. */
function median(values: (number | null)[]): number | null {
  const sorted = values.map((value) => value ?? Infinity).sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  return Number.isFinite(middle) ? Math.round(middle) : null;
}
const rounded = (value: number | null) => (value === null ? null : Math.round(value));

async function measureOnce(browser: Browser, url: string, field: FirstField): Promise<RunFigures> {
  const { context, page } = await openOnPhone(browser, url);
  try {
    let firstVisible: number | undefined;
    let landed: number | undefined;
    let keystrokes = 0;
    let lastTap = 0;
    let origin: number | undefined;
    const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
    while (Date.now() < giveUpAt) {
      const look = await page.evaluate(probeField, { selector: field.selector, character: CHARACTER });
      // Every time is from the opened document's navigation start: another document would start the clock again.
      origin ??= look.origin;
      if (look.origin !== origin) throw new Error(`${url} left for another document, ${page.url()}`);
      if (look.tapAt) firstVisible ??= look.now;
      if (look.holdsCharacter) {
        landed ??= look.now;
        if (look.now - landed >= KEPT_FOR_MS) {
          if (look.documentArrivedAt < PHONE.requestLatencyMs) throw new Error(`the network throttling did not apply to ${url}`);
          return { first_visible_ms: firstVisible ?? null, accepts_input_ms: landed, keystrokes };
        }
      } else {
        // Not there (any more): whatever was typed before was lost, and does not count.
        landed = undefined;
        if (look.tapAt && Date.now() - lastTap >= TAP_AGAIN_AFTER_MS) {
          lastTap = Date.now();
          await page.touchscreen.tap(look.tapAt.x, look.tapAt.y);
          await page.keyboard.type(CHARACTER);
          keystrokes++;
          // Look again at once: the figure is when the character is first seen.
          continue;
        }
      }
      await sleep(LOOK_EVERY_MS);
    }
    return { first_visible_ms: firstVisible ?? null, accepts_input_ms: null, keystrokes };
  } finally {
    await context.close();
  }
}

export async function measureAcceptsInput(
  siteUrl: string,
  db: pg.Pool,
  progress: (line: string) => void,
): Promise<Record<string, AcceptsInputFigures>> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM, headless: true });
  try {
    const figures: Record<string, AcceptsInputFigures> = {};
    for (const page of (await demoPages(db)).filter(onlyPagesIn('INPUT_PAGES'))) {
      const field = FIRST_FIELDS[page.page];
      if (!field) continue;
      if ('skipped' in field) {
        // Once per page, not per state: no state gives it a field.
        if (!figures[page.page]) progress(`  ${page.page}: skipped (${field.skipped})`);
        figures[page.page] = field;
        continue;
      }
      const runs: RunFigures[] = [];
      for (let run = 1; run <= RUNS; run++) runs.push(await measureOnce(browser, `${siteUrl}${page.path}`, field));
      const f = {
        field: field.label,
        first_visible_ms: median(runs.map((r) => r.first_visible_ms)),
        accepts_input_ms: median(runs.map((r) => r.accepts_input_ms)),
        runs: runs.map((r) => ({
          first_visible_ms: rounded(r.first_visible_ms),
          accepts_input_ms: rounded(r.accepts_input_ms),
          keystrokes: r.keystrokes,
        })),
      };
      figures[page.name] = f;
      const accepts = f.accepts_input_ms === null ? 'kept no keystroke within 60 s' : `accepts input at ${f.accepts_input_ms} ms`;
      progress(`  ${page.name}: ${field.label} visible at ${f.first_visible_ms ?? '—'} ms, ${accepts}`);
    }
    return figures;
  } finally {
    await browser.close();
  }
}
