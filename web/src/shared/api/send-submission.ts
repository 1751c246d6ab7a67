import { useCallback, useEffect, useRef, useState } from 'react';
import { type PendingSubmission, dropPending, newIdempotencyKey, pendingFor, retryDelay, savePending } from '../pendingSubmissions';
import { type CreatedSubmission, createSubmission } from './create-submission';
import { isNetworkFailure } from '../../lib/errors';

/** How a send ended: stored, kept on the device for later, or refused by the server (shown). */
export type SendOutcome = 'sent' | 'saved' | 'refused';

export interface SendSubmissionEvents {
  /** The submission is stored (now or, after a network failure, later). */
  onSuccess?: (created: CreatedSubmission, body: Record<string, unknown>) => void;
  /** The server refused it (4xx, 500): shown, never sent again. */
  onError?: (error: unknown, body: Record<string, unknown>) => void;
}

/**
 * POST /api/submissions that survives bad Wi-Fi (docs/decisions/offline-submissions.md).
 * Each submission gets an Idempotency-Key and is kept in localStorage (pendingSubmissions.ts)
 * before it is sent; a network failure (no answer, timeout, 502/503/504) leaves it there, `saved`,
 * and it is sent again with the same key when the browser comes back online, when this page loads
 * again, and every 2 s, 4 s … 60 s while online, until the server stores it or refuses it. The
 * server stores one row per key, so it is stored exactly once. `page` names the form: only a page
 * of that name sends it again and hears the outcome. Undefined while the page does not know its
 * address yet (a student page's first render): nothing is read from the device before it does.
 */
export function useSendSubmission(page: string | undefined, events: SendSubmissionEvents = {}) {
  const [saved, setSaved] = useState<PendingSubmission | undefined>();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const attempts = useRef(0);
  const handlers = useRef(events);
  handlers.current = events;

  // The page's submission left on the device by an earlier visit, sent again below.
  useEffect(() => {
    attempts.current = 0;
    setSaved(page === undefined ? undefined : pendingFor(page));
  }, [page]);

  const attempt = useCallback(async (entry: PendingSubmission): Promise<SendOutcome> => {
    if (inFlight.current) return 'saved';
    inFlight.current = true;
    setSending(true);
    try {
      const created = await createSubmission(entry.body, { idempotencyKey: entry.key });
      dropPending(entry.key);
      attempts.current = 0;
      setSaved(undefined);
      handlers.current.onSuccess?.(created, entry.body);
      return 'sent';
    } catch (error) {
      if (isNetworkFailure(error)) {
        attempts.current += 1;
        setSaved(entry);
        return 'saved';
      }
      dropPending(entry.key);
      attempts.current = 0;
      setSaved(undefined);
      handlers.current.onError?.(error, entry.body);
      return 'refused';
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, []);

  // While one is saved: send it now if online (the page has just loaded it), again when the browser
  // says it is back online, and on a growing delay while it believes it is.
  useEffect(() => {
    if (!saved || sending) return;
    const retry = () => void attempt(saved);
    window.addEventListener('online', retry);
    const first = attempts.current === 0;
    const timer = navigator.onLine ? window.setTimeout(retry, first ? 0 : retryDelay(attempts.current - 1)) : undefined;
    return () => {
      window.removeEventListener('online', retry);
      window.clearTimeout(timer);
    };
  }, [saved, sending, attempt]);

  /** Sends a new submission; kept on the device first, so nothing is lost if the page closes meanwhile. */
  const send = useCallback(
    (body: Record<string, unknown>): Promise<SendOutcome> => {
      if (page === undefined) return Promise.resolve('refused');
      const entry: PendingSubmission = { key: newIdempotencyKey(), page, body, savedAt: new Date().toISOString() };
      savePending(entry);
      attempts.current = 0;
      return attempt(entry);
    },
    [page, attempt],
  );

  return {
    send,
    /** The submission waiting on this device for the connection, if any. */
    saved,
    /** A request is on its way, or one is saved: the form must not send another meanwhile. */
    isPending: sending || saved !== undefined,
  };
}
