import { expiredSessionCookie, parseSessionCookie, serializeSessionCookie, type SessionUser } from './session-cookie.ts';

export { roleOf, worksTheDesk } from './session-cookie.ts';
import { createStore, useStore } from './store.ts';

export type { SessionUser };

const isSecure = () => typeof location !== 'undefined' && location.protocol === 'https:';

export const sessionStore = createStore<SessionUser | null>(
  typeof document === 'undefined' ? null : parseSessionCookie(document.cookie),
  // pages are rendered on the server for everyone: the logged-in parts fill in once the page is hydrated
  null,
);

export function logIn(user: SessionUser): void {
  document.cookie = serializeSessionCookie(user, isSecure());
  sessionStore.set(parseSessionCookie(document.cookie) ?? user);
}

/** Keeps the token; used after the profile update renames the user. */
export function updateSessionUser(changes: Pick<SessionUser, 'username' | 'email'>): void {
  const current = sessionStore.get();
  if (!current) return;
  logIn({ ...current, ...changes });
}

export function logOut(): void {
  document.cookie = expiredSessionCookie();
  sessionStore.set(null);
}

export function useSession(): SessionUser | null {
  return useStore(sessionStore);
}
