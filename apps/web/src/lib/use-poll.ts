import { useEffect, useRef } from 'react';
import { pollDelay } from './payment.ts';

/**
 * Calls `read` on payment's schedule (pollDelay: every 3 s, then every 10 s after a minute) until stopped; one read at
 * a time, the next waits for the last to end. Answers the stop.
 */
export function startPolling(read: () => Promise<void>, now: () => number = Date.now): () => void {
  const started = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const next = () => {
    timer = setTimeout(() => {
      void read()
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) next();
        });
    }, pollDelay(now() - started));
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Reads something again on payment's schedule while `active`: an order waiting for Paymob's answer, until it changes. */
export function usePollWhile(active: boolean, read: () => Promise<void>): void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  }, [read]);

  useEffect(() => {
    if (!active) return;
    return startPolling(() => latest.current());
  }, [active]);
}
