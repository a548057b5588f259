// Shipping with a courier when the shop dies (issue 45, decision 064), with the shop as a real process on its embedded
// PostgreSQL and the local Bosta stand-in: a batch of 30 orders is being sent when Bosta stops answering (it makes the
// deliveries and never says so) and the shop is killed with SIGKILL mid-batch. Afterwards each order has at most one
// Bosta delivery; the batch sent again after the restart gives every order its one delivery, the ones Bosta made
// unanswered included (asked again with the same uniqueBusinessReference, Bosta answers the delivery it made).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '@shop/core/contract/orders';
import type { Product } from '@shop/core/contract/catalog';
import type { ShipmentsAnswer } from '@shop/core/contract/shipping';
import { startBostaTestServer, type BostaTestServer } from '../../../scripts/bosta-test-server.mjs';
import { freePort } from './helpers.ts';
import { call, sleep, startShop, type ShopProcess } from './shop-process.ts';

const ADMIN = { ADMIN_EMAIL: 'bosta-faults-admin@example.com', ADMIN_PASSWORD: 'bosta-faults-password' };
const KEYS = { apiKey: 'bosta-api-key-of-the-faults-shop', pickupLocationId: 'bosta-location-of-the-faults-shop' };
const BATCH = 30;

const shops: ShopProcess[] = [];
let bosta: BostaTestServer | undefined;
afterAll(async () => {
  for (const shop of shops) await shop.stop();
  await bosta?.close();
});

const createCalls = () => bosta!.requests.filter((request) => request.method === 'POST' && request.path === '/api/v2/deliveries').length;
const deliveriesOf = (orderId: string) => [...bosta!.deliveries.values()].filter((delivery) => delivery.uniqueBusinessReference === orderId);

describe.runIf(inject('testDatabase') === 'embedded')('Bosta deliveries across a crash', () => {
  it('a batch of 30 killed with -9 while Bosta times out: at most one delivery each, and one each after the retry', async () => {
    bosta = await startBostaTestServer(KEYS);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bosta-'));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'never',
      ...ADMIN,
      BOSTA_API_KEY: KEYS.apiKey,
      BOSTA_WEBHOOK_SECRET: 'bosta-webhook-secret-of-the-faults-shop',
      BOSTA_PICKUP_LOCATION_ID: KEYS.pickupLocationId,
      BOSTA_BASE_URL: bosta.url,
      BOSTA_TIMEOUT: '2s',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    const first = await startShop(env, { port });
    shops.push(first);
    const admin = (await call<{ token: string }>(first.url, 'POST', '/api/auth/login', { body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } })).body;
    // cash orders here need no call before they ship
    expect((await call(first.url, 'PUT', '/api/settings', { token: admin.token, body: { orders: { confirmCash: false } } })).status).toBe(200);
    await call(first.url, 'POST', '/api/categories/add-category', { token: admin.token, body: { title: 'Parcels', gender: 'women' } });
    const product = (await call<Product>(first.url, 'POST', '/api/products/add-product', {
      token: admin.token,
      body: { name: `Sent-once scarf ${Date.now()}`, description: 'One parcel each.', price: 250, disCountPrecent: 0, gender: 'women', category: 'Parcels', sizes: [{ size: 'M', stock: 100 }], imageUrls: ['https://cdn.example.com/scarf.webp'] },
    })).body;
    const email = `bosta-buyer-${Date.now()}@example.com`;
    await call(first.url, 'POST', '/api/auth/register', { body: { username: `buyer${Date.now().toString(36)}`, email, password: 'bosta-faults-password' } });
    const buyer = (await call<{ token: string }>(first.url, 'POST', '/api/auth/login', { body: { email, password: 'bosta-faults-password' } })).body;
    const ids: string[] = [];
    for (let i = 0; i < BATCH; i++) {
      await call(first.url, 'POST', '/api/cart/add-cart', { token: buyer.token, body: { product: product._id, quantaty: 1, size: 'M' } });
      const placed = await call<Order>(first.url, 'POST', '/api/orders/new-order', {
        token: buyer.token,
        body: { firstName: 'Salma', secondName: 'Adel', email, phoneNumber: '01012345678', Governorate: 'Giza', city: 'Dokki', address: '9 Tahrir St.', wayForPayment: 'cash', totalPrice: '280.00', productId: [product._id], quantaties: [1] },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      ids.push(placed.body._id);
    }

    // ten answered, then Bosta makes each delivery and never answers; the shop dies with the twelfth in Bosta's hands
    bosta.failNext('create', 10, 'none');
    bosta.failNext('create', 2, 'timeout');
    const batch = call<ShipmentsAnswer>(first.url, 'POST', '/api/shipments', { token: admin.token, body: { orders: ids } }).catch(() => null);
    const until = Date.now() + 60_000;
    while (createCalls() < 12 && Date.now() < until) await sleep(50);
    expect(createCalls()).toBeGreaterThanOrEqual(12);
    first.child.kill('SIGKILL');
    await first.exited;
    await batch;
    expect(ids.every((id) => deliveriesOf(id).length <= 1)).toBe(true);
    expect(ids.filter((id) => deliveriesOf(id).length === 1).length).toBeGreaterThanOrEqual(12);
    expect(ids.filter((id) => deliveriesOf(id).length === 0).length).toBeGreaterThan(0);

    // Bosta answers again; the same batch, sent again after the restart, gives each order its one delivery
    const next = await startShop(env, { port });
    shops.push(next);
    const retry = await call<ShipmentsAnswer>(next.url, 'POST', '/api/shipments', { token: admin.token, body: { orders: ids } });
    expect(retry.status).toBe(200);
    const failed = retry.body.results.filter((result) => !result.ok);
    expect(failed, JSON.stringify(failed)).toEqual([]);
    for (const id of ids) {
      expect(deliveriesOf(id), id).toHaveLength(1);
      const order = (await call<Order>(next.url, 'GET', `/api/orders/single/${id}`, { token: admin.token })).body;
      expect(order.shipment).toMatchObject({ courier: 'bosta', state: 'created', trackingNumber: deliveriesOf(id)[0]!.trackingNumber, cod: 280 });
    }
  }, 240_000);
});
