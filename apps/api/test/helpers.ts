// One app and one database for the whole test run (global-setup.ts); every test makes its own data:
// rows with src/scripts/factories.ts (shared with the demo seed), request bodies with @shop/core/factories (shared with
// e2e), calls with ./client.ts (typed by the contract).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
import type { PaymentWay, Role } from '@shop/core/constants';
import type { OrderStatus } from '@shop/core/order-status';
import type { PageRenderer } from '@shop/core/pages';
import { TEST_PASSWORD, account, billing, type AccountFields, type CategoryFields } from '@shop/core/factories';
import { totalPiastres } from '@shop/core/money';
import type { Category, Product, ProductFields } from '@shop/core/contract/catalog';
import type { NewOrderBodySchema } from '@shop/core/contract/orders';
import type { LoginAnswer } from '@shop/core/contract/accounts';
import type { AnswerOf } from '@shop/core/endpoints';
import { buildApp, type App, type AppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import type { CreateRenderer } from '../src/routes/pages/index.ts';
import { insertCartItem, insertCategory, insertOrder, insertProduct, insertUser, insertWishlistItem } from '../src/scripts/factories.ts';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import { toCategory, toOrder, toProduct, toUser } from '../src/modules/wire.ts';
import { watchContract } from './contract-watch.ts';

interface TestContext {
  app: App;
  database: Database;
  config: Config;
}

let context: Promise<TestContext> | undefined;

let apps = 0;

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    REGISTER_RATE_LIMIT: '100000',
    PAYMENT_RATE_LIMIT: '100000',
    ORDER_RATE_LIMIT: '100000',
    GUEST_ORDER_RATE_LIMIT: '100000',
    PASSWORD_RESET_RATE_LIMIT: '100000',
    // every test's guest orders come from one address and one mailbox, in one database: not bounded (one lock less for
    // all of them to wait on); security/limits.test.ts sets its own
    UNPAID_HOLD_PIECES: '0',
    ...overrides,
  });
  // the apps of a run share one database: each works only the jobs it queued (modules/jobs/queue.ts)
  config.jobs.namespace = `test-${process.pid}-${++apps}:`;
  return config;
}

async function open(): Promise<TestContext> {
  const database = await openDatabase({ databaseUrl: inject('testDatabaseUrl') });
  await runMigrations(database);
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  watchContract(app);
  await app.ready();
  return { app, database, config };
}

export async function getTestContext(): Promise<TestContext> {
  context ??= open();
  return context;
}

export async function getApp(): Promise<App> {
  return (await getTestContext()).app;
}

/**
 * Another app over the same database, for tests that need other settings (rate limits, proxies), the page routes
 * whether or not the storefront has been built (`pages: await sourcePages()`), or a payment provider of their own.
 */
export async function buildAppWith(overrides: Record<string, string>, { pages, paymentProvider }: Pick<AppOptions, 'pages' | 'paymentProvider'> = {}): Promise<App> {
  const { database } = await getTestContext();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, ...(pages ? { pages } : {}), ...(paymentProvider ? { paymentProvider } : {}) });
  watchContract(app);
  await app.ready();
  return app;
}

const appsBuilt: App[] = [];

/**
 * Another app like buildAppWith's, kept for `closeAppsBuilt`: a file that builds some closes them after its tests
 * (`afterAll(closeAppsBuilt)`).
 */
export async function appWith(overrides: Record<string, string>, options: Pick<AppOptions, 'pages' | 'paymentProvider'> = {}): Promise<App> {
  const app = await buildAppWith(overrides, options);
  appsBuilt.push(app);
  return app;
}

/** Closes every app appWith built and no one closed yet. */
export async function closeAppsBuilt(): Promise<void> {
  await Promise.all(appsBuilt.splice(0).map((app) => app.close()));
}

/**
 * A customer with one line in her cart: `quantity` pieces of a new product at `price` in size M, whose stock is `stock`
 * (null: not tracked). `lines` is the cart as newOrderBody takes it.
 */
export async function shopperWithCart({ price = 500, quantity = 1, stock = null }: { price?: number; quantity?: number; stock?: number | null } = {}) {
  const shopper = await createUser();
  const product = await createProduct({ price, sizes: [{ size: 'M', stock }] });
  await createCartItem(shopper.user, product, quantity, 'M');
  return { shopper, product, lines: [{ product, quantity }] };
}

/** Where a login comes from, as the rate limits see it: the client's address, and an X-Forwarded-For it sends. */
export interface LoginFrom {
  remoteAddress?: string;
  forwardedFor?: string;
}

/** POST /api/auth/login as a client sends it, answered as it was (a test of the refusals reads the raw answer). */
export function login(app: App, body: { email: string; password: string }, from: LoginFrom = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
}

/** A port of 127.0.0.1 nothing listens on now: for a server of the test's own (a shop process, a stand-in). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Another app like buildAppWith's whose log lines (info and above, as JSON) the test reads. */
export async function buildAppWithLog(overrides: Record<string, string>): Promise<{ app: App; log: () => string }> {
  const { database } = await getTestContext();
  let written = '';
  const stream = { write: (line: string) => void (written += line) };
  const app = await buildApp({ config: testConfig(overrides), database, logger: { level: 'info', stream } });
  watchContract(app);
  await app.ready();
  return { app, log: () => written };
}

/** An empty database of its own on the run's server, for tests of a fresh start or of migrations; dropped after. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject('testDatabaseUrl');
  const name = `scratch_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * An app of its own on an empty, migrated database of its own (a test that counts every row, or the last admin):
 * `close` stops the app, closes its database and drops it.
 */
