import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@shop/core/constants';
import {
  SESSION_MAX_AGE_SECONDS, expiredSessionCookie, parseSessionCookie, roleOf, serializeSessionCookie, type SessionUser,
} from './session-cookie.ts';

const user: SessionUser = {
  _id: 'u1', id: 'u1', username: 'Mona Ali', email: 'mona@shop.test', isAdmin: false, token: 'a.b.c',
};

function cookieValue(assignment: string): string {
  return assignment.split(';')[0]!;
}

describe('session cookie', () => {
  it('round-trips the user through the cookie string', () => {
    const header = `other=1; ${cookieValue(serializeSessionCookie(user))}; theme=light`;
    expect(parseSessionCookie(header)).toEqual(user);
  });

  it('is stored URL-encoded JSON at path / with SameSite=Lax', () => {
    const assignment = serializeSessionCookie(user);
    expect(assignment.startsWith(`${SESSION_COOKIE}=%7B`)).toBe(true);
    expect(assignment).toContain('Path=/');
    expect(assignment).toContain('SameSite=Lax');
    expect(assignment).not.toContain('Secure');
    expect(serializeSessionCookie(user, true)).toContain('; Secure');
  });

  it('keeps only the session fields', () => {
    const noisy = { ...user, wishlist: [1, 2], message: 'hello' } as SessionUser;
    const parsed = parseSessionCookie(cookieValue(serializeSessionCookie(noisy)));
    expect(parsed).toEqual(user);
  });

  it('fills id from _id when the answer only has one of them', () => {
    const raw = encodeURIComponent(JSON.stringify({ _id: 'x9', username: 'a', email: 'a@b.c', isAdmin: true, token: 't' }));
    expect(parseSessionCookie(`${SESSION_COOKIE}=${raw}`)).toMatchObject({ _id: 'x9', id: 'x9', isAdmin: true });
  });

  it('treats missing, malformed or incomplete cookies as logged out', () => {
    expect(parseSessionCookie('')).toBeNull();
    expect(parseSessionCookie('foo=bar')).toBeNull();
    expect(parseSessionCookie(`${SESSION_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(parseSessionCookie(`${SESSION_COOKIE}=${encodeURIComponent('{"username":"a"}')}`)).toBeNull();
    expect(parseSessionCookie(`${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ ...user, token: '' }))}`)).toBeNull();
  });

  it('lives no longer than the token it holds', () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const tokenExpiring = (exp: number | undefined) => {
      const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', ...(exp === undefined ? {} : { exp }) })}.signature`;
    };
    const maxAge = (token: string) => Number(/Max-Age=(\d+)/.exec(serializeSessionCookie({ ...user, token }, false, now))![1]);
    // a token of the server's default lifetime (TOKEN_TTL=7d): 7 days, not the 30 the cookie used to keep
    expect(maxAge(tokenExpiring(now / 1000 + 7 * 24 * 3600))).toBe(7 * 24 * 3600);
    expect(SESSION_MAX_AGE_SECONDS).toBe(7 * 24 * 3600);
    // a token with two hours left: two hours
    expect(maxAge(tokenExpiring(now / 1000 + 7200))).toBe(7200);
    // an expired token: gone at once
    expect(maxAge(tokenExpiring(now / 1000 - 60))).toBe(0);
    // a token whose expiry cannot be read, or one that claims a year: at most 7 days
    expect(maxAge('a.b.c')).toBe(7 * 24 * 3600);
    expect(maxAge(tokenExpiring(now / 1000 + 365 * 24 * 3600))).toBe(7 * 24 * 3600);
    expect(maxAge(tokenExpiring(undefined))).toBe(7 * 24 * 3600);
  });

  it('expires the cookie on logout', () => {
    expect(expiredSessionCookie()).toBe(`${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  });
});

describe('the role in the session', () => {
  it('keeps the role the login gave, and reads an older cookie without one from isAdmin', () => {
    const staff = { _id: 's1', id: 's1', username: 'Sara', email: 's@shop.test', isAdmin: false, role: 'staff' as const, token: 'a.b.c' };
    const cookie = serializeSessionCookie(staff).split(';')[0]!;
    expect(parseSessionCookie(cookie)).toMatchObject({ role: 'staff' });
    expect(roleOf(parseSessionCookie(cookie))).toBe('staff');
    const older = `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ _id: 'x9', username: 'a', email: 'a@b.c', isAdmin: true, token: 't' }))}`;
    expect(roleOf(parseSessionCookie(older))).toBe('admin');
    const forged = `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ ...staff, role: 'owner' }))}`;
    expect(roleOf(parseSessionCookie(forged))).toBe('customer');
  });
});
