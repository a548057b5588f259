// One app and one database for the whole test run (PGlite is slow to start); every test makes its own data.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Gender } from '@shop/core/constants';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { categories, products, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/routes/users/repository.ts';
import { toCategory, toProduct, toUser } from '../src/lib/wire.ts';

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
    ...overrides,
  });
}

async function open(): Promise<TestContext> {
  const databaseUrl = inject('testDatabaseUrl');
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
  await runMigrations(database);
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
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

export async function createUser(overrides: { isAdmin?: boolean; username?: string; email?: string; password?: string } = {}) {
  const { app } = await getTestContext();
  const handle = unique('user').replace(/\s/g, '-');
  const [row] = await app.db
    .insert(users)
    .values({
      username: overrides.username ?? handle,
      email: (overrides.email ?? `${handle}@example.com`).toLowerCase(),
      passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
      isAdmin: overrides.isAdmin ?? false,
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
  return toCategory(row!);
}

export async function createProduct(
  overrides: { name?: string; price?: number; disCountPrecent?: number; gender?: Gender; category?: { _id: string; title: string; gender: Gender }; description?: string; createdAt?: Date } = {},
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
      images: ['https://cdn.example.com/a.webp'],
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  const { searchVector: _ignored, ...columns } = row!;
  return toProduct(columns);
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
