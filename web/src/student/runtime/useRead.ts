import { useCallback, useEffect, useRef, useState } from 'react';

export type ReadState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: unknown };

export type Read<T> = ReadState<T> & {
  /** A read is on its way (the first, a retry or a poll). */
  fetching: boolean;
  /** Reads again ("Try again"); what was shown stays until the answer. */
  refetch: () => void;
  /** Replaces the data shown (an answer the island got another way, e.g. after a write). */
  set: (data: T) => void;
};

export interface ReadOptions {
  /** No read while false (nothing to read yet): the state stays pending. */
  enabled?: boolean;
  /** Reads again this often (ms) while the page is visible, as a live list does. */
  pollMs?: number;
}

/**
 * A student island's read of the façade (one of its plain async functions): pending in the HTML
 * and in the render that hydrates it, then the answer or the failure. It never retries on its own
 * (the seed: no retries); `refetch` is the page's "Try again". A new `key` reads again; an answer
 * to an older key is dropped.
 */
export function useRead<T>(key: string, read: () => Promise<T>, { enabled = true, pollMs }: ReadOptions = {}): Read<T> {
  const [state, setState] = useState<ReadState<T>>({ status: 'pending' });
  const [fetching, setFetching] = useState(false);
  const latest = useRef(read);
  latest.current = read;
  const generation = useRef(0);

  const run = useCallback((keepShown: boolean) => {
    const mine = ++generation.current;
    setFetching(true);
    if (!keepShown) setState({ status: 'pending' });
    latest.current().then(
      (data) => {
        if (mine !== generation.current) return;
        setState({ status: 'success', data });
        setFetching(false);
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        // A failed poll keeps what was shown, as a background refetch does.
        setState((shown) => (keepShown && shown.status === 'success' ? shown : { status: 'error', error, data: shown.data }));
        setFetching(false);
      },
    );
  }, []);

  useEffect(() => {
    if (!enabled) return;
    run(false);
    return () => {
      generation.current += 1;
    };
  }, [key, enabled, run]);

  useEffect(() => {
    if (!enabled || !pollMs) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') run(true);
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [key, enabled, pollMs, run]);

  const refetch = useCallback(() => run(true), [run]);
  const set = useCallback((data: T) => setState({ status: 'success', data }), []);
  return { ...state, fetching, refetch, set } as Read<T>;
}
