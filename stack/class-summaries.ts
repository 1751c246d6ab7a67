/**
 * The local stand-in for the pg_cron job of …_class_summaries_schedule.sql: hosted projects call the
 * class-summaries edge function every minute through pg_net; embedded Postgres has neither extension,
 * so the stack makes the same call (POST /functions/v1/class-summaries/run with the service-role key
 * as its secret) every minute. A failed run is logged, never fatal; the timer is unref'd.
 */
export interface ClassSummaries {
  /** Runs the job now (as the timer does); the function's answer, or null when it failed (logged). */
  runNow(): Promise<{ claimed: number; sent: number; failed: number } | null>;
  stop(): Promise<void>;
}

export interface ClassSummariesOptions {
  apiUrl: string;
  secret: string;
  log: (line: string) => void;
  /** Time between runs (a minute); null: only runs asked for with runNow(). */
  intervalMs?: number | null;
}

const MINUTE = 60 * 1000;

export function startClassSummaries({ apiUrl, secret, log, intervalMs = MINUTE }: ClassSummariesOptions): ClassSummaries {
  let running: Promise<{ claimed: number; sent: number; failed: number } | null> = Promise.resolve(null);
  let stopped = false;

  const run = async () => {
    try {
      const res = await fetch(`${apiUrl}/functions/v1/class-summaries/run`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(55_000),
      });
      if (!res.ok) {
        log(`[class-summaries] run answered ${res.status}`);
        await res.body?.cancel();
        return null;
      }
      const result = (await res.json()) as { claimed: number; sent: number; failed: number };
      if (result.claimed > 0)
        log(`[class-summaries] sent ${result.sent} after-class summaries, ${result.failed} failed (retried next minute)`);
      return result;
    } catch (error) {
      log(`[class-summaries] run failed: ${(error as Error).message}`);
      return null;
    }
  };

  const runNow = () => {
    running = running.then(() => (stopped ? null : run()));
    return running;
  };
  const timer = intervalMs === null ? undefined : setInterval(() => void runNow(), intervalMs);
  timer?.unref();

  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
