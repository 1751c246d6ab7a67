import pg from 'pg';

/** What one run of public.purge_expired_feedback() deleted. */
export interface PurgeResult {
  courses: number;
  submissions: number;
  replies: number;
  rateLimitRows: number;
}

export interface Retention {
  /** The start-up run: settles once it has finished (it never rejects; failures are logged). */
  started: Promise<void>;
  /** Runs the purge now (as the hourly timer does); null when it failed (logged). */
  runNow(): Promise<PurgeResult | null>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export interface RetentionOptions {
  dbUrl: string;
  log: (line: string) => void;
  /** Time between runs (an hour); null: only the start-up run and the runs asked for with runNow(). */
  intervalMs?: number | null;
}

const HOUR = 60 * 60 * 1000;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Retention on the local stack: hosted projects run public.purge_expired_feedback(),
 * private.roll_up_topic_days() and private.roll_up_sessions() with pg_cron (supabase/migrations/…_retention_schedule.sql), which
 * embedded Postgres does not have, so the stack runs them itself, once at start-up and then every hour. Each run opens its own connection
 * (a Postgres restart in between does not matter); a failed run is logged and the next one tries
 * again. The timer is unref'd: it never keeps Node alive after Ctrl-C.
 */
export function startRetention({ dbUrl, log, intervalMs = HOUR }: RetentionOptions): Retention {
  let running: Promise<PurgeResult | null> = Promise.resolve(null);
  let stopped = false;

  const purge = async (): Promise<PurgeResult | null> => {
    const client = new pg.Client({ connectionString: dbUrl });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ result: PurgeResult }>('select public.purge_expired_feedback() as result');
      const result = rows[0]!.result;
      if (result.submissions > 0 || result.rateLimitRows > 0) {
        log(
          `[retention] deleted ${count(result.submissions, 'expired submission')} ` +
            `(${count(result.replies, 'reply', 'replies')}) of ${count(result.courses, 'course')} ` +
            `and ${count(result.rateLimitRows, 'rate-limit counter')}`,
        );
      }
      // The same hourly timer rolls finished days up for confusion_patterns (…_topic_days.sql) and
      // ended class sessions up for the term report (…_session_rollups.sql).
      await client.query('select private.roll_up_topic_days()');
      await client.query('select private.roll_up_sessions()');
      return result;
    } catch (error) {
      log(`[retention] purge failed: ${(error as Error).message}`);
      return null;
    } finally {
      await client.end().catch(() => {});
    }
  };

  const runNow = () => {
    // One run at a time: a run asked for while another is under way follows it.
    running = running.then(() => (stopped ? null : purge()));
    return running;
  };

  const started = runNow().then(() => {});
  const timer = intervalMs === null ? undefined : setInterval(() => void runNow(), intervalMs);
  timer?.unref();

  return {
    started,
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
