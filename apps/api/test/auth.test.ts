import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { TEST_PASSWORD, buildAppWith, createUser, getApp, signedIn, unique } from './helpers.ts';
import { api } from './client.ts';

// bodies of any shape, bad ones included: sent as they are
const login = async (app: App, payload: unknown, remoteAddress?: string) => api('login', { app, payload, remoteAddress });
const register = async (app: App, payload: unknown, remoteAddress?: string) => api('register', { app, payload, remoteAddress });

function newAccount() {
  const handle = unique('shopper').replace(/\s/g, '-');
  return { username: handle, email: `${handle}@example.com`, password: 'a long enough password' };
}

describe('POST /api/auth/login', () => {
  it('answers the user with a working token and no password hash anywhere', async () => {
    const app = await getApp();
    const { user } = await createUser();
    const response = await login(app, { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const body = signedIn(response.answer);
    expect(body).toMatchObject({ _id: user._id, id: user._id, username: user.username, email: user.email, isAdmin: false });
    expect(typeof body.token).toBe('string');
    expect(Object.keys(body).filter((key) => /password|hash/i.test(key))).toEqual([]);
    expect(response.text).not.toContain('$argon2');

    const profile = await api('getProfile', { params: { x: user._id }, token: body.token });
    expect(profile.status).toBe(200);
    expect(profile.answer.username).toBe(user.username);
  });

  it('answers an admin with isAdmin true', async () => {
    const app = await getApp();
    const { user } = await createUser({ isAdmin: true });
    const response = await login(app, { email: user.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(signedIn(response.answer).isAdmin).toBe(true);
  });

  it('answers an unknown email and a wrong password with the same 400 message', async () => {
    const app = await getApp();
    const { user } = await createUser();
    const wrongPassword = await login(app, { email: user.email, password: 'not the password' });
    const unknownEmail = await login(app, { email: `${unique('nobody').replace(/\s/g, '-')}@example.com`, password: TEST_PASSWORD });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it.each([
    ['a missing email', { password: TEST_PASSWORD }, 'Email is required'],
    ['an empty email', { email: '', password: TEST_PASSWORD }, 'Email is required'],
    ['an email that is not text', { email: 42, password: TEST_PASSWORD }, 'Email must be text'],
    ['a malformed email', { email: 'mona.example.com', password: TEST_PASSWORD }, 'Please enter a valid email'],
    ['a missing password', { email: 'mona@example.com' }, 'Password is required'],
    ['a password that is not text', { email: 'mona@example.com', password: 12345678 }, 'Password must be text'],
    ['a short password', { email: 'mona@example.com', password: 'short' }, 'Password must be at least 8 characters'],
  ])('refuses %s with 400 naming the field', async (_case, payload, message) => {
    const app = await getApp();
    const response = await login(app, payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe('POST /api/auth/register', () => {
  it('creates an account that can then log in, and answers only a message', async () => {
    const app = await getApp();
    const account = newAccount();
    const response = await register(app, account);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Your account has been created, please log in' });

    const session = await login(app, { email: account.email, password: account.password });
    expect(session.status).toBe(200);
    expect(session.answer).toMatchObject({ username: account.username, email: account.email, isAdmin: false });
  });

  it('never makes an admin, whatever the body says', async () => {
    const app = await getApp();
    const account = newAccount();
    const response = await register(app, { ...account, isAdmin: true });
    expect(response.status).toBe(201);
    const session = await login(app, { email: account.email, password: account.password });
    expect(signedIn(session.answer).isAdmin).toBe(false);
    const users = await api('listUsers', { token: signedIn(session.answer).token });
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ message: 'Only an admin can do this' });
  });

  it('says when the email or the username is taken (409), whatever the case', async () => {
    const app = await getApp();
    const { user } = await createUser();
    const sameEmail = await register(app, { ...newAccount(), email: user.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ message: 'This email is already registered' });
    const sameName = await register(app, { ...newAccount(), username: user.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ message: 'This username is already taken' });
  });

  it.each([
    ['a missing username', { username: undefined }, 'Username is required'],
    ['a blank username', { username: '   ' }, 'Username is required'],
    ['a username that is not text', { username: 7 }, 'Username must be text'],
    ['a username that is too long', { username: 'u'.repeat(41) }, 'Username must be at most 40 characters'],
    ['a username with a slash', { username: 'mona/hassan' }, 'Username may not contain / ? # % or \\'],
    ['a username that looks like an account id', { username: '0f8e4b1c-3a2d-4e5f-9a8b-7c6d5e4f3a2b' }, 'Username may not look like an account id'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['a malformed email', { email: 'mona@' }, 'Please enter a valid email'],
    ['an email that is too long', { email: `${'m'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ['a missing password', { password: undefined }, 'Password is required'],
    ['a short password', { password: '1234567' }, 'Password must be at least 8 characters'],
    ['a password that is too long', { password: 'p'.repeat(201) }, 'Password must be at most 200 characters'],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_case, change, message) => {
    const app = await getApp();
    const account = { ...newAccount(), ...change };
    const response = await register(app, account);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    if (typeof account.email === 'string') {
      const [stored] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email.toLowerCase()));
      expect(stored).toBeUndefined();
    }
  });
});

describe('rate limiting of login and register', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('answers the 4th login from one address within a minute with 429 and a message', async () => {
    const app = await buildAppWith({ LOGIN_RATE_LIMIT: '3' });
    apps.push(app);
    const { user } = await createUser();
    const address = '203.0.113.7';
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await login(app, { email: user.email, password: 'a wrong password' }, address);
      expect(response.status).toBe(400);
    }
    const fourth = await login(app, { email: user.email, password: TEST_PASSWORD }, address);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: 'Too many attempts, please try again later' });
    expect(fourth.headers['retry-after']).toBeDefined();

    const otherAddress = await login(app, { email: user.email, password: TEST_PASSWORD }, '203.0.113.8');
    expect(otherAddress.status).toBe(200);
  });

  it('answers the 4th register from one address with 429, and that one creates nothing', async () => {
    const app = await buildAppWith({ REGISTER_RATE_LIMIT: '3' });
    apps.push(app);
    const address = '198.51.100.23';
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await register(app, newAccount(), address)).status).toBe(201);
    }
    const account = newAccount();
    const fourth = await register(app, account, address);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: 'Too many attempts, please try again later' });
    expect((await login(app, { email: account.email, password: account.password }, '198.51.100.24')).status).toBe(400);
  });
});
