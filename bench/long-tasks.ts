// Long tasks on the phone, for real: each page opened on Lighthouse's mobile phone emulated as
// "accepts input at" does (bench/phone.ts: its screen, user agent, 4× slower CPU and slow 4G per
// request), with the browser's own Long Tasks API recording every main-thread task over 50 ms
// from navigation until 10 s after it. Lighthouse's figure covers only its own trace, which ends
// once the page looks idle; the target is "no task over 200 ms between navigation and 10 s".
// Each page three times in a fresh context; the figures are the medians.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type Page, chromium } from '@playwright/test';
import type pg from 'pg';
import { CHROMIUM } from '../stack/chromium.ts';
import { demoPages, onlyPagesIn } from './demo-pages.ts';
import { openOnPhone } from './phone.ts';
import { islandMeasure } from '../web/src/student/runtime/islandMarks.ts';

export interface LongTaskFigures {
  /** Tasks over 50 ms in the 10 s, and the longest of them (0: none); medians of the runs. */
  long_tasks: number;
  longest_task_ms: number;
  /** Each island's hydration on the page (boot.ts's measures), median of the runs; an island hydrated on first use has none. */
  island_hydration_ms: Record<string, number>;
  runs: Run[];
}

interface Run {
  long_tasks: number;
  longest_task_ms: number;
  island_hydration_ms: Record<string, number>;
}

const RUNS = 3;
const WINDOW_MS = 10_000;

const pageClock = (page: Page) => page.evaluate(() => performance.now());

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureOnce(browser: Browser, url: string): Promise<Run> {
  // Before the page's first script: every long task from navigation on, buffered ones included.
  const { context, page } = await openOnPhone(browser, url, (phone) =>
    phone.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    }),
  );
  try {
    // Until 10 s after navigation, by the page's own clock, waited for outside the page: nothing of
    // Playwright's runs in it meanwhile. Polling it with waitForFunction compiled Playwright's
    // injected script on the page's main thread as it loaded, itself a task of 50–200 ms on the
    // 4× slower CPU that no student's phone has (seen in a trace, 2026-11-29).
    await sleep(WINDOW_MS);
    for (let now = await pageClock(page); now < WINDOW_MS; now = await pageClock(page)) await sleep(WINDOW_MS - now);
    const tasks = await page.evaluate(
      (windowMs) =>
        (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((task) => task.start < windowMs),
      WINDOW_MS,
    );
    const islands = await page.evaluate((prefix) => {
      const hydration: Record<string, number> = {};
      for (const measure of performance.getEntriesByType('measure')) {
        if (measure.name.startsWith(prefix)) hydration[measure.name.slice(prefix.length)] = Math.round(measure.duration);
      }
      return hydration;
    }, islandMeasure(''));
    return {
      long_tasks: tasks.length,
      longest_task_ms: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
      island_hydration_ms: islands,
    };
  } finally {
    await context.close();
  }
}

export async function measureLongTasks(
  siteUrl: string,
  db: pg.Pool,
  progress: (line: string) => void,
): Promise<Record<string, LongTaskFigures>> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM, headless: true });
  try {
    const figures: Record<string, LongTaskFigures> = {};
    // Signed out, as a student: the dashboard would only show the sign-in page.
    for (const page of (await demoPages(db)).filter((p) => !p.signedIn).filter(onlyPagesIn('INPUT_PAGES'))) {
      const runs: Run[] = [];
      for (let run = 1; run <= RUNS; run++) runs.push(await measureOnce(browser, `${siteUrl}${page.path}`));
      const islands = [...new Set(runs.flatMap((r) => Object.keys(r.island_hydration_ms)))];
      const f = (figures[page.name] = {
        long_tasks: median(runs.map((r) => r.long_tasks)),
        longest_task_ms: median(runs.map((r) => r.longest_task_ms)),
        island_hydration_ms: Object.fromEntries(
          islands.map((island) => [island, median(runs.map((r) => r.island_hydration_ms[island] ?? 0))]),
        ),
        runs,
      });
      const hydration = Object.entries(f.island_hydration_ms).map(([island, ms]) => `${island} ${ms} ms`);
      progress(
        `  ${page.name}: ${f.long_tasks} long tasks in 10 s, the longest ${f.longest_task_ms} ms; hydrated: ${hydration.join(', ') || 'none'}`,
      );
    }
    return figures;
  } finally {
    await browser.close();
  }
}
