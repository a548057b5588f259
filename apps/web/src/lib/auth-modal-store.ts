import { createStore, useStore } from './store.ts';

export type AuthTab = 'login' | 'register';

interface AuthModalState {
  open: boolean;
  tab: AuthTab;
  registerError: string | null;
}

export const authModalStore = createStore<AuthModalState>({ open: false, tab: 'login', registerError: null });

// what had the focus when the modal opened: it gets it back when the modal closes, however it closes
let opener: HTMLElement | null = null;

export function openAuthModal(tab: AuthTab = 'login'): void {
  if (!authModalStore.get().open) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  authModalStore.set((state) => ({ ...state, open: true, tab }));
}

export function authModalOpener(): HTMLElement | null {
  return opener;
}

export function closeAuthModal(): void {
  authModalStore.set((state) => ({ ...state, open: false }));
}

export function setAuthTab(tab: AuthTab): void {
  authModalStore.set((state) => ({ ...state, tab }));
}

/** SPEC: a register error is stored, and storing one switches the modal to the Register tab. */
export function setRegisterError(message: string | null): void {
  authModalStore.set((state) => ({ ...state, registerError: message, tab: message ? 'register' : state.tab }));
}

export function useAuthModal(): AuthModalState {
  return useStore(authModalStore);
}
