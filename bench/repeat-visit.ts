// Repeat visits: each student page opened once in the browser (until the service worker controls
// it, its precache done), then measured by Lighthouse as bench/lighthouse.ts does (mobile preset,
// median of three) but without clearing the browser's storage, so the page comes from the device.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import getPort from 'get-port';
import lighthouse from 'lighthouse';
import type pg from 'pg';
import { CHROMIUM } from '../stack/chromium.ts';
import { STUDENT_PAGES, demoPages } from './demo-pages.ts';

export interface RepeatVisitFigures {
  fcp_ms: number;
  lcp_ms: number;
}

const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureRepeatVisits(
  siteUrl: string,
  db: pg.Pool,
  progress: (line: string) => void,
): Promise<Record<string, RepeatVisitFigures>> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-repeat-'));
  const debuggingPort = await getPort();
  const browser = await chromium.launchPersistentContext(path.join(workDir, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
    headless: true,
    args: [`--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const figures: Record<string, RepeatVisitFigures> = {};
    for (const route of (await demoPages(db)).filter((r) => STUDENT_PAGES.includes(r.name))) {
      const url = `${siteUrl}${route.path}`;
      const warmUp = await browser.newPage();
      await warmUp.goto(url);
      await warmUp.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await warmUp.close();
      const runs: RepeatVisitFigures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(url, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${route.path}: ${result?.lhr.runtimeError?.message}`);
        const value = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? Number.NaN);
        runs.push({ fcp_ms: value('first-contentful-paint'), lcp_ms: value('largest-contentful-paint') });
      }
      figures[route.name] = { fcp_ms: median(runs.map((r) => r.fcp_ms)), lcp_ms: median(runs.map((r) => r.lcp_ms)) };
      progress(`  ${route.name}: FCP ${figures[route.name]!.fcp_ms} ms, LCP ${figures[route.name]!.lcp_ms} ms`);
    }
    return figures;
  } finally {
    await browser.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
