// One app and one database for the whole test run (PGlite is slow to start); every test makes its own data.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Gender, PaymentWay } from '@shop/core/constants';
import { discountedPiastres, toPiastres, totalPiastres } from '@shop/core/money';
import type { Product } from '@shop/core/schemas';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { cartItems, categories, orders, products, users, wishlistItems, type OrderLine } from '../src/db/schema.ts';
import { hashPassword } from '../src/accounts/users.ts';
import { toCategory, toOrder, toProduct, toUser } from '../src/lib/wire.ts';
import { watchContract } from './contract-watch.ts';

interface TestContext {
  app: App;
  database: Database;
  config: Config;
}

let context: Promise<TestContext> | undefined;

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    REGISTER_RATE_LIMIT: '100000',
    PAYMENT_RATE_LIMIT: '100000',
    ...overrides,
  });
}

async function open(): Promise<TestContext> {
  const databaseUrl = inject('testDatabaseUrl');
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
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

/** Another app over the same database, for tests that need other settings (rate limits, proxies). */
export async function buildAppWith(overrides: Record<string, string>): Promise<App> {
  const { database } = await getTestContext();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  watchContract(app);
  await app.ready();
  return app;
}

let sequence = 0;
/** A name no other test uses, so tests never collide and never depend on each other's rows. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

export const TEST_PASSWORD = 'correct horse 42';

// argon2id takes ~100 ms a hash: the default password is hashed once for the whole run.
let testPasswordHash: Promise<string> | undefined;
function passwordHash(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
}

export async function createUser(
  overrides: { isAdmin?: boolean; username?: string; email?: string; password?: string; createdAt?: Date } = {},
) {
  const { app } = await getTestContext();
  const handle = unique('user').replace(/\s/g, '-');
  const [row] = await app.db
    .insert(users)
    .values({
      username: overrides.username ?? handle,
      email: (overrides.email ?? `${handle}@example.com`).toLowerCase(),
      passwordHash: await passwordHash(overrides.password ?? TEST_PASSWORD),
      isAdmin: overrides.isAdmin ?? false,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  const user = toUser(row!);
  const token = app.signToken(row!);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

export const createAdmin = () => createUser({ isAdmin: true });

export async function createCategory(overrides: { title?: string; gender?: Gender } = {}) {
  const { app } = await getTestContext();
  const [row] = await app.db
    .insert(categories)
    .values({ title: overrides.title ?? unique('Category'), gender: overrides.gender ?? 'women' })
    .returning();
  // rows written behind the app's back: its cached catalog answers must not hide them
  app.catalogChanged();
  return toCategory(row!);
}

export async function createProduct(
  overrides: { name?: string; price?: number; disCountPrecent?: number; gender?: Gender; category?: { _id: string; title: string; gender: Gender }; description?: string; images?: string[]; createdAt?: Date } = {},
) {
  const { app } = await getTestContext();
  const category = overrides.category ?? (await createCategory({ gender: overrides.gender ?? 'women' }));
  const [row] = await app.db
    .insert(products)
    .values({
      name: overrides.name ?? unique('Product'),
      description: overrides.description ?? 'A soft cotton piece for every day.',
      pricePiastres: Math.round((overrides.price ?? 500) * 100),
      discountPercent: overrides.disCountPrecent ?? 0,
      gender: category.gender,
      categoryId: category._id,
      category: category.title,
      images: overrides.images ?? ['https://cdn.example.com/a.webp'],
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  app.catalogChanged();
  const { searchVector: _ignored, ...columns } = row!;
  return toProduct(columns);
}

let clock = Date.now() + 10 * 365 * 24 * 3600 * 1000;
/** A creation time later than every row made so far, for tests of "newest first". */
export function newest(): Date {
  clock += 1000;
  return new Date(clock);
}

/** Puts a product in a user's cart directly; answers the cart item's id. */
export async function createCartItem(user: { _id: string }, product: { _id: string }, quantity = 1): Promise<string> {
  const { app } = await getTestContext();
  const [row] = await app.db.insert(cartItems).values({ userId: user._id, productId: product._id, quantity }).returning();
  return row!.id;
}

export async function addToWishlist(user: { _id: string }, product: { _id: string }): Promise<void> {
  const { app } = await getTestContext();
  await app.db.insert(wishlistItems).values({ userId: user._id, productId: product._id });
}

/** An order written directly, with the snapshot lines a placed order would have. */
export async function createOrder(
  user: { _id: string },
  lines: { product: Product; quantity: number }[],
  overrides: { wayForPayment?: PaymentWay; isCanceled?: boolean; createdAt?: Date } = {},
) {
  const { app } = await getTestContext();
  const snapshot: OrderLine[] = lines.map(({ product, quantity }) => ({
    product: {
      _id: product._id,
      name: product.name,
      price: product.price,
      disCountPrecent: product.disCountPrecent,
      images: product.images,
      category: product.category,
      gender: product.gender,
    },
    quantity,
    unitPiastres: discountedPiastres(toPiastres(product.price), product.disCountPrecent),
  }));
  const [row] = await app.db
    .insert(orders)
    .values({
      userId: user._id,
      ...billingColumns,
      wayForPayment: overrides.wayForPayment ?? 'cash',
      totalPiastres: totalPiastres(lines.map(({ product, quantity }) => ({ ...product, quantity }))),
      lines: snapshot,
      isCanceled: overrides.isCanceled ?? false,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return toOrder(row!);
}

export function billing(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Mona',
    secondName: 'Hassan',
    email: 'mona@example.com',
    phoneNumber: '01012345678',
    Governorate: 'Cairo',
    city: 'Nasr City',
    address: '12 Abbas El Akkad St.',
    ...overrides,
  };
}

const billingColumns = {
  firstName: 'Mona',
  secondName: 'Hassan',
  email: 'mona@example.com',
  phoneNumber: '01012345678',
  governorate: 'Cairo',
  city: 'Nasr City',
  address: '12 Abbas El Akkad St.',
};

/** The body SPEC's checkout sends for a cart: lists of ids and quantities, the total with two decimals. */
export function newOrderBody(lines: { product: Product; quantity: number }[], overrides: Record<string, unknown> = {}) {
  const total = totalPiastres(lines.map(({ product, quantity }) => ({ ...product, quantity })));
  return {
    ...billing(),
    wayForPayment: 'cash',
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
