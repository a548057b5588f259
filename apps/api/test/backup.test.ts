// Backups (src/db/backup.ts, decision 025): `npm run backup` and `npm run restore`, on the embedded default and on a
// database DATABASE_URL names, and the running shop's own (BACKUP_EVERY, BACKUP_KEEP).
import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { billing } from '@shop/core/factories';
import type { Product } from '@shop/core/contract/catalog';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runningEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemo, DEMO_ACCOUNTS } from '../src/scripts/seed.ts';
import { insertOrder } from '../src/scripts/factories.ts';
import { users, products } from '../src/db/schema.ts';
import { queryRows } from '../src/db/rows.ts';
import type { App } from '../src/app.ts';
import { toProduct } from '../src/modules/wire.ts';
import { buildApp } from '../src/app.ts';
import { scratchDatabase, testConfig } from './helpers.ts';
import { call, serversGone, sleep, startShop } from './shop-process.ts';

const apiDir = path.resolve(import.meta.dirname, '..');

/** `npm run backup` / `npm run restore -- <file>` as the operator runs them, with the shop's configuration. */
async function tool(name: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', `src/scripts/${name}-cli.ts`, ...args], {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', INIT_CWD: apiDir, ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

function writtenFile(out: string): string {
  const found = /backup written: (\S+)/.exec(out);
  if (!found) throw new Error(`no backup written: ${out}`);
  return found[1]!;
}

/** The header of a backup file: when, at which migration, how many rows each table held then. */
async function headerOf(file: string): Promise<{ rows: Record<string, number> }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of lines) {
    lines.close();
    return JSON.parse(line) as { rows: Record<string, number> };
  }
  throw new Error('empty backup');
}

type Queryable = { query<T>(text: string): Promise<{ rows: T[] }> };

async function everything(db: Queryable): Promise<Record<string, string[]>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) all[name] = (await db.query<{ line: string }>(`select row_to_json(t)::text as line from ${name} t`)).rows.map((row) => row.line).sort();
  return all;
}

async function counts(db: Queryable): Promise<Record<string, number>> {
  const all = await everything(db);
  return Object.fromEntries(Object.entries(all).map(([name, rows]) => [name, rows.length]));
}

describe('BACKUP_EVERY and BACKUP_KEEP', () => {
  it('take a duration and a count, and refuse anything else in one sentence', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-backup-config-')), JWT_SECRET: 'backup-config-secret-long-enough-000000' };
    expect(loadConfig({ ...env, BACKUP_EVERY: '24h', BACKUP_KEEP: '3' }).backups).toEqual({ dir: path.join(env.DATA_DIR, 'backups'), everyMs: 86_400_000, keep: 3 });
    expect(loadConfig(env).backups).toMatchObject({ everyMs: undefined, keep: 7 });
    expect(() => loadConfig({ ...env, BACKUP_EVERY: 'daily' })).toThrow('BACKUP_EVERY must be a duration like 24h, 30m or 7d');
    expect(() => loadConfig({ ...env, BACKUP_KEEP: '0' })).toThrow(ConfigError);
  });
});

