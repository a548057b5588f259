// Paymob's payments when the shop dies (issue 30, decision 043), with the shop as a real process on its embedded
// PostgreSQL and the local Paymob test server: killed with SIGKILL while a paid order's callback was in its hands
// (arrived, not answered) and while another order held its pieces unpaid, the next start places the paid order once
// (Paymob asked at the hold's end) and releases the unpaid one.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { CheckoutAnswer, Order } from '@shop/core/contract/orders';
import type { Product } from '@shop/core/contract/catalog';
import { startPaymobTestServer, type PaymobTestServer } from '../../../scripts/paymob-test-server.mjs';
import { freePort } from './helpers.ts';
import { call, sleep, startShop, type ShopProcess } from './shop-process.ts';

const ADMIN = { ADMIN_EMAIL: 'paymob-faults-admin@example.com', ADMIN_PASSWORD: 'paymob-faults-password' };
const KEYS = { secretKey: 'egy_sk_test_faults', apiKey: 'paymob-api-key-of-the-faults-shop', publicKey: 'egy_pk_test_faults', hmacSecret: 'hmac-secret-of-the-faults-shop', integrations: { card: 301, wallet: 302 } };

const shops: ShopProcess[] = [];
let paymob: PaymobTestServer | undefined;
afterAll(async () => {
  for (const shop of shops) await shop.stop();
  await paymob?.close();
});

function billing(email: string) {
  return { firstName: 'Salma', secondName: 'Adel', email, phoneNumber: '01012345678', Governorate: 'Cairo', city: 'Nasr City', address: '9 Abbas St.' };
}

async function customer(shop: ShopProcess, product: Product, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  await call(shop.url, 'POST', '/api/auth/register', { body: { username: `${name}${Date.now().toString(36)}`, email, password: 'paymob-faults-password' } });
  const login = await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email, password: 'paymob-faults-password' } });
  await call(shop.url, 'POST', '/api/cart/add-cart', { token: login.body.token, body: { product: product._id, quantaty: 1, size: 'M' } });
  return login.body.token;
}

describe.runIf(inject('testDatabase') === 'embedded')('Paymob payments across a crash', () => {
  it('places the paid order once and releases the unpaid one after a kill -9 in the middle of both', async () => {
    paymob = await startPaymobTestServer(KEYS);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-paymob-'));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'never',
      ...ADMIN,
      PAYMENT_PROVIDER: 'paymob',
      PAYMOB_SECRET_KEY: KEYS.secretKey,
      PAYMOB_API_KEY: KEYS.apiKey,
      PAYMOB_PUBLIC_KEY: KEYS.publicKey,
      PAYMOB_HMAC_SECRET: KEYS.hmacSecret,
      PAYMOB_INTEGRATIONS: 'card:301,wallet:302',
      PAYMOB_BASE_URL: paymob.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // long enough for the kill and the restart, short enough to wait for
      PAYMENT_HOLD_MINUTES: '0.4',
    };
    const first = await startShop(env, { port });
    shops.push(first);
    const admin = (await call<{ token: string }>(first.url, 'POST', '/api/auth/login', { body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } })).body;
    await call(first.url, 'POST', '/api/categories/add-category', { token: admin.token, body: { title: 'Faults', gender: 'women' } });
    const product = (await call<Product>(first.url, 'POST', '/api/products/add-product', {
      token: admin.token,
      body: { name: `Crash-proof abaya ${Date.now()}`, description: 'Paid once.', price: 900, disCountPrecent: 0, gender: 'women', category: 'Faults', sizes: [{ size: 'M', stock: 10 }], imageUrls: ['https://cdn.example.com/abaya.webp'] },
    })).body;
    const payer = await customer(first, product, 'payer');
    const leaver = await customer(first, product, 'leaver');
    const checkout = async (token: string, method: 'card' | 'wallet') => {
      const answer = await call<CheckoutAnswer>(first.url, 'POST', '/api/orders/checkout', { token, body: { ...billing('faults@example.com'), method } });
      expect(answer.status).toBe(201);
      return answer.body.order;
    };
    const paid = await checkout(payer, 'card');
    const unpaid = await checkout(leaver, 'wallet');

    // the payment is made; its callback reaches a shop that is frozen, then killed before it answers
    paymob.callbackMode = 'held';
    await paymob.pay(paid._id, 'paid');
    first.child.kill('SIGSTOP');
    const delivered = paymob.releaseCallbacks();
    await sleep(500);
    first.child.kill('SIGKILL');
    await first.exited;
    await delivered;
    paymob.callbackMode = 'immediate';
    expect(paymob.sentCallbacks.at(-1)!.status).not.toBe(200);

    const next = await startShop(env, { port });
    shops.push(next);
    const orderOf = async (id: string, token: string) => (await call<Order>(next.url, 'GET', `/api/orders/single/${id}`, { token })).body;
    // the holds end (a job of the queue, which survived the kill): Paymob is asked, and says which one was paid
    const until = Date.now() + 60_000;
    let states: string[] = [];
    while (Date.now() < until) {
      states = [(await orderOf(paid._id, payer)).status, (await orderOf(unpaid._id, leaver)).status];
      if (states[0] !== 'awaiting-payment' && states[1] !== 'awaiting-payment') break;
      await sleep(500);
    }
    expect(states).toEqual(['accepted', 'payment-failed']);
    const placed = await orderOf(paid._id, payer);
    expect(placed.history.filter((change) => change.status === 'accepted')).toEqual([expect.objectContaining({ by: 'system' })]);
    const stock = (await call<Product>(next.url, 'GET', `/api/products/${product._id}`)).body.sizes?.find((size) => size.size === 'M')?.stock;
    expect(stock).toBe(9);
    // the placed order's mail, once; none for the released one
    const outbox = path.join(dataDir, 'outbox');
    const waitFor = Date.now() + 15_000;
    const mails = () => (existsSync(outbox) ? readdirSync(outbox) : []).map((file) => readFileSync(path.join(outbox, file), 'utf8'));
    while (Date.now() < waitFor && !mails().some((mail) => mail.includes(paid._id.slice(0, 8)))) await sleep(250);
    expect(mails().filter((mail) => mail.includes(paid._id.slice(0, 8)))).toHaveLength(1);
    expect(mails().filter((mail) => mail.includes(unpaid._id.slice(0, 8)))).toHaveLength(0);
  }, 180_000);
});
