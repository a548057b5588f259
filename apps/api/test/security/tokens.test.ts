// Forged, expired, tampered and orphaned bearer tokens are all refused with 401 and a message.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { users } from '../../src/db/schema.ts';
import { createAdmin, createUser, getApp } from '../helpers.ts';

const app = await getApp();
const SECRET = app.config.jwtSecret;

const base64url = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT made by hand, so every part of it can be wrong on purpose. */
function forge(payload: object, { alg = 'HS256', secret = SECRET }: { alg?: string; secret?: string } = {}): string {
  const head = `${base64url({ alg, typ: 'JWT' })}.${base64url(payload)}`;
  if (alg === 'none') return `${head}.`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg]!;
  return `${head}.${createHmac(hash, secret).update(head).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const claims = (sub: string, extra: object = {}) => ({ sub, iat: now(), exp: now() + 3600, ...extra });

async function cartWith(authorization: string | undefined) {
  return app.inject({ method: 'GET', url: '/api/cart', headers: authorization === undefined ? {} : { authorization } });
}

function expect401(response: { statusCode: number; json(): unknown }, message: string = MESSAGES.tokenInvalid) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ message });
}

describe('forged and stale tokens', () => {
  it('accepts the control: a token the app signed, in its own format', async () => {
    const { user } = await createUser();
    expect((await cartWith(`Bearer ${app.signToken({ id: user._id })}`)).statusCode).toBe(200);
    // and the hand-made one with the right key, so the forgeries below differ from it in one thing only
    expect((await cartWith(`Bearer ${forge(claims(user._id))}`)).statusCode).toBe(200);
  });

  it('refuses `alg: none`, in any spelling', async () => {
    const { user } = await createUser();
    for (const alg of ['none', 'None', 'NONE']) {
      const token = `${base64url({ alg, typ: 'JWT' })}.${base64url(claims(user._id))}.`;
      expect401(await cartWith(`Bearer ${token}`));
    }
  });

  it('refuses a token signed with another key', async () => {
    const { user } = await createUser();
    expect401(await cartWith(`Bearer ${forge(claims(user._id), { secret: 'another-secret-that-is-long-enough-for-hs256' })}`));
  });

  it('refuses another HMAC algorithm even with the right key (the algorithm is pinned)', async () => {
    const { user } = await createUser();
    expect401(await cartWith(`Bearer ${forge(claims(user._id), { alg: 'HS512' })}`));
    expect401(await cartWith(`Bearer ${forge(claims(user._id), { alg: 'HS384' })}`));
  });

  it('refuses an expired token signed with the right key', async () => {
    const { user } = await createUser();
    expect401(await cartWith(`Bearer ${forge({ sub: user._id, iat: now() - 3600, exp: now() - 10 })}`));
    // the app's own signer, with an expiry already passed
    expect401(await cartWith(`Bearer ${app.jwt.sign({ sub: user._id }, { expiresIn: -10 })}`));
  });

  it('refuses a token without an expiry, even signed with the right key', async () => {
    const { user } = await createUser();
    expect401(await cartWith(`Bearer ${forge({ sub: user._id, iat: now() })}`));
  });

  it('refuses a tampered payload carried with the original signature', async () => {
    const { user } = await createUser();
    const other = await createUser();
    const [head, , signature] = app.signToken({ id: user._id }).split('.');
    const original = JSON.parse(Buffer.from(app.signToken({ id: user._id }).split('.')[1]!, 'base64url').toString());
    for (const payload of [{ ...original, isAdmin: true }, { ...original, sub: other.user._id }, { ...original, exp: original.exp + 10 ** 6 }]) {
      expect401(await cartWith(`Bearer ${head}.${base64url(payload)}.${signature}`));
    }
  });

  it('trusts no claim but the subject: a validly signed `isAdmin: true` still is no admin', async () => {
    const { user } = await createUser();
    const token = forge(claims(user._id, { isAdmin: true, admin: true, role: 'admin' }));
    const response = await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.adminOnly });
  });

  it('refuses the token of a deleted user, and of an admin who was deleted', async () => {
    for (const session of [await createUser(), await createAdmin()]) {
      expect((await cartWith(session.auth.authorization)).statusCode).toBe(200);
      await app.db.delete(users).where(eq(users.id, session.user._id));
      expect401(await cartWith(session.auth.authorization));
      const list = await app.inject({ method: 'GET', url: '/api/users', headers: session.auth });
      expect401(list);
    }
  });

  it('refuses a validly signed payload that is a JSON array (it has no claims to check)', async () => {
    const head = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url([claims((await createUser()).user._id)])}`;
    expect401(await cartWith(`Bearer ${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`));
  });

  it('refuses a subject that is not a user id', async () => {
    const { user } = await createUser();
    for (const sub of [user.username, "' or 1=1 --", '00000000-0000-0000-0000-000000000000', 42, null]) {
      expect401(await cartWith(`Bearer ${forge(claims(sub as string))}`));
    }
  });
});

describe('the Authorization header', () => {
  it('accepts the scheme word in any case', async () => {
    const { token } = await createUser();
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect((await cartWith(`${scheme} ${token}`)).statusCode, scheme).toBe(200);
    }
  });

  it.each([
    ['no header', undefined, MESSAGES.tokenMissing],
    ['an empty header', '', MESSAGES.tokenMissing],
    ['the scheme alone', 'Bearer', MESSAGES.tokenMissing],
    ['another scheme', 'Basic YWRtaW46YWRtaW4=', MESSAGES.tokenMissing],
    ['a bare token', 'eyJhbGciOiJIUzI1NiJ9.e30.x', MESSAGES.tokenMissing],
    ['two tokens', 'Bearer a.b.c d.e.f', MESSAGES.tokenMissing],
    ['garbage', 'Bearer !!!not-a-token!!!', MESSAGES.tokenInvalid],
    ['three empty parts', 'Bearer ..', MESSAGES.tokenInvalid],
    ['a JWT of JSON garbage', `Bearer ${base64url('{"alg":')}.${base64url('[')}.x`, MESSAGES.tokenInvalid],
    ['a very long token', `Bearer ${'a'.repeat(8000)}.${'b'.repeat(8000)}.c`, MESSAGES.tokenInvalid],
  ])('answers %s with 401 and a message', async (_case, authorization, message) => {
    expect401(await cartWith(authorization), message);
  });
});