export async function appOnEmptyDatabase(): Promise<{ app: App; close(): Promise<void> }> {
  const scratch = await scratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url });
  await runMigrations(database);
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      await scratch.drop();
    },
  };
}

export { TEST_PASSWORD, billing, unique } from '@shop/core/factories';

let sourceRenderer: Promise<PageRenderer> | undefined;
/**
 * The storefront's page renderer made from its sources (apps/web/src/app/server/entry-server.tsx), once a run: the
 * page routes exist with it whether or not `apps/web/dist` has been built. From the sources it renders with React;
 * the build renders the same components with Preact's compat layer.
 */
export function sourcePages(): Promise<PageRenderer> {
  sourceRenderer ??= (async () => {
    const web = path.resolve(import.meta.dirname, '../../web');
    // a path the typecheck of the API does not follow: the storefront's sources are TSX, typed by its own project
    const entry = path.join(web, 'src/app/server/entry-server.tsx');
    const { createRenderer } = (await import(/* @vite-ignore */ entry)) as { createRenderer: CreateRenderer };
    return createRenderer({ template: readFileSync(path.join(web, 'index.html'), 'utf8'), manifest: null });
  })();
  return sourceRenderer;
}

// argon2id takes ~100 ms a hash: the default password is hashed once for the whole run.
let testPasswordHash: Promise<string> | undefined;
function passwordHash(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
}

/** A signed-in account: its wire shape, its token, and the header that carries it. */
export async function createUser(overrides: Partial<AccountFields> & { isAdmin?: boolean; role?: Role; createdAt?: Date } = {}) {
  const { app } = await getTestContext();
  const { password, ...fields } = account(overrides);
  const role = overrides.role ?? (overrides.isAdmin ? 'admin' : 'customer');
  const row = await insertUser(app.db, { ...fields, passwordHash: await passwordHash(password), role, ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}) });
  const user = toUser(row);
  const token = app.signToken(row);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

export const createAdmin = () => createUser({ isAdmin: true });
export const createStaff = () => createUser({ role: 'staff' });

export async function createCategory(overrides: Partial<CategoryFields> = {}) {
  const { app } = await getTestContext();
  const row = await insertCategory(app.db, overrides);
  // rows written behind the app's back: its cached catalog answers must not hide them
  app.catalogChanged();
  return toCategory(row);
}

export async function createProduct(
  overrides: Omit<Partial<ProductFields>, 'category'> & { category?: Category; images?: string[]; createdAt?: Date } = {},
) {
  const { app } = await getTestContext();
  const { category: given, ...fields } = overrides;
  const category = given ?? (await createCategory({ gender: overrides.gender ?? 'women' }));
  const row = await insertProduct(app.db, { ...fields, categoryRow: { id: category._id, title: category.title, gender: category.gender, titleAr: category.titleAr } });
  app.catalogChanged();
  return toProduct(row);
}

let clock = Date.now() + 10 * 365 * 24 * 3600 * 1000;
/** A creation time later than every row made so far, for tests of "newest first". */
export function newest(): Date {
  clock += 1000;
  return new Date(clock);
}

/** Puts a product in a user's cart directly; answers the cart item's id. */
export async function createCartItem(user: { _id: string }, product: { _id: string }, quantity = 1, size?: string): Promise<string> {
  const { app } = await getTestContext();
  return (await insertCartItem(app.db, { userId: user._id, productId: product._id, quantity, ...(size ? { size } : {}) })).id;
}

export async function addToWishlist(user: { _id: string }, product: { _id: string }): Promise<void> {
  const { app } = await getTestContext();
  await insertWishlistItem(app.db, { userId: user._id, productId: product._id });
}

/** An order written directly, with the snapshot lines a placed order would have. */
export async function createOrder(
  user: { _id: string },
  lines: { product: Product; quantity: number; size?: string }[],
  overrides: { wayForPayment?: PaymentWay; isCanceled?: boolean; status?: OrderStatus; paymentIntentId?: string; createdAt?: Date } = {},
) {
  const { app } = await getTestContext();
  return toOrder(await insertOrder(app.db, user._id, lines, overrides));
}

type NewOrderInput = z.input<typeof NewOrderBodySchema>;

/** The body SPEC's checkout sends for a cart: lists of ids and quantities, the total with two decimals. */
export function newOrderBody(
  lines: { product: Product; quantity: number }[],
  overrides: Partial<NewOrderInput> | Record<string, unknown> = {},
) {
  const total = totalPiastres(lines.map(({ product, quantity }) => ({ ...product, quantity })));
  return {
    ...billing(),
    wayForPayment: 'cash' as const,
    totalPrice: (total / 100).toFixed(2),
    productId: lines.map(({ product }) => product._id),
    quantaties: lines.map(({ quantity }) => quantity),
    ...overrides,
  };
}

/** The files in the app's images folder. */
export function storedImages(app: App): string[] {
  try {
    return readdirSync(app.config.imagesDir).sort();
  } catch {
    return [];
  }
}

export interface UploadFile {
  data: Buffer | Uint8Array;
  filename: string;
  type: string;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData makes it, ready for app.inject. */
export async function multipart(fields: Record<string, string | string[]>, files: UploadFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  for (const file of files) form.append(file.field ?? 'files', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A login's answer with its token: fails the test when the account was asked for its second step instead. */
export function signedIn(answer: AnswerOf<'login'>): LoginAnswer {
  if ('twoFactorRequired' in answer) throw new Error('this account signs in in two steps');
  return answer;
}
