import { SESSION_COOKIE } from '@shop/core/constants';
import type { LoginAnswer } from '@shop/core/schemas';

export type SessionUser = Pick<LoginAnswer, '_id' | 'id' | 'username' | 'email' | 'isAdmin' | 'token'>;

const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.token === 'string' && user.token !== '' &&
    typeof user.username === 'string' &&
    (typeof user._id === 'string' || typeof user.id === 'string') &&
    typeof user.isAdmin === 'boolean'
  );
}

/** Reads the session user from a `document.cookie` string; anything unreadable counts as logged out. */
export function parseSessionCookie(cookieHeader: string): SessionUser | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()));
      if (!isSessionUser(value)) return null;
      const id = value.id || value._id;
      return {
        _id: value._id || id,
        id,
        username: value.username,
        email: typeof value.email === 'string' ? value.email : '',
        isAdmin: value.isAdmin,
        token: value.token,
      };
    } catch {
      return null;
    }
  }
  return null;
}

/** The `document.cookie` assignment that stores the user (only the session fields, never anything else). */
export function serializeSessionCookie(user: SessionUser, secure = false): string {
  const value: SessionUser = {
    _id: user._id, id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin, token: user.token,
  };
  return `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function expiredSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
