// Load generation on loopback: closed-loop (N clients back to back for a time) and open-loop
// (requests started on a schedule, as a lecture hall would send them). Bounded in count and time.

export interface LoadStats {
  requests: number;
  ok: number;
  errors: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
}

/** One request; resolves true when it succeeded (a 2xx, or a row written). */
export type Attempt = (index: number) => Promise<boolean>;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function summarise(latencies: number[], ok: number, errors: number, seconds: number): LoadStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    ok,
    errors,
    seconds: round(seconds),
    rps: Math.round(latencies.length / seconds),
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
  };
}

async function timed(attempt: Attempt, index: number): Promise<[number, boolean]> {
  const start = performance.now();
  let ok: boolean;
  try {
    ok = await attempt(index);
  } catch {
    ok = false;
  }
  return [performance.now() - start, ok];
}

/** `clients` callers, each sending its next request as soon as the last one answered. */
export async function closedLoop(clients: number, seconds: number, attempt: Attempt): Promise<LoadStats> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let next = 0;
  const began = performance.now();
  const deadline = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const [ms, success] = await timed(attempt, next++);
        latencies.push(ms);
        if (success) ok++;
        else errors++;
      }
    }),
  );
  return summarise(latencies, ok, errors, (performance.now() - began) / 1000);
}

/** `total` requests started evenly over `spreadSeconds`, whatever the answers take. */
export async function openLoop(total: number, spreadSeconds: number, attempt: Attempt): Promise<LoadStats> {
  const latencies: number[] = new Array(total);
  let ok = 0;
  let errors = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: total }, async (_, index) => {
      const startAt = began + (index * spreadSeconds * 1000) / total;
      const wait = startAt - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const [ms, success] = await timed(attempt, index);
      latencies[index] = ms;
      if (success) ok++;
      else errors++;
    }),
  );
  return summarise(latencies, ok, errors, (performance.now() - began) / 1000);
}
