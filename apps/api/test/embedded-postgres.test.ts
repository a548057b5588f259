// The embedded default (src/db/embedded.ts, decision 023): a real PostgreSQL that forces its commits to disk, that
// only the shop can reach, that lives and dies with the shop, and that serves several workers.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { billing } from '@shop/core/factories';
import type { Product } from '@shop/core/contract/catalog';
import { beginDatabase, openDatabase } from '../src/db/client.ts';
import { runningEmbeddedPostgres } from '../src/db/embedded.ts';
import { pgliteDir } from '../src/db/pglite-move.ts';
import { call, openToOthers, serverProcesses, serversGone, sleep, startShop, type ShopProcess } from './shop-process.ts';

const ADMIN = { ADMIN_EMAIL: 'embedded-admin@example.com', ADMIN_PASSWORD: 'embedded-admin-password' };

/** A product with plenty of tracked stock, and customers with a token each, made through the API. */
async function shopWithCustomers(shop: ShopProcess, count: number) {
  const admin = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } })).body;
  const title = `Embedded ${Date.now()}`;
  await call(shop.url, 'POST', '/api/categories/add-category', { token: admin.token, body: { title, gender: 'women' } });
  const product = (await call<Product>(shop.url, 'POST', '/api/products/add-product', {
    token: admin.token,
    body: { name: `Kill-proof dress ${Date.now()}`, description: 'Survives crashes.', price: 400, disCountPrecent: 0, gender: 'women', category: title, sizes: [{ size: 'M', stock: 100_000 }], imageUrls: ['https://cdn.example.com/dress.webp'] },
  })).body;
  const customers: { token: string; id: string; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `embedded-${Date.now()}-${i}@example.com`;
    await call(shop.url, 'POST', '/api/auth/register', { body: { username: `embedded-${Date.now().toString(36)}-${i}`, email, password: 'embedded-password' } });
    const login = await call<{ token: string; _id: string }>(shop.url, 'POST', '/api/auth/login', { body: { email, password: 'embedded-password' } });
    await call(shop.url, 'POST', '/api/cart/add-cart', { token: login.body.token, body: { product: product._id, quantaty: 1, size: 'M' } });
    customers.push({ token: login.body.token, id: login.body._id, key: `embedded-${login.body._id}` });
  }
  return { product, customers };
}

const order = (url: string, customer: { token: string; key: string }, product: Product) =>
  call<{ _id: string }>(url, 'POST', '/api/orders/new-order', {
    token: customer.token,
    headers: { 'idempotency-key': customer.key },
    body: { ...billing(), wayForPayment: 'cash', totalPrice: (product.price + 30).toFixed(2), productId: [product._id], quantaties: [1] },
  });

/** The sh wrappers that hold the cluster's server (the wrapper and its watcher), by their command line. */
function wrappers(cluster: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return command[0] === '/bin/sh' && command.includes('embedded-postgres') && command.includes(cluster);
      } catch {
        return false;
      }
    })
    .map(Number);
}

