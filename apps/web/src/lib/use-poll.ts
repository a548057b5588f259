import { useEffect, useRef } from 'react';
import { pollDelay } from './payment.ts';

/**
 * Reads something again on payment's schedule (lib/payment.ts pollDelay) while `active`: an order waiting for
 * Paymob's answer, until its status changes. One read at a time; the next waits for the last to end.
 */
export function usePollWhile(active: boolean, read: () => Promise<void>): void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  }, [read]);

  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const next = () => {
      timer = setTimeout(() => {
        void latest.current()
          .catch(() => undefined)
          .finally(() => {
            if (!stopped) next();
          });
      }, pollDelay(Date.now() - started));
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active]);
}
