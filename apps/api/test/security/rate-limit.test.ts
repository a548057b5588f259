// Password guessing: slowed, then refused per client address; a forged X-Forwarded-For resets nothing unless
// a trusted proxy is configured; login does not tell which emails exist, register does and is limited too.
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import type { App } from '../../src/app.ts';
import { TEST_PASSWORD, appWith, closeAppsBuilt, createUser, getApp, login, unique, type LoginFrom } from '../helpers.ts';
import { accountWithoutArgon2 } from './factories.ts';

afterAll(closeAppsBuilt);

type From = LoginFrom & { remoteAddress: string };

/** A login from `from`, and how long its answer took (a login past half the limit is slowed). */
async function timedLogin(app: App, body: { email: string; password: string }, from: From) {
  const started = performance.now();
  const response = await login(app, body, from);
  return { response, ms: performance.now() - started };
}

function register(app: App, body: object, from: From) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

function expectRefused(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: MESSAGES.tooManyRequests });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

const newAccount = () => {
  const handle = unique('limit').replace(/\s/g, '-');
  return { username: handle, email: `${handle}@example.com`, password: 'a long enough password' };
};

describe('repeated failed logins from one address', () => {
  it('are slowed past half the limit, then refused with 429, a message and Retry-After', async () => {
    const app = await appWith({ LOGIN_RATE_LIMIT: '5' });
    const account = await accountWithoutArgon2();
    const from = { remoteAddress: '203.0.113.10' };
    const times: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { response, ms } = await timedLogin(app, { email: account.email, password: 'a wrong password' }, from);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.invalidCredentials });
      times.push(ms);
    }
    // no wait for attempts 1-3, then 250 ms before the 4th and 500 ms before the 5th (a loaded machine slows every
    // attempt alike: the ones not waited for are told by being well quicker than the 5th, not by a fixed time)
    const summary = times.map((ms) => ms.toFixed(0)).join(', ');
    expect(Math.max(...times.slice(0, 3)), summary).toBeLessThan(times[4]! - 250);
    expect(times[3], summary).toBeGreaterThanOrEqual(250);
    expect(times[4], summary).toBeGreaterThanOrEqual(500);

    // the 6th is refused, even with the right password
    const { user } = await createUser();
    expectRefused((await timedLogin(app, { email: user.email, password: TEST_PASSWORD }, from)).response);
    // another address is neither slowed nor refused
    const elsewhere = await timedLogin(app, { email: account.email, password: 'a wrong password' }, { remoteAddress: '203.0.113.11' });
    expect(elsewhere.response.statusCode).toBe(400);
    expect(elsewhere.ms, summary).toBeLessThan(times[4]! - 250);
  });

  it('a changing X-Forwarded-For does not reset the count when no proxy is trusted', async () => {
    const app = await appWith({ LOGIN_RATE_LIMIT: '5', TRUST_PROXY: 'false' });
    const account = await accountWithoutArgon2();
    const remoteAddress = '198.51.100.5';
    const times: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { response, ms } = await timedLogin(app, { email: account.email, password: 'a wrong password' }, { remoteAddress, forwardedFor: `10.0.0.${attempt}` });
      expect(response.statusCode).toBe(400);
      times.push(ms);
    }
    expect(times[4]).toBeGreaterThanOrEqual(500);
    const { user } = await createUser();
    expectRefused((await timedLogin(app, { email: user.email, password: TEST_PASSWORD }, { remoteAddress, forwardedFor: '10.0.0.99' })).response);
  });

  it('behind a trusted proxy, each forwarded client is counted (and slowed) on its own', async () => {
    const app = await appWith({ LOGIN_RATE_LIMIT: '5', TRUST_PROXY: '1' });
    const account = await accountWithoutArgon2();
    const wrong = { email: account.email, password: 'a wrong password' };
    const proxy = '192.0.2.1';
    const client1 = { remoteAddress: proxy, forwardedFor: '100.64.0.1' };
    const client2 = { remoteAddress: proxy, forwardedFor: '100.64.0.2' };
    for (let attempt = 1; attempt <= 4; attempt++) expect((await timedLogin(app, wrong, client1)).response.statusCode).toBe(400);
    // client 1's 5th attempt waits 500 ms; client 2 behind the same proxy does not wait
    const slowed = await timedLogin(app, wrong, client1);
    expect(slowed.response.statusCode).toBe(400);
    expect(slowed.ms).toBeGreaterThanOrEqual(500);
    const other = await timedLogin(app, wrong, client2);
    expect(other.response.statusCode).toBe(400);
    expect(other.ms).toBeLessThan(slowed.ms - 250);
    // client 1's 6th is refused, client 2 still gets in
    const { user } = await createUser();
    expectRefused((await timedLogin(app, { email: user.email, password: TEST_PASSWORD }, client1)).response);
    expect((await timedLogin(app, { email: user.email, password: TEST_PASSWORD }, client2)).response.statusCode).toBe(200);
  });
});

describe('login does not reveal which emails exist', () => {
  it('answers an unknown email and a wrong password alike, in similar time', async () => {
    const app = await getApp();
    const { user } = await createUser();
    const from = { remoteAddress: '203.0.113.20' };
    const unknown = { email: `${unique('nobody').replace(/\s/g, '-')}@example.com`, password: 'a wrong password' };
    const wrong = { email: user.email, password: 'a wrong password' };

    // Each round asks both at the same time, so both pay argon2 under the same machine load.
    const ratios: number[] = [];
    for (let round = 0; round < 5; round++) {
      const [missing, mistaken] = await Promise.all([timedLogin(app, unknown, from), timedLogin(app, wrong, from)]);
      for (const { response } of [missing, mistaken]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: MESSAGES.invalidCredentials });
      }
      ratios.push(missing.ms / mistaken.ms);
    }
    const ratio = median(ratios);
    expect(ratio, ratios.map((r) => r.toFixed(2)).join(', ')).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('register', () => {
  it('says that an email or a username is taken (a shopper needs to know)', async () => {
    const app = await getApp();
    const { user } = await createUser();
    const from = { remoteAddress: '203.0.113.30' };
    const sameEmail = await register(app, { ...newAccount(), email: user.email.toUpperCase() }, from);
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: MESSAGES.emailTaken });
    const sameName = await register(app, { ...newAccount(), username: user.username.toUpperCase() }, from);
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ message: MESSAGES.usernameTaken });
  });

  it('is rate-limited per address too, refusals included, and a forged X-Forwarded-For does not help', async () => {
    const app = await appWith({ REGISTER_RATE_LIMIT: '3' });
    const { user } = await createUser();
    const remoteAddress = '198.51.100.40';
    expect((await register(app, newAccount(), { remoteAddress, forwardedFor: '10.1.0.1' })).statusCode).toBe(201);
    expect((await register(app, { ...newAccount(), email: user.email }, { remoteAddress, forwardedFor: '10.1.0.2' })).statusCode).toBe(409);
    expect((await register(app, newAccount(), { remoteAddress, forwardedFor: '10.1.0.3' })).statusCode).toBe(201);
    const account = newAccount();
    const fourth = await register(app, account, { remoteAddress, forwardedFor: '10.1.0.4' });
    expectRefused(fourth);
    // the refused one created nothing
    const created = await register(app, account, { remoteAddress: '198.51.100.41' });
    expect(created.statusCode).toBe(201);
  });
});
