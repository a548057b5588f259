// Confirming cash orders by WhatsApp when things fail at once (issue 44, decision 063), with the shop as a real
// process on its embedded PostgreSQL and the Cloud API's stand-in (scripts/whatsapp-test-server.mjs): WhatsApp is
// unreachable while 20 cash orders are placed, and the shop is killed with SIGKILL after the tenth. After the restart
// and WhatsApp's return, every order's shopper gets exactly one message, none twice: the messages were jobs committed
// with their orders, and each is sent once and recorded on its order.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '@shop/core/contract/orders';
import type { Product } from '@shop/core/contract/catalog';
import { startWhatsAppTestServer, WHATSAPP_TEST_DEFAULTS, type WhatsAppTestServer } from '../../../scripts/whatsapp-test-server.mjs';
import { freePort, newOrderBody } from './helpers.ts';
import { call, sleep, startShop, type ShopProcess } from './shop-process.ts';

const ADMIN = { ADMIN_EMAIL: 'whatsapp-faults-admin@example.com', ADMIN_PASSWORD: 'whatsapp-faults-password' };
const ORDERS = 20;

const shops: ShopProcess[] = [];
let stand: WhatsAppTestServer | undefined;
afterAll(async () => {
  for (const shop of shops) await shop.stop();
  await stand?.close();
});

describe.runIf(inject('testDatabase') === 'embedded')('WhatsApp messages across an outage and a crash', () => {
  it('sends each of 20 cash orders exactly one message after WhatsApp was away and the shop was killed -9 midway', async () => {
    stand = await startWhatsAppTestServer();
    stand.down = true;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-whatsapp-'));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'never',
      ...ADMIN,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      META_GRAPH_URL: stand.url,
      WHATSAPP_TOKEN: stand.token,
      WHATSAPP_PHONE_NUMBER_ID: stand.phoneNumberId,
      WHATSAPP_APP_SECRET: stand.appSecret,
      WHATSAPP_VERIFY_TOKEN: WHATSAPP_TEST_DEFAULTS.verifyToken,
      WHATSAPP_TEMPLATE: WHATSAPP_TEST_DEFAULTS.template,
    };
    let shop = await startShop(env, { port });
    shops.push(shop);
    const admin = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } })).body.token;
    await call(shop.url, 'POST', '/api/categories/add-category', { token: admin, body: { title: 'Outage', gender: 'women' } });
    const product = (await call<Product>(shop.url, 'POST', '/api/products/add-product', {
      token: admin,
      body: { name: `Outage-proof scarf ${Date.now()}`, description: 'Asked once.', price: 250, disCountPrecent: 0, gender: 'women', category: 'Outage', sizes: [{ size: 'M', stock: 100 }], imageUrls: ['https://cdn.example.com/scarf.webp'] },
    })).body;
    const email = `whatsapp-faults-${Date.now()}@example.com`;
    await call(shop.url, 'POST', '/api/auth/register', { body: { username: `shopper${Date.now().toString(36)}`, email, password: 'whatsapp-faults-password' } });

    const placed: Order[] = [];
    const placeOrder = async (index: number) => {
      const token = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email, password: 'whatsapp-faults-password' } })).body.token;
      expect((await call(shop.url, 'POST', '/api/cart/add-cart', { token, body: { product: product._id, quantaty: 1, size: 'M' } })).status).toBe(201);
      const answer = await call<Order>(shop.url, 'POST', '/api/orders/new-order', {
        token,
        body: newOrderBody([{ product, quantity: 1 }], { email, phoneNumber: `0101${String(index).padStart(7, '0')}` }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.confirmation?.status).toBe('pending');
      placed.push(answer.body);
    };

    for (let index = 0; index < ORDERS / 2; index++) await placeOrder(index);
    // the messages' first tries failed against a WhatsApp that cuts every connection; the shop dies in the middle
    const firstTries = Date.now() + 10_000;
    while (stand.cut < ORDERS / 2 && Date.now() < firstTries) await sleep(100);
    expect(stand.cut).toBeGreaterThanOrEqual(ORDERS / 2);
    shop.child.kill('SIGKILL');
    await shop.exited;
    shop = await startShop(env, { port });
    shops.push(shop);
    for (let index = ORDERS / 2; index < ORDERS; index++) await placeOrder(index);
    await sleep(1_000);
    expect(stand.sent).toHaveLength(0);
    expect(stand.cut).toBeGreaterThanOrEqual(ORDERS);

    // WhatsApp is back: the queue's next tries (its backoff, e^n seconds) send each order's message
    stand.down = false;
    const sentFor = (order: Order) => stand!.sent.filter((message) => message.payloads[0] === `confirm:${order._id}`);
    const until = Date.now() + 120_000;
    while (Date.now() < until && placed.some((order) => sentFor(order).length === 0)) await sleep(500);
    // a moment more: a second message for any of them would come now
    await sleep(3_000);
    expect(placed.map((order) => sentFor(order).length)).toEqual(placed.map(() => 1));
    expect(stand.sent).toHaveLength(ORDERS);
    for (const order of placed) expect(sentFor(order)[0]!.to).toBe(`2${order.phoneNumber}`);

    // each order records its one message, and waits for the shopper's answer
    const desk = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } })).body.token;
    for (const order of placed) {
      const now = (await call<Order>(shop.url, 'GET', `/api/orders/single/${order._id}`, { token: desk })).body;
      expect(now.status).toBe('accepted');
      expect(now.confirmation!.status).toBe('pending');
      expect(now.confirmation!.attempts.filter((attempt) => attempt.channel === 'whatsapp' && attempt.outcome === 'sent')).toHaveLength(1);
    }
  }, 240_000);
});
