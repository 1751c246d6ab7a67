// The live view during a class: 300 students send feedback to one course's session of today
// within 60 s, through the gateway and the submissions function (production limits), while the
// professor's page polls live_session with its cursor every 250 ms, as the web client does while
// the tab is visible. For each acknowledged submission: the time from the student's send to the
// first poll answer whose response count includes it (the count reaches the submission's rank in
// the order the acknowledgements arrived). Then 5 s of a quiet class, where every poll is
// unchanged. Bounded: 60 s of sending, then at most 10 s more.
import type pg from 'pg';
import { createLectures, professorJwt } from '../stack/fixtures/lectures.ts';
import type { Stack } from '../stack/stack.ts';
import { post } from './http.ts';
import { percentile } from './load.ts';

export interface LiveResult {
  submissions: number;
  acknowledged: number;
  errors: number;
  rows: number;
  /** Acknowledged submissions a poll answer counted (the rest were never seen before the end). */
  count: number;
  update_p50_ms: number;
  update_p95_ms: number;
  update_max_ms: number;
  polls: number;
  changed_polls: number;
  unchanged_poll_p50_ms: number;
  unchanged_poll_p95_ms: number;
  changed_poll_p50_ms: number;
  changed_poll_p95_ms: number;
  seconds: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A mix of both kinds, about one in five completely lost, as a confusing lecture would send. */
function feedback(i: number, courseId: string, sessionId: string): Record<string, unknown> {
  if (i % 2 === 0) {
    return {
      courseId,
      sessionId,
      topic: 'Recursion',
      confusion: `Student ${i}: how the base case stops the calls is still unclear.`,
      difficultyLevel: (['slightly', 'very', 'completely', 'very', 'slightly'] as const)[i % 5],
    };
  }
  return {
    courseId,
    sessionId,
    mindAfterSession: 'The homework due Friday.',
    unclearParts: `Student ${i}: the call stack diagram.`,
    wentWell: 'The live coding demo.',
    pace: (['too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast'] as const)[i % 5],
    challengeLevel: 'challenging_manageable',
    clarityRating: 1 + (i % 7),
    confidenceLevel: 5 * (i % 21),
  };
}

export async function liveUpdates(stack: Stack, db: pg.Pool, students = 300, spreadSeconds = 60): Promise<LiveResult> {
  const [{ ownerId, courseId, sessionId }] = await createLectures(db, 1, { topic: 'Recursion' });
  const jwt = await professorJwt(stack.jwtSecret, ownerId);

  const began = performance.now();
  const sent: number[] = new Array(students);
  const acked: { index: number; at: number }[] = [];
  let errors = 0;
  let sendingEnded = Infinity;

  // The professor's page: one poll at a time, the next 250 ms after the last began.
  const polls: { end: number; took: number; responses: number; changed: boolean }[] = [];
  const poller = (async () => {
    let cursor: string | undefined;
    let responses = 0;
    // Until every acknowledged submission is counted and 5 quiet seconds have passed (10 s at most).
    const more = () => {
      const since = performance.now() - sendingEnded;
      return since < 10_000 && (since < 5_000 || responses < acked.length);
    };
    while (more()) {
      const start = performance.now();
      const query = new URLSearchParams({ course_id: courseId, ...(cursor ? { since: cursor } : {}) });
      try {
        const res = await fetch(`${stack.apiUrl}/rest/v1/rpc/live_session?${query}`, {
          headers: { apikey: stack.anonKey, authorization: `Bearer ${jwt}` },
        });
        const answer = (await res.json()) as { changed: boolean; cursor: string; responses?: number };
        const end = performance.now();
        if (res.ok) {
          cursor = answer.cursor;
          if (answer.changed) responses = answer.responses ?? 0;
          polls.push({ end, took: end - start, responses, changed: answer.changed });
        }
      } catch {
        // A failed poll is retried at the next tick, as the page would.
      }
      const wait = 250 - (performance.now() - start);
      if (wait > 0) await sleep(wait);
    }
  })();

  await Promise.all(
    Array.from({ length: students }, async (_, index) => {
      const startAt = began + (index * spreadSeconds * 1000) / students;
      const wait = startAt - performance.now();
      if (wait > 0) await sleep(wait);
      sent[index] = performance.now();
      try {
        const status = await post(
          `${stack.apiUrl}/functions/v1/submissions`,
          {
            apikey: stack.anonKey,
            authorization: `Bearer ${stack.anonKey}`,
            'content-type': 'application/json',
            'x-device-id': `live-device-${index}`,
            // Ten networks in the hall, 30 students each.
            'x-forwarded-for': `198.51.100.${1 + (index % 10)}`,
          },
          JSON.stringify(feedback(index, courseId, sessionId)),
        );
        if (status === 201) acked.push({ index, at: performance.now() });
        else errors++;
      } catch {
        errors++;
      }
    }),
  );
  sendingEnded = performance.now();
  await poller;
  const seconds = (performance.now() - began) / 1000;

  // The k-th acknowledgement is counted once an answer says at least k responses.
  acked.sort((a, b) => a.at - b.at);
  const latencies: number[] = [];
  acked.forEach(({ index }, rank) => {
    const seen = polls.find((p) => p.end > sent[index] && p.responses >= rank + 1);
    if (seen) latencies.push(seen.end - sent[index]);
  });
  latencies.sort((a, b) => a - b);
  const took = (changed: boolean) =>
    polls
      .filter((p) => p.changed === changed)
      .map((p) => p.took)
      .sort((a, b) => a - b);
  const {
    rows: [{ count }],
  } = await db.query<{ count: string }>('select count(*) from public.submissions where class_session_id = $1', [sessionId]);
  return {
    submissions: students,
    acknowledged: acked.length,
    errors,
    rows: Number(count),
    count: latencies.length,
    update_p50_ms: round(percentile(latencies, 50)),
    update_p95_ms: round(percentile(latencies, 95)),
    update_max_ms: round(latencies[latencies.length - 1] ?? Number.NaN),
    polls: polls.length,
    changed_polls: polls.filter((p) => p.changed).length,
    unchanged_poll_p50_ms: round(percentile(took(false), 50)),
    unchanged_poll_p95_ms: round(percentile(took(false), 95)),
    changed_poll_p50_ms: round(percentile(took(true), 50)),
    changed_poll_p95_ms: round(percentile(took(true), 95)),
    seconds: round(seconds),
  };
}
