// The holes the audit of 2026-11 found (issue 11), one describe per finding; docs/security.md lists them.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { DEMO_ACCOUNTS } from '../../src/scripts/seed.ts';
import { orders, payments, products, users } from '../../src/db/schema.ts';
import { catalogKey, encodingFor } from '../../src/plugins/app/catalog-cache.ts';
import {
  TEST_PASSWORD, billing, appWith, closeAppsBuilt, createCategory, login, createProduct, createUser, getApp, getTestContext, scratchDatabase, testConfig, unique,
} from '../helpers.ts';
import { accountWithoutArgon2 } from './factories.ts';

afterAll(closeAppsBuilt);
const quiet = { info: () => {} };
const email = () => `${unique('owner').replace(/\s/g, '-')}@brand.example`.toLowerCase();

describe('1. ADMIN_EMAIL never promotes an existing account', () => {
  it('a start refuses, naming npm run admin:promote, when a customer holds that email; she stays a customer', async () => {
    const { database } = await getTestContext();
    const app = await getApp();
    const address = email();
    const customer = await createUser({ email: address, password: 'her own password' });
    const config = testConfig({ ADMIN_EMAIL: address, ADMIN_PASSWORD: 'the operator passphrase' });

    const start = prepareDatabase(config, database, quiet);
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(`npm run admin:promote -- ${address}`);

    const [row] = await app.db.select().from(users).where(eq(users.id, customer.user._id));
    expect(row!.isAdmin).toBe(false);
    const hers = await login(app, { email: address, password: 'her own password' });
    expect(hers.statusCode).toBe(200);
    expect(hers.json().isAdmin).toBe(false);
    expect((await login(app, { email: address, password: 'the operator passphrase' })).statusCode).toBe(400);
  });

  it('a restart with the same ADMIN_EMAIL leaves the admin as it is, its password included', async () => {
    const { database } = await getTestContext();
    const address = email();
    const first = testConfig({ ADMIN_EMAIL: address, ADMIN_PASSWORD: 'first passphrase', ADMIN_USERNAME: unique('owner').replace(/\s/g, '-') });
    await prepareDatabase(first, database, quiet);
    const firstApp = await appWith({});
    const created = await login(firstApp, { email: address, password: 'first passphrase' });
    expect(created.statusCode).toBe(200);
    expect(created.json().isAdmin).toBe(true);

    // the second start, another app on the same database, with another password in the environment
    const second = testConfig({ ADMIN_EMAIL: address, ADMIN_PASSWORD: 'second passphrase' });
    await prepareDatabase(second, database, quiet);
    const secondApp = await appWith({});
    expect((await login(secondApp, { email: address, password: 'first passphrase' })).json().isAdmin).toBe(true);
    expect((await login(secondApp, { email: address, password: 'second passphrase' })).statusCode).toBe(400);
  });

  it('npm run admin:promote -- <email> is the operator\'s way: it promotes, and the start then goes through', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-promote-'));
    const address = email();
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', LOG_LEVEL: 'silent' };
    const database = await openDatabase({ dataDir });
    try {
      await runMigrations(database);
      await database.db.insert(users).values({ username: 'shop-owner', email: address, passwordHash: 'x' });
    } finally {
      await database.close();
    }
    const here = path.dirname(fileURLToPath(import.meta.url));
    const apiDir = path.resolve(here, '../..');
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/promote-cli.ts', ...args], {
        cwd: apiDir,
        env: { ...process.env, ...env, DATABASE_URL: '', INIT_CWD: apiDir },
      });
    const promoted = await run([address]);
    expect(promoted.stdout).toContain(`${address} is now an admin.`);
    await expect(run(['nobody@brand.example'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the email') });

    const reopened = await openDatabase({ dataDir });
    try {
      const [row] = await reopened.db.select().from(users).where(eq(users.email, address));
      expect(row!.isAdmin).toBe(true);
      // now the account is an admin, a start with that ADMIN_EMAIL leaves it alone
      await expect(prepareDatabase(loadConfig({ ...env, ADMIN_EMAIL: address, ADMIN_PASSWORD: 'some passphrase', SEED_DEMO: 'never' }), reopened, quiet)).resolves.toBeUndefined();
      const [after] = await reopened.db.select().from(users).where(eq(users.email, address));
      expect(after!.passwordHash).toBe('x');
    } finally {
      await reopened.close();
    }
  }, 120_000);
});

