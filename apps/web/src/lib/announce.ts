import { createStore, useStore } from './store.ts';

// Two live regions that are on the page from the first paint (a region created together with its text is not
// reliably read). Toasts and page changes are said through them, each once: successes and page titles politely,
// errors and warnings assertively.
export type Politeness = 'polite' | 'assertive';

const EMPTY = { polite: '', assertive: '' };
const messages = createStore<Record<Politeness, string>>(EMPTY);
const timers: Partial<Record<Politeness, number>> = {};

export function announce(message: string, politeness: Politeness = 'polite'): void {
  if (typeof window === 'undefined') return;
  // emptied first, so the same sentence twice in a row is read twice
  messages.set((current) => ({ ...current, [politeness]: '' }));
  window.clearTimeout(timers[politeness]);
  timers[politeness] = window.setTimeout(() => {
    messages.set((current) => ({ ...current, [politeness]: message }));
    // and emptied again later, so a screen reader browsing the page does not meet old news
    timers[politeness] = window.setTimeout(() => messages.set((current) => ({ ...current, [politeness]: '' })), 7000);
  }, 100);
}

export function useAnnouncements(): Record<Politeness, string> {
  return useStore(messages);
}