// Whole shops on the embedded default, whatever the run's database: once, on the embedded run.
describe.runIf(inject('testDatabase') === 'embedded')('the embedded PostgreSQL', () => {
  it('forces each commit to disk, listens on no port, and asks for its password even on its socket', async () => {
    const url = inject('testDatabaseUrl');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const settings: Record<string, string> = {};
      for (const name of ['fsync', 'synchronous_commit', 'full_page_writes', 'listen_addresses', 'unix_socket_permissions', 'password_encryption']) {
        settings[name] = (await client.query<Record<string, string>>(`show ${name}`)).rows[0]![name]!;
      }
      expect(settings).toEqual({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', listen_addresses: '', unix_socket_permissions: '0700', password_encryption: 'scram-sha-256' });
    } finally {
      await client.end();
    }
    const socketDir = new URL(url).searchParams.get('host')!;
    expect((statSync(socketDir).mode & 0o777).toString(8)).toBe('700');
    const withoutPassword = new URL(url);
    withoutPassword.password = 'not-the-password';
    const stranger = new pg.Client({ connectionString: withoutPassword.toString() });
    await expect(stranger.connect()).rejects.toMatchObject({ code: '28P01' });
  });

  it('says a database is fresh only on the start that made it, and never when a PGlite folder is to be moved into it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-fresh-'));
    const first = await openDatabase({ dataDir });
    expect(first.fresh).toBe(true);
    await first.close();
    const second = await openDatabase({ dataDir });
    expect(second.fresh).toBe(false);
    await second.close();
    // a data directory of the PGlite era: its own tables are moved in, so it gets no demo shop (pglite-move.test.ts)
    const older = mkdtempSync(path.join(tmpdir(), 'shop-fresh-pglite-'));
    mkdirSync(pgliteDir(older));
    const moving = await beginDatabase({ dataDir: older });
    expect(moving.fresh).toBe(false);
    await moving.ready.catch(() => {});
    await moving.close();
  });

  it('stops with a shop killed by SIGKILL under order load; the next start loses none of the orders it acknowledged', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-kill-'));
    const cluster = path.join(dataDir, 'postgres');
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'never', ...ADMIN };
    let shop = await startShop(env);
    const { product, customers } = await shopWithCustomers(shop, 40);
    // ten at a time place their orders; the shop is killed while requests are in flight and started again, and a
    // request the kill cut is sent again with its Idempotency-Key, as the storefront does
    const acknowledged = new Map<string, string>();
    const pending = [...customers];
    let restarting: Promise<void> | null = null;
    let leftAfterKill: number[] | null = null;
    const killer = setTimeout(() => {
      restarting = (async () => {
        shop.child.kill('SIGKILL');
        await shop.exited;
        leftAfterKill = await serversGone(cluster, 5000);
        shop = await startShop(env);
      })();
    }, 300);
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let customer = pending.shift(); customer; customer = pending.shift()) {
          for (;;) {
            if (restarting) await restarting;
            const answer = await order(shop.url, customer, product).catch(() => null);
            if (answer?.status === 201) acknowledged.set(customer.id, answer.body._id);
            if (answer?.status === 201 || answer?.status === 409) break;
            await sleep(50);
          }
        }
      }),
    );
    clearTimeout(killer);
    if (restarting) await restarting;
    try {
      expect(leftAfterKill).toEqual([]);
      expect(acknowledged.size).toBe(customers.length);
      const client = new pg.Client(runningEmbeddedPostgres(dataDir)!);
      await client.connect();
      const found = (await client.query<{ n: number }>('select count(*)::int as n from orders where id = any($1::uuid[])', [[...acknowledged.values()]])).rows[0]!.n;
      const carts = (await client.query<{ n: number }>('select count(*)::int as n from cart_items where user_id = any($1::uuid[])', [customers.map((c) => c.id)])).rows[0]!.n;
      await client.end();
      expect({ found, carts }).toEqual({ found: customers.length, carts: 0 });
    } finally {
      await shop.stop();
    }
    expect(await shop.exited).toEqual({ code: 0, signal: null });
    expect(await serversGone(cluster, 5000)).toEqual([]);
  }, 240_000);

  it('is stopped on the next start when a shop and its wrapper were killed together and left it running', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-left-'));
    const cluster = path.join(dataDir, 'postgres');
    const first = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'never' });
    const [postmaster] = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n');
    // as an OOM killer or a whole process group killed would: the shop frozen first, so it cannot see its wrapper go
    first.child.kill('SIGSTOP');
    for (const pid of wrappers(cluster)) process.kill(pid, 'SIGKILL');
    first.child.kill('SIGKILL');
    await first.exited;
    await sleep(1000);
    expect(serverProcesses(cluster)).toContain(Number(postmaster));

    const next = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'never' });
    try {
      expect(next.output()).toContain(`stopping the embedded PostgreSQL (pid ${postmaster}) left running by a shop that was killed`);
      expect(serverProcesses(cluster)).not.toContain(Number(postmaster));
      expect((await call(next.url, 'GET', '/api/ready')).status).toBe(200);
    } finally {
      await next.stop();
    }
    expect(await next.exited).toEqual({ code: 0, signal: null });
    expect(await serversGone(cluster, 5000)).toEqual([]);
  }, 120_000);

  it('serves WORKERS=2 from one server, and stops with them', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-workers-'));
    const cluster = path.join(dataDir, 'postgres');
    const shop = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'never', WORKERS: '2', ...ADMIN });
    try {
      expect(shop.output()).toContain('with 2 workers');
      // the shop's files beside the cluster (whose modes PostgreSQL keeps): the lock, the password, the log, the pictures
      expect(openToOthers(dataDir, [cluster])).toEqual([]);
      const { product, customers } = await shopWithCustomers(shop, 6);
      const answers = await Promise.all(customers.map((customer) => order(shop.url, customer, product)));
      expect(answers.map((answer) => answer.status)).toEqual(customers.map(() => 201));
      // the postmaster and its own processes only: one server, whose sessions the two workers share. A postmaster is
      // a server process whose parent is none of them (a backend just forked still wears the postmaster's command line)
      const servers = serverProcesses(cluster);
      const parentOf = (pid: number) => {
        try {
          return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        } catch {
          return undefined; // a session that ended meanwhile
        }
      };
      const postmasters = servers.filter((pid) => {
        const parent = parentOf(pid);
        return parent !== undefined && !servers.includes(parent);
      });
      expect(postmasters).toHaveLength(1);
      const client = new pg.Client(runningEmbeddedPostgres(dataDir)!);
      await client.connect();
      // each worker's catalog cache and job runner (decision 026) listen on sessions of their own
      const listening = async (channel: string) =>
        (await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where query ilike $1`, [`listen %${channel}%`])).rows[0]!.n;
      const catalogListeners = await listening('catalog_changed');
      const jobListeners = await listening('jobs:insert');
      await client.end();
      expect({ catalogListeners, jobListeners }).toEqual({ catalogListeners: 2, jobListeners: 2 });
    } finally {
      await shop.stop();
    }
    expect(await shop.exited).toEqual({ code: 0, signal: null });
    expect(await serversGone(cluster, 5000)).toEqual([]);
  }, 180_000);

  it.runIf(process.getuid?.() === 0)('runs as the user postgres when the shop is root, in a data directory that user may only pass through', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-root-'));
    const shop = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'never' });
    try {
      const cluster = path.join(dataDir, 'postgres');
      const owner = Number(readFileSync(`/proc/${serverProcesses(cluster)[0]}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)![1]);
      const postgres = statSync(cluster);
      expect(owner).not.toBe(0);
      expect([postgres.uid, (postgres.mode & 0o777).toString(8)]).toEqual([owner, '700']);
      const folder = statSync(dataDir);
      expect([folder.uid, folder.gid, (folder.mode & 0o777).toString(8)]).toEqual([0, postgres.gid, '710']);
    } finally {
      await shop.stop();
    }
    expect(await shop.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
