// Mail owed when the shop dies (issue 27, decision 026), with the shop as a real process on the run's kind of database
// (its own embedded PostgreSQL in DATA_DIR, or a database of its own on the PostgreSQL server): killed with SIGKILL
// right after 50 orders were acknowledged, the next start sends every order's mail, none twice; a mail server down
// across a restart gets every mail once it is back.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '@shop/core/contract/catalog';
import { DEMO_ACCOUNTS } from '../src/scripts/seed.ts';
import { scratchDatabase } from './helpers.ts';
import { startSmtpServer } from './mail-server.ts';
import { call, sleep, startShop, type ShopProcess } from './shop-process.ts';

const embedded = inject('testDatabase') === 'embedded';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The environment of a shop on the run's kind of database; the same one again after a restart. */
async function shopEnvironment(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-jobs-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'always', ...extra };
  if (embedded) return env;
  const database = await scratchDatabase();
  cleanups.push(database.drop);
  return { ...env, DATABASE_URL: database.url };
}

function billing() {
  return { firstName: 'Mona', secondName: 'Hassan', email: 'mona@example.com', phoneNumber: '01012345678', Governorate: 'Giza', city: 'Dokki', address: '5 Nile St.' };
}

/** A product with plenty of stock and `count` customers signed in, on a shop just started. */
async function shopWithCustomers(shop: ShopProcess, count: number) {
  const admin = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).body;
  const created = await call<Product>(shop.url, 'POST', '/api/products/add-product', {
    token: admin.token,
    body: { name: `Queue Tee ${Date.now()}`, description: 'Cotton.', price: 100, disCountPrecent: 0, gender: 'men', category: 'Shirts', sizes: [{ size: 'M', stock: 100_000 }], imageUrls: ['https://cdn.example.com/tee.webp'] },
  });
  expect(created.status).toBe(201);
  const customers: { token: string; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `jobs-${Date.now()}-${i}@example.com`;
    await call(shop.url, 'POST', '/api/auth/register', { body: { username: `jobs${Date.now().toString(36)}${i}`, email, password: 'jobs-test-password' } });
    const login = await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email, password: 'jobs-test-password' } });
    customers.push({ token: login.body.token, email });
  }
  return { product: created.body, customers };
}

/** `each` orders per customer, the customers at once; answers the ids acknowledged (201). */
async function placeOrders(shop: ShopProcess, product: Product, customers: { token: string }[], each: number): Promise<string[]> {
  const acknowledged: string[] = [];
  const total = (product.price + 30).toFixed(2);
  await Promise.all(
    customers.map(async (customer) => {
      for (let i = 0; i < each; i++) {
        await call(shop.url, 'POST', '/api/cart/add-cart', { token: customer.token, body: { product: product._id, quantaty: 1, size: 'M' } });
        const placed = await call<{ _id: string }>(shop.url, 'POST', '/api/orders/new-order', {
          token: customer.token,
          body: { ...billing(), wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
        });
        expect(placed.status).toBe(201);
        acknowledged.push(placed.body._id);
      }
    }),
  );
  return acknowledged;
}

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(200);
    value = await read();
  }
  return value;
}

describe(`mail owed across a crash (${embedded ? 'the embedded PostgreSQL' : 'PostgreSQL'})`, () => {
  it('kill -9 right after 50 acknowledged orders: the next start mails every one of them, none twice', async () => {
    const env = await shopEnvironment();
    const first = await startShop(env);
    let second: ShopProcess | undefined;
    try {
      const { product, customers } = await shopWithCustomers(first, 5);
      const acknowledged = await placeOrders(first, product, customers, 10);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(acknowledged).toHaveLength(50);
      // measured here: 34 to 40 of the 50 mails were written when the kill came; the rest were owed

      second = await startShop({ ...env, SEED_DEMO: 'never' });
      const outbox = path.join(env.DATA_DIR!, 'outbox');
      const placedMails = () => readdirSync(outbox).filter((name) => name.endsWith('-placed.eml'));
      // a job its killed worker held is freed once its lock is seen gone (decision 026: about 20 s at most)
      const mails = await until(placedMails, (names) => names.length >= 50, 60_000);
      await sleep(1_000);
      const mailed = placedMails().map((name) => /-order-([0-9a-f-]{36})-placed\.eml$/.exec(name)![1]!);
      expect(mails.length).toBe(50);
      expect(mailed.sort()).toEqual([...acknowledged].sort());
    } finally {
      first.child.kill('SIGKILL');
      await second?.stop();
    }
  }, 180_000);

  it('a mail server down across a restart: every mail arrives once it is back, once each', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    smtp.mode = 'drop';
    const env = await shopEnvironment({ SMTP_URL: smtp.url, MAIL_FROM: 'shop@shop.test', MAIL_RETRY_DELAYS: '1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s' });
    const first = await startShop(env);
    let second: ShopProcess | undefined;
    try {
      const { product, customers } = await shopWithCustomers(first, 2);
      const acknowledged = await placeOrders(first, product, customers, 5);
      await sleep(1_500);
      expect(first.output()).toMatch(/mail not sent: .*trying again in 1 s/);
      await first.stop();

      second = await startShop({ ...env, SEED_DEMO: 'never' });
      smtp.mode = 'accept';
      const placed = () => smtp.received.filter((mail) => /is placed$/.test(mail.subject ?? ''));
      await until(placed, (mails) => mails.length >= 10, 60_000);
      await sleep(2_000);
      const ids = placed().map((mail) => acknowledged.find((id) => mail.text?.includes(id)));
      expect(ids.sort()).toEqual([...acknowledged].sort());
      expect(new Set(placed().map((mail) => mail.messageId)).size).toBe(10);
      expect(customers.every((customer) => smtp.received.some((mail) => mail.to && [mail.to].flat().some((to) => to.text.includes(customer.email))))).toBe(true);
    } finally {
      await first.stop();
      await second?.stop();
    }
  }, 180_000);
});
