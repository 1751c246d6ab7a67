// Repeat visits: each student page (in each state of its course, bench/demo-pages.ts) opened once in
// the browser (until the service worker controls it, its precache done), then measured by
// Lighthouse as bench/lighthouse.ts does (mobile preset, median of three) but without clearing the
// browser's storage, so the page comes from the device.
import lighthouse from 'lighthouse';
import type pg from 'pg';
import { demoPages, onlyPagesIn } from './demo-pages.ts';
import { medians, RUNS, withLighthouseBrowser } from './lighthouse.ts';

export interface RepeatVisitFigures {
  fcp_ms: number;
  lcp_ms: number;
}

export async function measureRepeatVisits(
  siteUrl: string,
  db: pg.Pool,
  progress: (line: string) => void,
): Promise<Record<string, RepeatVisitFigures>> {
  return withLighthouseBrowser(async (browser, debuggingPort) => {
    const figures: Record<string, RepeatVisitFigures> = {};
    for (const route of (await demoPages(db)).filter((r) => r.kind === 'student').filter(onlyPagesIn('REPEAT_PAGES'))) {
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
      figures[route.name] = medians(runs);
      progress(`  ${route.name}: FCP ${figures[route.name]!.fcp_ms} ms, LCP ${figures[route.name]!.lcp_ms} ms`);
    }
    return figures;
  });
}
