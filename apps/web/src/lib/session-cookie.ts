import { ROLES, SESSION_COOKIE, type Role } from '@shop/core/constants';
import type { LoginAnswer } from '@shop/core/contract/accounts';

/** `role` is absent from a cookie written before roles (read as isAdmin says). */
export type SessionUser = Pick<LoginAnswer, '_id' | 'id' | 'username' | 'email' | 'isAdmin' | 'token'> & { role?: Role };

/** The account's role: what the login said, or for an older cookie what isAdmin says. */
export function roleOf(user: SessionUser | null): Role {
  if (!user) return 'customer';
  return user.role ?? (user.isAdmin ? 'admin' : 'customer');
}

/** Staff and admins work the dashboard (its orders and products). */
export const worksTheDesk = (user: SessionUser | null) => roleOf(user) !== 'customer';

// The cookie never outlives the token it holds: it expires with the token's `exp`, and is kept at most as long
// as the server's default token lifetime (TOKEN_TTL, 7 days) when the token's expiry cannot be read.
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** Seconds until the token's `exp` claim, or null when the token carries none that can be read. */
export function secondsUntilExpiry(token: string, now = Date.now()): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? Math.max(0, Math.floor(exp - now / 1000)) : null;
  } catch {
    return null;
  }
}

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
        ...(ROLES.includes(value.role as Role) ? { role: value.role } : {}),
        token: value.token,
      };
    } catch {
      return null;
    }
  }
  return null;
}

/** The `document.cookie` assignment that stores the user (only the session fields, never anything else). */
export function serializeSessionCookie(user: SessionUser, secure = false, now = Date.now()): string {
  const value: SessionUser = {
    _id: user._id, id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin, token: user.token,
    ...(user.role ? { role: user.role } : {}),
  };
  const maxAge = Math.min(secondsUntilExpiry(user.token, now) ?? SESSION_MAX_AGE_SECONDS, SESSION_MAX_AGE_SECONDS);
  return `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function expiredSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
