import { useCallback, useRef, useState } from 'react';

/** Runs an async action once at a time: a second click while it runs does nothing. */
export function useAction<Args extends unknown[]>(action: (...args: Args) => Promise<void>): [(...args: Args) => Promise<void>, boolean] {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (...args: Args) => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      try {
        await action(...args);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );
  return [run, pending];
}