describe('2. a payment an order took is never refunded', () => {
  it('many rounds of POST /api/orders/payment beside a credit new-order: a placed order\'s payment stays succeeded', async () => {
    const app = await getApp();
    const rounds = 20;
    let placedCount = 0;
    for (let round = 0; round < rounds; round++) {
      const { auth, user } = await createUser();
      const product = await createProduct({ price: 250 });
      await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: auth, payload: { product: product._id, quantaty: 1 } });
      const started = await app.inject({ method: 'POST', url: '/api/orders/payment', headers: auth, payload: {} });
      const payment = started.json() as { client_secret: string; paymentIntentId: string };
      const confirmed = await app.inject({
        method: 'POST', url: '/api/payments/sandbox/confirm', headers: auth,
        payload: { client_secret: payment.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      });
      expect(confirmed.statusCode).toBe(200);

      const order = app.inject({
        method: 'POST', url: '/api/orders/new-order', headers: auth,
        payload: { ...billing(), wayForPayment: 'credit', totalPrice: '280.00', productId: [product._id], quantaties: [1], paymentIntentId: payment.paymentIntentId },
      });
      const paymentCalls = Array.from({ length: 3 }, () => app.inject({ method: 'POST', url: '/api/orders/payment', headers: auth, payload: {} }));
      const [placed, ...others] = await Promise.all([order, ...paymentCalls]);
      for (const other of others) expect([200, 409]).toContain(other.statusCode);

      const [record] = await app.db.select().from(payments).where(eq(payments.id, payment.paymentIntentId));
      const [taken] = await app.db.select().from(orders).where(eq(orders.paymentIntentId, payment.paymentIntentId));
      if (placed.statusCode === 201) {
        placedCount++;
        expect(taken?.userId, `round ${round}`).toBe(user._id);
        expect(record!.status, `round ${round}: the order's payment`).toBe('succeeded');
      } else {
        // the refund came first: the order was refused and nothing was written
        expect(placed.statusCode, `round ${round}`).toBe(402);
        expect(taken).toBeUndefined();
        // its refund is a job, queued with the claim (decision 026)
        const statusNow = async () => (await app.db.select().from(payments).where(eq(payments.id, payment.paymentIntentId)))[0]!.status;
        await expect.poll(statusNow).toBe('refunded');
      }
    }
    expect(placedCount).toBeGreaterThan(0);
  }, 300_000);

  it('a paid payment left unused is refunded once, and a later checkout cannot use it', async () => {
    const app = await getApp();
    const { auth } = await createUser();
    const product = await createProduct({ price: 100 });
    await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: auth, payload: { product: product._id, quantaty: 1 } });
    const first = (await app.inject({ method: 'POST', url: '/api/orders/payment', headers: auth, payload: {} })).json();
    await app.inject({
      method: 'POST', url: '/api/payments/sandbox/confirm', headers: auth,
      payload: { client_secret: first.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    });
    await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'POST', url: '/api/orders/payment', headers: auth, payload: {} })));
    // its refund is a job, queued with the claim (decision 026)
    await expect.poll(async () => (await app.db.select().from(payments).where(eq(payments.id, first.paymentIntentId)))[0]!.status).toBe('refunded');
    // confirming the refunded payment again does not make it usable
    await app.inject({
      method: 'POST', url: '/api/payments/sandbox/confirm', headers: auth,
      payload: { client_secret: first.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    });
    const [still] = await app.db.select().from(payments).where(eq(payments.id, first.paymentIntentId));
    expect(still!.status).toBe('refunded');
  });
});

