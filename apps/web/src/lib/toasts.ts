import { createStore, useStore } from './store.ts';

// react-toastify is loaded on the first toast (or when the browser is idle), not with the home page.
// Toasts raised before its container mounts wait in the library's own queue.
type ToastKind = 'success' | 'error' | 'warning' | 'info';

const toasterWanted = createStore(false);
let library: Promise<typeof import('react-toastify/unstyled')> | null = null;

function loadLibrary() {
  library ??= import('react-toastify/unstyled');
  return library;
}

function show(kind: ToastKind, message: string): void {
  toasterWanted.set(true);
  void loadLibrary().then(({ toast }) => {
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
