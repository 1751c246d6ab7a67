// Lighthouse (mobile preset: a mid-range phone on a slow 4G connection, simulated) against the
// production build on a static host (bench/served-build.ts), with the demo data, for the pages of
// bench/demo-pages.ts: every student page, those that show a course's data in each state of their
// course. Each page is measured three times in a fresh tab and each figure is the median of the
// three. Pages are tried as a new user would (storage cleared before each run), except the
// dashboard, which needs a session.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import getPort from 'get-port';
import lighthouse from 'lighthouse';
import type pg from 'pg';
import type { Stack } from '../stack/stack.ts';
import { CHROMIUM } from '../stack/chromium.ts';
import { sessionCookies, signInWithEmailCode } from '../stack/clients.ts';
import { demoPages, onlyPagesIn } from './demo-pages.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  /** Every script Lighthouse recorded until the page was idle, as transferred (compressed), KB. */
  js_kb: number;
  /** Main-thread tasks over 50 ms on the simulated phone, and the longest of them (0: none). */
  long_tasks: number;
  longest_task_ms: number;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}
interface LongTask {
  duration: number;
}

/** An audit's table rows (its `details.items`), or none. */
function items<T>(audit: { details?: unknown } | undefined): T[] {
  const details = audit?.details as { items?: T[] } | undefined;
  return details?.items ?? [];
}

/** How many times each page is measured; each figure is the median of the runs. */
export const RUNS = 3;

/** Each figure's median over the runs. */
export function medians<T extends { [K in keyof T]: number }>(runs: T[]): T {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const keys = Object.keys(runs[0]!) as (keyof T)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as T;
}

/**
 * Runs `work` with Chromium in a throw-away profile, Lighthouse's way in on `debuggingPort`. The
 * context is the browser's default one, the one Lighthouse opens its tabs in, so cookies and
 * service workers set through it reach the measured pages.
 */
export async function withLighthouseBrowser<T>(work: (browser: BrowserContext, debuggingPort: number) => Promise<T>): Promise<T> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-lighthouse-'));
  const debuggingPort = await getPort();
  const browser = await chromium.launchPersistentContext(path.join(workDir, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
    headless: true,
    args: [`--remote-debugging-port=${debuggingPort}`],
  });
  try {
    return await work(browser, debuggingPort);
  } finally {
    await browser.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

export async function measureLighthouse(
  siteUrl: string,
  stack: Stack,
  db: pg.Pool,
  progress: (line: string) => void,
): Promise<Record<string, LighthouseFigures>> {
  return withLighthouseBrowser(async (browser, debuggingPort) => {
    const professor = await signInWithEmailCode(stack, 'professor@example.edu');
    const professorCookies = await sessionCookies(stack, professor.client, siteUrl);
    const figures: Record<string, LighthouseFigures> = {};
    // LIGHTHOUSE_PAGES="/courses/{id},/submit (note)" measures only those pages (by their names or registry paths).
    for (const route of (await demoPages(db)).filter(onlyPagesIn('LIGHTHOUSE_PAGES'))) {
      // Only the signed-in page gets the professor's session (storage resets leave cookies): with it, a
      // student page would be measured as a professor sees it, not as a student.
      if (route.signedIn) await browser.addCookies(professorCookies);
      else await browser.clearCookies();
      const runs: LighthouseFigures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(`${siteUrl}${route.path}`, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          disableStorageReset: route.signedIn === true,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}`);
        const { categories, audits, runtimeError } = result.lhr;
        // LIGHTHOUSE_REPORTS=<dir> keeps each run's whole report (the main thread's breakdown, each script's cost).
        if (process.env.LIGHTHOUSE_REPORTS) {
          await mkdir(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          const name = `${route.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
          await writeFile(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
        }
        if (runtimeError) throw new Error(`Lighthouse failed on ${route.path}: ${runtimeError.message}`);
        // A page that sent the browser elsewhere (the dashboard to sign-in) measured the wrong page; a
        // class link gives itself its form's address in place, on the same document.
        const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (landed !== new URL(route.path, siteUrl).pathname && landed !== route.settlesAt) {
          throw new Error(`Lighthouse on ${route.path} ended on ${landed}`);
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const scriptBytes = items<NetworkRequest>(audits['network-requests'])
          .filter((request) => request.resourceType === 'Script')
          .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
        const longTasks = items<LongTask>(audits['long-tasks']);
        const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          best_practices: score('best-practices'),
          seo: score('seo'),
          fcp_ms: Math.round(value('first-contentful-paint')),
          lcp_ms: Math.round(value('largest-contentful-paint')),
          tbt_ms: Math.round(value('total-blocking-time')),
          cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
          js_kb: Math.round(scriptBytes / 102.4) / 10,
          long_tasks: longTasks.length,
          longest_task_ms: Math.round(Math.max(0, ...longTasks.map((task) => task.duration))),
        });
      }
      const f = (figures[route.name] = medians(runs));
      progress(
        `  ${route.name}: performance ${f.performance}, LCP ${f.lcp_ms} ms, TBT ${f.tbt_ms} ms, CLS ${f.cls}, ` +
          `JS ${f.js_kb} KB, ${f.long_tasks} long tasks (longest ${f.longest_task_ms} ms)`,
      );
    }
    return figures;
  });
}