describe('3. TRUST_PROXY is a hop count or proxy addresses, never "trust everyone"', () => {
  it('refuses TRUST_PROXY=true at start with a message, and reads counts and address lists', () => {
    expect(() => testConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => testConfig({ TRUST_PROXY: 'TRUE' })).toThrow(/TRUST_PROXY=true would let any client forge its address/);
    expect(() => testConfig({ TRUST_PROXY: 'the balancer' })).toThrow(/TRUST_PROXY must be false, a hop count/);
    expect(() => testConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(testConfig({}).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(testConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, ::1' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
  });

  it('behind one load balancer (TRUST_PROXY=1), forged X-Forwarded-For entries do not escape the login limit', async () => {
    const app = await appWith({ LOGIN_RATE_LIMIT: '5', TRUST_PROXY: '1' });
    const account = await accountWithoutArgon2();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: 'a wrong password' },
        remoteAddress: '10.0.0.2', // the load balancer
        // the client writes any entries it likes; the balancer appends the address it saw
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.${attempt}, 192.0.2.77` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  }, 60_000);

  it('with a list of proxy addresses, only those proxies name the client; forged entries and strangers change nothing', async () => {
    const app = await appWith({ LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' });
    const attempt = async (remoteAddress: string, forwardedFor: string) => {
      const account = await accountWithoutArgon2();
      return (await app.inject({
        method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'a wrong password' },
        remoteAddress, headers: { 'x-forwarded-for': forwardedFor },
      })).statusCode;
    };
    // through the listed balancer: the client is the entry it appended, whatever the client wrote before it
    const viaBalancer = [];
    for (let n = 1; n <= 4; n++) viaBalancer.push(await attempt('10.0.0.2', `203.0.113.${n}, 192.0.2.60`));
    expect(viaBalancer).toEqual([400, 400, 400, 429]);
    // straight from a stranger, X-Forwarded-For is ignored
    const direct = [];
    for (let n = 1; n <= 4; n++) direct.push(await attempt('198.51.100.9', `203.0.113.${n}`));
    expect(direct).toEqual([400, 400, 400, 429]);
  }, 60_000);
});

describe('4. no demo admin once ADMIN_EMAIL is set', () => {
  it('a start with ADMIN_EMAIL makes no demo admin, and takes the rights of one an earlier demo start made', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-demo-'));
    const scratch = await scratchDatabase();
    const database = await openDatabase({ databaseUrl: scratch.url });
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'always' };
    try {
      // trying the shop on one's own machine: the demo admin exists
      await prepareDatabase(testConfig(env), database, quiet);
      const demoAdmin = async () => (await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)))[0];
      expect((await demoAdmin())?.isAdmin).toBe(true);

      // the operator sets ADMIN_EMAIL: the demo admin is an admin no more
      const owner = { ADMIN_EMAIL: 'owner@brand.example', ADMIN_PASSWORD: 'the operator passphrase' };
      await prepareDatabase(testConfig({ ...env, ...owner }), database, quiet);
      expect((await demoAdmin())?.isAdmin).toBe(false);

      // and a seed with ADMIN_EMAIL set never makes one
      await database.db.delete(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
      await prepareDatabase(testConfig({ ...env, ...owner }), database, quiet);
      expect(await demoAdmin()).toBeUndefined();
      const admins = await database.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
      expect(admins.map((row) => row.email)).toEqual(['owner@brand.example']);
      expect((await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email))).length).toBe(1);
      expect((await database.db.select({ id: products.id }).from(products)).length).toBeGreaterThanOrEqual(40);
    } finally {
      await database.close();
      await scratch.drop();
    }
  }, 180_000);
});

describe('5. no probing for accounts', () => {
  it('a customer gets the same answer for someone else\'s profile, wishlist or orders as for an account that does not exist', async () => {
    const app = await getApp();
    const { auth } = await createUser();
    const other = await createUser();
    const missingName = unique('nobody').replace(/\s/g, '-');
    const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const pairs: [string, string][] = [
      [`/api/users/profile/${other.user.username}`, `/api/users/profile/${missingName}`],
      [`/api/users/profile/${other.user._id}`, `/api/users/profile/${missingId}`],
      [`/api/users/profile/wishlist/${other.user._id}`, `/api/users/profile/wishlist/${missingId}`],
      [`/api/orders/${other.user._id}`, `/api/orders/${missingId}`],
      [`/api/orders/${other.user.username}`, `/api/orders/${missingName}`],
    ];
    for (const [existing, missing] of pairs) {
      const a = await app.inject({ method: 'GET', url: existing, headers: auth });
      const b = await app.inject({ method: 'GET', url: missing, headers: auth });
      expect([a.statusCode, a.json()], existing).toEqual([403, { message: MESSAGES.notYours }]);
      expect([b.statusCode, b.json()], missing).toEqual([a.statusCode, a.json()]);
    }
    // the owner and an admin still read it
    expect((await app.inject({ method: 'GET', url: `/api/users/profile/${other.user.username}`, headers: other.auth })).statusCode).toBe(200);
    const admin = await createUser({ isAdmin: true });
    expect((await app.inject({ method: 'GET', url: `/api/orders/${other.user._id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/users/profile/${missingName}`, headers: admin.auth })).statusCode).toBe(404);
  });
});

describe('6. payments are limited per customer', () => {
  it('answers 429 with Retry-After past PAYMENT_RATE_LIMIT a minute, for that customer only', async () => {
    const app = await appWith({ PAYMENT_RATE_LIMIT: '5' });
    const cart = async () => {
      const session = await createUser();
      const product = await createProduct({ price: 100 });
      await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: session.auth, payload: { product: product._id, quantaty: 1 } });
      return session;
    };
    const one = await cart();
    const pay = (auth: { authorization: string }) => app.inject({ method: 'POST', url: '/api/orders/payment', headers: auth, payload: {} });
    for (let call = 1; call <= 5; call++) expect((await pay(one.auth)).statusCode).toBe(200);
    const refused = await pay(one.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another customer from the same address is not affected
    const two = await cart();
    expect((await pay(two.auth)).statusCode).toBe(200);
    expect(testConfig({}).paymentRateLimit).toBe(100000);
    expect(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-cfg-')) }).paymentRateLimit).toBe(10);
  });
});

describe('8. look-alike usernames', () => {
  it('register and profile update refuse zero-width, U+202E and U+2066 with 400 and a sentence', async () => {
    const app = await getApp();
    const message = 'Username may not contain invisible or direction-control characters';
    for (const username of ['ad\u200bmin', '\u202enimda', 'admin\u2066']) {
      const handle = unique('lookalike').replace(/\s/g, '-');
      const registered = await app.inject({
        method: 'POST', url: '/api/auth/register', payload: { username, email: `${handle}@example.com`, password: 'a long password' },
      });
      expect(registered.statusCode, JSON.stringify(username)).toBe(400);
      expect(registered.json()).toEqual({ message });
      const { user, auth } = await createUser();
      const updated = await app.inject({
        method: 'PUT', url: `/api/users/profile/update/${user._id}`, headers: auth, payload: { username, email: user.email },
      });
      expect(updated.statusCode).toBe(400);
      expect(updated.json()).toEqual({ message });
    }
    const [row] = await app.db.select().from(users).where(eq(users.username, 'ad\u200bmin'));
    expect(row).toBeUndefined();
  });
});

describe('9. PUBLIC_URL', () => {
  it('is a validated http(s) address, required in production, http://localhost:PORT in development', () => {
    expect(testConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    expect(testConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(() => testConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL must be an http or https address/);
    expect(() => testConfig({ PUBLIC_URL: 'shop.example' })).toThrow(ConfigError);
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
  });
  // robots.txt and the sitemap with a forged Host: apps/api/test/seo.test.ts
});

describe('10. the catalog cache key', () => {
  it('unknown, repeated or reordered query parameters hit the same cached answer', async () => {
    const app = await getApp();
    const category = await createCategory();
    // on PostgreSQL the change notice of that write comes back through LISTEN a moment later and drops the cache
    await new Promise((resolve) => setTimeout(resolve, 300));
    const url = `/api/products/shop?category=${encodeURIComponent(category.title)}`;
    const first = await app.inject({ method: 'GET', url });
    expect(first.json()).toEqual([]);
    // a product written behind the cache's back: only a request that misses the cache can see it
    await app.db.insert(products).values({
      name: unique('Hidden'), description: 'd', pricePiastres: 10000, discountPercent: 0, gender: category.gender, categoryId: category._id,
      category: category.title, images: ['https://cdn.example.com/a.webp'],
    });
    for (const variant of [`${url}&z=1`, `${url}&z=2&zz=${'x'.repeat(50)}`, `${url}&page=1`, `${url}&limit=100&utm_source=mail`, `/api/products/shop?z=9&category=${encodeURIComponent(category.title)}&`]) {
      const response = await app.inject({ method: 'GET', url: variant });
      expect(response.statusCode, variant).toBe(200);
      expect(response.json(), variant).toEqual([]);
      expect(response.headers.etag).toBe(first.headers.etag);
    }
    app.catalogChanged();
    expect((await app.inject({ method: 'GET', url: `${url}&z=1` })).json()).toHaveLength(1);
  });

  it('is made of the route and its known, normalized values', () => {
    const route = '/api/products/shop';
    expect(catalogKey(route, {}, { category: 'Shirts', gender: 'men' })).toBe(catalogKey(route, {}, { gender: 'men', category: 'Shirts', page: 1, search: undefined }));
    expect(catalogKey(route, {}, { page: 2 })).not.toBe(catalogKey(route, {}, {}));
    expect(catalogKey('/api/products/:x', { x: 'a' }, {})).not.toBe(catalogKey('/api/products/:x', { x: 'b' }, {}));
  });

  it('reads Accept-Encoding with q-values: br;q=0 is not brotli', async () => {
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('br;q=0')).toBeNull();
    expect(encodingFor('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(encodingFor('gzip;q=1, br;q=0.4')).toBe('gzip');
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('BR')).toBe('br');
    expect(encodingFor('*')).toBe('br');
    expect(encodingFor('*;q=0, gzip')).toBe('gzip');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor('identity, *;q=0')).toBeNull();
    expect(encodingFor('')).toBeNull();
    expect(encodingFor(undefined)).toBeNull();

    const app = await getApp();
    const category = await createCategory();
    for (let i = 0; i < 6; i++) await createProduct({ category, description: 'A long enough description to pass the compression threshold. '.repeat(3) });
    const url = `/api/products/shop?category=${encodeURIComponent(category.title)}`;
    const encodingOf = async (acceptEncoding: string) =>
      (await app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } })).headers['content-encoding'];
    expect(await encodingOf('br;q=0, gzip')).toBe('gzip');
    expect(await encodingOf('br;q=0')).toBeUndefined();
    expect(await encodingOf('br')).toBe('br');
  });
});

describe('11. HSTS, no-store and the session cookie', () => {
  it('sends HSTS only over https (X-Forwarded-Proto only from a trusted proxy)', async () => {
    const trusting = await appWith({ TRUST_PROXY: '1' });
    const shared = await getApp();
    const viaBalancer = await trusting.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaBalancer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await trusting.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
    // without a trusted proxy the header is the client's word: plain http
    expect((await shared.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });

  it('answers to authenticated requests, and login\'s token, carry Cache-Control: no-store; the catalog does not', async () => {
    const app = await getApp();
    const { auth, user } = await createUser();
    for (const url of ['/api/cart', `/api/users/profile/${user._id}`, `/api/orders/${user._id}`]) {
      const response = await app.inject({ method: 'GET', url, headers: auth });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const customer = await createUser();
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: customer.auth })).headers['cache-control']).toBe('no-store');
    const loggedIn = await login(app, { email: user.email, password: TEST_PASSWORD });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.headers['cache-control']).toBe('no-store');
    const catalog = await app.inject({ method: 'GET', url: '/api/products', headers: auth });
    expect(catalog.headers['cache-control']).toBe('no-cache');
  });
  // the cookie's lifetime: apps/web/src/lib/session-cookie.test.ts, "lives no longer than the token it holds"
});
