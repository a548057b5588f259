import { announce } from './announce.ts';
import { createStore, useStore } from './store.ts';
import { sentence } from './i18n.ts';

// react-toastify is loaded on the first toast (or when the browser is idle), not with the home page.
// A toast raised before the container is mounted waits for it (the library's own queue loses toasts when a
// container remounts, as React's StrictMode does in development).
type ToastKind = 'success' | 'error' | 'warning' | 'info';

const toasterWanted = createStore(false);
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toast container once it is on the page. */
export function toasterMounted(): void {
  markMounted();
}

// The toast is what the eye sees; a screen reader hears the sentence once, from the announcer's live regions
// (the toast container itself is not a live region, see toaster.tsx).
function show(kind: ToastKind, english: string): void {
  const message = sentence(english);
  toasterWanted.set(true);
  announce(message, kind === 'error' || kind === 'warning' ? 'assertive' : 'polite');
  void Promise.all([import('react-toastify/unstyled'), mounted]).then(([{ toast }]) => {
    toast[kind](message, { toastId: `${kind}:${message}` });
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
};

/** Mounts the toast container once the page has settled, so the first toast is instant. */
export function wantToaster(): void {
  toasterWanted.set(true);
}

export function useToasterWanted(): boolean {
  return useStore(toasterWanted);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong, please try again';
}