describe('npm run backup and npm run restore on a database DATABASE_URL names', () => {
  it('restore every row into an empty database, refuse one that is not, and refuse a file cut short', async () => {
    const source = await scratchDatabase();
    const target = await scratchDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-url-'));
    const database = await openDatabase({ databaseUrl: source.url });
    try {
      await runMigrations(database);
      await seedDemo(database.db, null);
      const [customer] = await database.db.select().from(users).limit(1);
      const [product] = await database.db.select().from(products).limit(1);
      await insertOrder(database.db, customer!.id, [{ product: toProduct({ ...product!, sizes: [] }), quantity: 1 }]);

      const backup = await tool('backup', { DATABASE_URL: source.url, DATA_DIR: dataDir, S3_BUCKET: 'pictures-elsewhere' });
      expect(backup.code).toBe(0);
      const file = writtenFile(backup.out);
      expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
      expect((statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');

      const restored = await tool('restore', { DATABASE_URL: target.url, DATA_DIR: dataDir, S3_BUCKET: 'pictures-elsewhere' }, [file]);
      expect(restored.out).toContain('into the database DATABASE_URL names');
      expect(restored.code).toBe(0);
      const [from, into] = [new pg.Client({ connectionString: source.url }), new pg.Client({ connectionString: target.url })];
      await Promise.all([from.connect(), into.connect()]);
      try {
        const before = await everything(from);
        expect(before['public.orders']).toHaveLength(1);
        expect(before['public.products']!.length).toBeGreaterThan(40);
        expect(await everything(into)).toEqual(before);
        // the orders' numbers go on after the restored one's, never giving it again
        expect(await nextOrderNumber(into, customer!.id)).toBe(Number(JSON.parse(before['public.orders']![0]!).number) + 1);
      } finally {
        await Promise.all([from.end(), into.end()]);
      }

      const again = await tool('restore', { DATABASE_URL: target.url, DATA_DIR: dataDir }, [file]);
      expect(again).toEqual({
        code: 1,
        out: 'The database is not empty (it has tables): a backup is restored only into an empty one. Point DATA_DIR at a new folder, or DATABASE_URL at a new database (createdb), and restore again.\n',
      });

      const cut = path.join(dataDir, 'cut.backup.gz');
      const whole = gunzipSync(readFileSync(file)).toString();
      writeFileSync(cut, gzipSync(whole.slice(0, Math.floor(whole.length * 0.9))));
      const empty = await scratchDatabase();
      try {
        const refused = await tool('restore', { DATABASE_URL: empty.url, DATA_DIR: dataDir }, [cut]);
        expect(refused).toEqual({ code: 1, out: `The backup file ${cut} is incomplete (it was cut short while being written or copied): use another backup.\n` });
        const left = new pg.Client({ connectionString: empty.url });
        await left.connect();
        expect((await left.query(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`)).rows[0].n).toBe(0);
        await left.end();
      } finally {
        await empty.drop();
      }
    } finally {
      await database.close();
      await Promise.all([source.drop(), target.drop()]);
    }
  }, 120_000);

  it('restore a shop without orders to number its first one 1001', async () => {
    const source = await scratchDatabase();
    const target = await scratchDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-numbers-'));
    const database = await openDatabase({ databaseUrl: source.url });
    try {
      await runMigrations(database);
      const backup = await tool('backup', { DATABASE_URL: source.url, DATA_DIR: dataDir, S3_BUCKET: 'pictures-elsewhere' });
      expect(backup.code).toBe(0);
      expect((await tool('restore', { DATABASE_URL: target.url, DATA_DIR: dataDir, S3_BUCKET: 'pictures-elsewhere' }, [writtenFile(backup.out)])).code).toBe(0);
      const into = new pg.Client({ connectionString: target.url });
      await into.connect();
      try {
        const { rows } = await into.query<{ id: string }>(`insert into users (username, email, password_hash) values ('first', 'first@example.com', 'x') returning id`);
        expect(await nextOrderNumber(into, rows[0]!.id)).toBe(1001);
      } finally {
        await into.end();
      }
    } finally {
      await database.close();
      await Promise.all([source.drop(), target.drop()]);
    }
  }, 120_000);
});

/** The number the next order written to this database gets. */
async function nextOrderNumber(db: pg.Client, userId: string): Promise<number> {
  const { rows } = await db.query<{ number: string }>(
    `insert into orders (user_id, first_name, second_name, email, phone_number, governorate, city, address, way_for_payment, total_piastres, lines)
     values ($1, 'A', 'B', 'a@example.com', '01000000000', 'Cairo', 'Cairo', 'Street', 'cash', 1000, '[]') returning number`,
    [userId],
  );
  return Number(rows[0]!.number);
}

describe('the job queue in a backup', () => {
  it('a refund waiting for its time and a mail failed for good come back with the restore, queued by the restored shop\'s start', async () => {
    const [source, target] = [await scratchDatabase(), await scratchDatabase()];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-jobs-'));
    const [sourceDb, targetDb] = [await openDatabase({ databaseUrl: source.url }), await openDatabase({ databaseUrl: target.url })];
    const config = testConfig();
    let [shop, restoredShop]: [App | undefined, App | undefined] = [undefined, undefined];
    try {
      await runMigrations(sourceDb);
      // the shop's start makes the queue's tables; its jobs are then queued as a workflow queues them
      shop = await buildApp({ config, database: sourceDb, logger: false });
      await shop.ready();
      const tomorrow = new Date(Date.now() + 86_400_000);
      await shop.jobs.queue.add(sourceDb.db, 'refund', { paymentId: 'pi_backed_up' }, { key: 'refund:pi_backed_up', runAt: tomorrow });
      await shop.jobs.queue.add(sourceDb.db, 'order-mail', { orderId: '00000000-0000-4000-8000-000000000001', event: 'placed', queuedAt: new Date().toISOString() }, { runAt: tomorrow });
      await sourceDb.db.execute(sql`update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'SMTP refused: 550' where payload->>'event' = 'placed'`);
      await shop.close();
      shop = undefined;

      const backup = await tool('backup', { DATABASE_URL: source.url, DATA_DIR: dataDir, S3_BUCKET: 'pictures-elsewhere' });
      expect(backup.code, backup.out).toBe(0);
      const file = writtenFile(backup.out);
      expect(await headerOf(file)).toMatchObject({ jobs: 2 });
      const restored = await tool('restore', { DATABASE_URL: target.url, DATA_DIR: dataDir, S3_BUCKET: 'pictures-elsewhere' }, [file]);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toContain('2 jobs');

      // the restored shop (the same namespace: its tasks are the backed-up ones) queues them as they were
      restoredShop = await buildApp({ config, database: targetDb, logger: false });
      await restoredShop.ready();
      const queued = await queryRows<{ task: string; key: string | null; attempts: number; max_attempts: number; run_at: Date; last_error: string | null }>(
        targetDb.db,
        sql`select tasks.identifier as task, jobs.key, jobs.attempts, jobs.max_attempts, jobs.run_at, jobs.last_error
          from graphile_worker._private_jobs jobs join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id order by tasks.identifier`,
      );
      expect(queued.map(({ run_at: runAt, ...job }) => ({ ...job, runAt: new Date(runAt).toISOString() }))).toEqual([
        { task: `${config.jobs.namespace}order-mail`, key: null, attempts: 12, max_attempts: 12, runAt: tomorrow.toISOString(), last_error: 'SMTP refused: 550' },
        { task: `${config.jobs.namespace}refund`, key: 'refund:pi_backed_up', attempts: 0, max_attempts: 25, runAt: tomorrow.toISOString(), last_error: null },
      ]);
      // the failed mail waits for an admin again; restored_jobs is empty, so a second start queues nothing twice
      expect((await restoredShop.jobs.queue.failed(targetDb.db)).map((job) => [job.task, job.orderId, job.lastError])).toEqual([
        ['order-mail', '00000000-0000-4000-8000-000000000001', 'SMTP refused: 550'],
      ]);
      expect(await queryRows(targetDb.db, sql`select * from restored_jobs`)).toEqual([]);
    } finally {
      await shop?.close();
      await restoredShop?.close();
      await Promise.all([sourceDb.close(), targetDb.close()]);
      await Promise.all([source.drop(), target.drop()]);
    }
  }, 120_000);
});

// Whole shops on the embedded default, whatever the run's database: once, on the embedded run.
describe.runIf(inject('testDatabase') === 'embedded')('backups of the embedded default', () => {
  it('a backup taken under order load restores into a fresh data directory with the rows of its moment, and the shop then serves, logs in and takes an order', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'shop-restored-'));
    const shop = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'auto' });
    try {
      // a product with plenty of tracked stock: every order takes one piece in the order's own transaction
      const admin = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).body;
      const created = await call<Product>(shop.url, 'POST', '/api/products/add-product', {
        token: admin.token,
        body: { name: `Backup Tee ${Date.now()}`, description: 'Cotton.', price: 100, disCountPrecent: 0, gender: 'men', category: 'Shirts', sizes: [{ size: 'M', stock: 100_000 }], imageUrls: ['https://cdn.example.com/tee.webp'] },
      });
      expect(created.status).toBe(201);
      const product = created.body;
      const total = (product.price + 30).toFixed(2);
      const customers: { token: string; id: string }[] = [];
      for (let i = 0; i < 8; i++) {
        const email = `backup-${Date.now()}-${i}@example.com`;
        await call(shop.url, 'POST', '/api/auth/register', { body: { username: `backup-${Date.now().toString(36)}-${i}`, email, password: 'backup-test-password' } });
        const login = await call<{ token: string; _id: string }>(shop.url, 'POST', '/api/auth/login', { body: { email, password: 'backup-test-password' } });
        customers.push({ token: login.body.token, id: login.body._id });
      }

      // orders placed in a loop, each acknowledgement timed, while `npm run backup` runs beside the shop
      const acknowledged: { id: string; at: number }[] = [];
      let running = true;
      let attempt = 0;
      const load = customers.map(async (customer) => {
        while (running) {
          await call(shop.url, 'POST', '/api/cart/add-cart', { token: customer.token, body: { product: product._id, quantaty: 1, size: 'M' } });
          const placed = await call<{ _id: string }>(shop.url, 'POST', '/api/orders/new-order', {
            token: customer.token,
            headers: { 'idempotency-key': `backup-${customer.id}-${++attempt}` },
            body: { ...billing(), wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
          });
          if (placed.status === 201) acknowledged.push({ id: placed.body._id, at: Date.now() });
        }
      });
      // orders acknowledged before the backup starts and after it ends, however slow the machine is
      const acknowledgedSince = (since: number) => acknowledged.filter((order) => order.at > since).length;
      const until = async (condition: () => boolean) => {
        for (const deadline = Date.now() + 60_000; !condition() && Date.now() < deadline; ) await sleep(50);
      };
      await until(() => acknowledged.length > 5);
      const backupStarted = Date.now();
      const backup = await tool('backup', { DATA_DIR: dataDir });
      const backupEnded = Date.now();
      await until(() => acknowledgedSince(backupEnded) > 5);
      running = false;
      await Promise.all(load);
      expect(backup.code).toBe(0);
      const file = writtenFile(backup.out);
      const header = await headerOf(file);
      // acknowledged by the moment the backup was started (an order of that same millisecond included: the tool is
      // spawned after that moment was read)
      const before = acknowledged.filter((order) => order.at <= backupStarted).map((order) => order.id);
      const after = acknowledged.filter((order) => order.at > backupEnded).map((order) => order.id);
      expect(before.length).toBeGreaterThan(5);
      expect(after.length).toBeGreaterThan(5);

      const restored = await tool('restore', { DATA_DIR: restoredDir }, [file]);
      expect(restored.code).toBe(0);
      expect(restored.out).toContain(`into the embedded PostgreSQL in ${restoredDir}`);
      expect(readdirSync(path.join(restoredDir, 'images')).length).toBe(readdirSync(path.join(dataDir, 'images')).length);

      const second = await startShop({ DATA_DIR: restoredDir, SEED_DEMO: 'auto' });
      try {
        const client = new pg.Client(runningEmbeddedPostgres(restoredDir)!);
        await client.connect();
        try {
          // the rows of the backup's moment: its own counts, every order acknowledged before it, none after it,
          // and each order with its idempotency key and its piece of stock (one transaction, one moment)
          expect(await counts(client)).toEqual(header.rows);
          const ids = new Set((await client.query<{ id: string }>('select id from orders')).rows.map((row) => row.id));
          expect(before.filter((id) => !ids.has(id))).toEqual([]);
          expect(after.filter((id) => ids.has(id))).toEqual([]);
          const { rows: [check] } = await client.query<{ orders: number; keys: number; stock: number }>(
            `select (select count(*)::int from orders where lines->0->'product'->>'_id' = $1) as orders,
                    (select count(*)::int from idempotency_keys where key like 'backup-%') as keys,
                    (select stock from product_sizes where product_id = $1::uuid and size = 'M') as stock`,
            [product._id],
          );
          expect(check!.keys).toBe(check!.orders);
          expect(check!.stock + check!.orders).toBe(100_000);
        } finally {
          await client.end();
        }
        // the restored shop serves, the demo customer logs in and orders
        const listing = await call<unknown[]>(second.url, 'GET', '/api/products?limit=3');
        expect([listing.status, listing.body.length]).toEqual([200, 3]);
        const customer = await call<{ token: string }>(second.url, 'POST', '/api/auth/login', { body: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password } });
        expect(customer.status).toBe(200);
        await call(second.url, 'POST', '/api/cart/add-cart', { token: customer.body.token, body: { product: product._id, quantaty: 1, size: 'M' } });
        const placed = await call<{ message: string }>(second.url, 'POST', '/api/orders/new-order', {
          token: customer.body.token,
          body: { ...billing(), wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
        });
        expect([placed.status, placed.body.message]).toEqual([201, 'Your order has been placed']);
        // and the pictures came with the backup
        const demo = (await call<{ images: string[] }[]>(second.url, 'GET', '/api/products?limit=20')).body.find((one) => one.images[0]?.startsWith('/images/'));
        expect((await fetch(`${second.url}${demo!.images[0]}`)).status).toBe(200);
      } finally {
        await second.stop();
      }
      expect(await second.exited).toEqual({ code: 0, signal: null });
    } finally {
      await shop.stop();
    }
    expect(await serversGone(path.join(restoredDir, 'postgres'), 5000)).toEqual([]);
  }, 240_000);

  it('the running shop takes one every BACKUP_EVERY and keeps the newest BACKUP_KEEP, readable by its user alone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-every-'));
    const shop = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'never', BACKUP_EVERY: '1s', BACKUP_KEEP: '2' });
    try {
      await expect.poll(() => (shop.output().match(/backup written/g) ?? []).length, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(4);
      await expect.poll(() => readdirSync(path.join(dataDir, 'backups')).length, { timeout: 5000 }).toBe(2);
      expect(shop.output()).toContain('backup removed (BACKUP_KEEP=2)');
      const folder = path.join(dataDir, 'backups');
      expect((statSync(folder).mode & 0o777).toString(8)).toBe('700');
      for (const name of readdirSync(folder)) expect((statSync(path.join(folder, name)).mode & 0o777).toString(8)).toBe('600');
    } finally {
      await shop.stop();
    }
    expect(await shop.exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});
