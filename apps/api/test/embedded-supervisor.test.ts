// The shop supervises its embedded PostgreSQL (issue 41, db/embedded.ts): a server that stops by itself is started
// again with a growing pause, once the disk has room; meanwhile the shop answers 503 with Retry-After and is not
// ready, and it recovers without a restart of its own.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { billing } from '@shop/core/factories';
import { MESSAGES } from '@shop/core/messages';
import type { Product } from '@shop/core/contract/catalog';
import { openDatabase } from '../src/db/client.ts';
import { runningEmbeddedPostgres } from '../src/db/embedded.ts';
import { isDatabaseUnavailable } from '../src/db/errors.ts';
import { call, serversGone, sleep, startShop } from './shop-process.ts';

const GB = 1024 ** 3;
const ADMIN = { ADMIN_EMAIL: 'supervised-admin@example.com', ADMIN_PASSWORD: 'supervised-admin-password' };

const postmasterOf = (cluster: string) => Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);

describe.runIf(inject('testDatabase') === 'embedded')('the embedded PostgreSQL, supervised by the shop', () => {
  // one data directory for both, in this order: the second opens the cluster the first made (an initdb took 12 s here)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-supervised-'));
  const cluster = path.join(dataDir, 'postgres');

  it('answers 503 with Retry-After and is not ready while its killed server starts again, then serves on without a restart', async () => {
    const shop = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'never', ...ADMIN });
    try {
      const admin = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } })).body;
      await call(shop.url, 'POST', '/api/categories/add-category', { token: admin.token, body: { title: 'Supervised', gender: 'women' } });
      const product = (await call<Product>(shop.url, 'POST', '/api/products/add-product', {
        token: admin.token,
        body: { name: 'Restart-proof dress', description: 'Survives its database.', price: 400, disCountPrecent: 0, gender: 'women', category: 'Supervised', sizes: [{ size: 'M', stock: 1000 }], imageUrls: ['https://cdn.example.com/dress.webp'] },
      })).body;
      const customers: { token: string; key: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const email = `supervised-${i}@example.com`;
        await call(shop.url, 'POST', '/api/auth/register', { body: { username: `supervised-${i}`, email, password: 'supervised-password' } });
        const login = await call<{ token: string; _id: string }>(shop.url, 'POST', '/api/auth/login', { body: { email, password: 'supervised-password' } });
        await call(shop.url, 'POST', '/api/cart/add-cart', { token: login.body.token, body: { product: product._id, quantaty: 1, size: 'M' } });
        customers.push({ token: login.body.token, key: `supervised-${login.body._id}` });
      }
      const first = postmasterOf(cluster);

      // each customer places her order, sending it again after a 503 as the storefront does (same Idempotency-Key);
      // the postmaster is killed while they are in flight, and readiness is watched meanwhile
      const refusals: { status: number; retryAfter: string | null; message: unknown }[] = [];
      const readiness: number[] = [];
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          readiness.push((await call(shop.url, 'GET', '/api/ready').catch(() => ({ status: 0 }))).status);
          await sleep(50);
        }
      })();
      setTimeout(() => process.kill(first, 'SIGKILL'), 50);
      const placed = await Promise.all(
        customers.map(async (customer) => {
          for (let tries = 0; tries < 200; tries++) {
            const response = await fetch(`${shop.url}/api/orders/new-order`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}`, 'idempotency-key': customer.key },
              body: JSON.stringify({ ...billing(), wayForPayment: 'cash', totalPrice: (product.price + 30).toFixed(2), productId: [product._id], quantaties: [1] }),
            });
            const body = (await response.json()) as { _id?: string; message?: string };
            if (response.status === 201) return body._id!;
            refusals.push({ status: response.status, retryAfter: response.headers.get('retry-after'), message: body.message });
            await sleep(100);
          }
          throw new Error('the order never went through');
        }),
      );
      await expect.poll(() => readiness.at(-1), { timeout: 30_000 }).toBe(200);
      watching = false;
      await watcher;

      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) expect(refusal).toEqual({ status: 503, retryAfter: '5', message: MESSAGES.unavailable });
      expect(readiness).toContain(503);
      // the same shop process, a new postmaster
      expect(shop.child.exitCode).toBeNull();
      expect(postmasterOf(cluster)).not.toBe(first);
      expect(shop.output()).toContain('The embedded PostgreSQL stopped by itself (exit');
      expect(shop.output()).toMatch(/The embedded PostgreSQL runs again \(pid \d+\)/);
      const client = new pg.Client(runningEmbeddedPostgres(dataDir)!);
      await client.connect();
      const found = (await client.query<{ n: number }>('select count(*)::int as n from orders where id = any($1::uuid[])', [placed])).rows[0]!.n;
      await client.end();
      expect(found).toBe(customers.length);
    } finally {
      await shop.stop();
    }
    expect(await shop.exited).toEqual({ code: 0, signal: null });
    expect(await serversGone(cluster, 5000)).toEqual([]);
  }, 180_000);

  // A real full pg_wal needs a small file system of its own (mount, which tests cannot do). What PostgreSQL does then
  // is played here: its postmaster ends ("could not write to file pg_wal/…: No space left on device", then the startup
  // process cannot write either), and statfs, stood in for, says the disk is full until it is freed.
  it('waits for room on the disk after its server stopped on a full pg_wal, and starts it again by itself once there is', async () => {
    let free = 10 * GB;
    const said: string[] = [];
    const database = await openDatabase({ dataDir, diskSpace: () => ({ availableBytes: free }), log: (line) => said.push(line) });
    const first = database.server!.pid;
    try {
      await database.ping();
      free = 1024 * 1024;
      process.kill(first, 'SIGKILL');
      await expect.poll(() => said.find((line) => line.includes('waits for room on the disk')), { timeout: 15_000 }).toContain('1 MB free, it needs 64 MB');
      // no try while the disk is full: not ready, the pool's queries refused as the database away (503), no give-up
      await sleep(2500);
      const refused = await database.pool.query('select 1').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      await expect(database.ping()).rejects.toThrow();
      expect(database.server!.pid).toBe(first);
      expect(said.filter((line) => line.includes('did not start again'))).toEqual([]);

      free = 10 * GB;
      await expect.poll(() => database.ping().then(() => true, () => false), { timeout: 30_000, interval: 200 }).toBe(true);
      expect((await database.pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(database.server!.pid).not.toBe(first);
      expect(said.some((line) => /The embedded PostgreSQL runs again \(pid \d+\)/.test(line))).toBe(true);
    } finally {
      await database.close();
    }
    expect(await serversGone(cluster, 5000)).toEqual([]);
  }, 90_000);
});
