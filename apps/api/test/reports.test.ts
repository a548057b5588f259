// The sales report (PRODUCT section 8), on a database of its own so every figure is the test's orders alone: the
// days are Cairo's (its midnight is 22:00 UTC in winter, 21:00 in summer), an order counts on the day it was placed
// by its status now, revenue is totalPrice, and cancels, deliveries, cash, card and two governorates each show.
import type { OrderStatus } from '@shop/core/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Governorate } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import { cairoDate } from '@shop/core/report-dates';
import type { Product } from '@shop/core/contract/catalog';
import type { App } from '../src/app.ts';
import { toProduct, toUser } from '../src/modules/wire.ts';
import { insertCartItem, insertCategory, insertOrder, insertProduct, insertUser } from '../src/scripts/factories.ts';
import { api } from './client.ts';
import { newOrderBody, appOnEmptyDatabase, unique } from './helpers.ts';

let app: App;
let close: () => Promise<void>;
let admin: { token: string };
let shopper: { id: string; token: string };
let shirt: Product; // EGP 200
let scarf: Product; // EGP 100 less 10%: 90

async function account(role: 'customer' | 'admin') {
  const handle = unique(role).replace(/\s/g, '-');
  const row = await insertUser(app.db, { username: handle, email: `${handle}@example.com`, passwordHash: 'x', role });
  return { id: toUser(row)._id, token: app.signToken(row) };
}

beforeAll(async () => {
  ({ app, close } = await appOnEmptyDatabase());
  const categoryRow = await insertCategory(app.db, { gender: 'women' });
  shirt = toProduct(await insertProduct(app.db, { categoryRow, name: 'Linen Shirt', nameAr: 'قميص كتان', price: 200, disCountPrecent: 0 }));
  scarf = toProduct(await insertProduct(app.db, { categoryRow, name: 'Silk Scarf', price: 100, disCountPrecent: 10 }));
  admin = await account('admin');
  shopper = await account('customer');
});
afterAll(async () => {
  await close?.();
});

const report = (from: string, to: string, token = admin.token) => api('salesReport', { app, query: { from, to }, token });

describe('GET /api/reports/sales', () => {
  it("counts each order on its Cairo day, by its status now, with its totalPrice as revenue", async () => {
    const place = (at: string, lines: { product: Product; quantity: number; size: string }[], status: OrderStatus, Governorate: Governorate, wayForPayment: 'cash' | 'credit' = 'cash') =>
      insertOrder(app.db, shopper.id, lines, { createdAt: new Date(at), status, wayForPayment, billing: { Governorate } });
    // Jan 10 in Cairo runs from 2026-01-09T22:00Z to 2026-01-10T22:00Z
    await place('2026-01-09T21:59:59Z', [{ product: shirt, quantity: 5, size: 'L' }], 'delivered', 'Cairo'); // Jan 9 in Cairo: outside
    await place('2026-01-09T22:00:00Z', [{ product: scarf, quantity: 2, size: 'S' }], 'accepted', 'Cairo'); // 210, Jan 10
    await place('2026-01-10T21:59:59Z', [{ product: shirt, quantity: 2, size: 'M' }], 'delivered', 'Cairo'); // 430, Jan 10
    await place('2026-01-10T22:00:00Z', [{ product: scarf, quantity: 1, size: 'M' }], 'shipped', 'Alexandria', 'credit'); // 120, Jan 11
    await place('2026-01-11T10:00:00Z', [{ product: shirt, quantity: 1, size: 'M' }], 'canceled', 'Cairo'); // 230, canceled
    await place('2026-01-11T22:00:00Z', [{ product: shirt, quantity: 3, size: 'XL' }], 'delivered', 'Giza'); // Jan 12: outside
    // written before a Paymob payment: not placed, in none of the figures, counted apart (PRODUCT section 4)
    await place('2026-01-10T09:00:00Z', [{ product: shirt, quantity: 4, size: 'M' }], 'awaiting-payment', 'Cairo', 'credit');
    await place('2026-01-11T09:00:00Z', [{ product: scarf, quantity: 4, size: 'M' }], 'payment-failed', 'Giza', 'credit');
    await place('2026-01-11T09:30:00Z', [{ product: scarf, quantity: 1, size: 'M' }], 'payment-failed', 'Giza', 'credit');

    const { status, answer } = await report('2026-01-10', '2026-01-11');
    expect(status).toBe(200);
    expect(answer.days).toEqual([
      { date: '2026-01-10', ordersPlaced: 2, ordersDelivered: 1, ordersCanceled: 0, revenuePlaced: 640, revenueDelivered: 430 },
      { date: '2026-01-11', ordersPlaced: 1, ordersDelivered: 0, ordersCanceled: 1, revenuePlaced: 120, revenueDelivered: 0 },
    ]);
    // 760 / 3 = 253.333…: to the piastre
    expect(answer.totals).toEqual({ ordersPlaced: 3, ordersDelivered: 1, ordersCanceled: 1, revenuePlaced: 760, revenueDelivered: 430, averageOrder: 253.33 });
    // pieces at what they sold for: 3 scarves at 90, 2 shirts at 200 (the canceled one is not a sale)
    expect(answer.topProducts).toEqual([
      { product: scarf._id, name: 'Silk Scarf', quantity: 3, revenue: 270 },
      { product: shirt._id, name: 'Linen Shirt', quantity: 2, revenue: 400 },
    ]);
    expect(answer.topSizes).toEqual([{ size: 'M', quantity: 3 }, { size: 'S', quantity: 2 }]);
    expect(answer.byGovernorate).toEqual([{ governorate: 'Cairo', orders: 2, revenue: 640 }, { governorate: 'Alexandria', orders: 1, revenue: 120 }]);
    expect(answer.byPayment).toEqual([{ way: 'cash', orders: 2, revenue: 640 }, { way: 'credit', orders: 1, revenue: 120 }]);
    expect(answer.unpaid).toEqual({ awaitingPayment: 1, paymentFailed: 2 });

    // one day alone, and a day with nothing
    expect((await report('2026-01-11', '2026-01-11')).answer.totals).toMatchObject({ ordersPlaced: 1, ordersCanceled: 1, revenuePlaced: 120 });
    const quiet = (await report('2026-01-05', '2026-01-05')).answer;
    expect(quiet.days).toEqual([{ date: '2026-01-05', ordersPlaced: 0, ordersDelivered: 0, ordersCanceled: 0, revenuePlaced: 0, revenueDelivered: 0 }]);
    expect(quiet.totals.averageOrder).toBe(0);
    expect(quiet.topProducts).toEqual([]);
  });

  it("follows Cairo's summer time: the day starts at 21:00 UTC", async () => {
    const at = (iso: string) => insertOrder(app.db, shopper.id, [{ product: shirt, quantity: 1 }], { createdAt: new Date(iso) });
    await at('2026-07-14T20:59:59Z'); // Jul 14, 23:59:59 in Cairo
    await at('2026-07-14T21:00:00Z'); // Jul 15, 00:00 in Cairo
    await at('2026-07-15T20:59:59Z'); // Jul 15, 23:59:59 in Cairo
    const { answer } = await report('2026-07-15', '2026-07-15');
    expect(answer.totals).toMatchObject({ ordersPlaced: 2, revenuePlaced: 460 });
  });

  it('moves with the orders: placed, delivered and canceled through the API today', async () => {
    const today = cairoDate();
    const before = (await report(today, today)).answer.totals;
    const placeOne = async () => {
      await insertCartItem(app.db, { userId: shopper.id, productId: shirt._id, quantity: 1 });
      const placed = await api('placeOrder', { app, body: newOrderBody([{ product: shirt, quantity: 1 }], { Governorate: 'Giza' }), token: shopper.token });
      expect(placed.status).toBe(201);
      return placed.answer._id;
    };
    const kept = await placeOne();
    const dropped = await placeOne();
    expect((await report(today, today)).answer.totals).toMatchObject({ ordersPlaced: before.ordersPlaced + 2, revenuePlaced: before.revenuePlaced + 460 });

    for (const status of ['shipped', 'delivered'] as const) {
      expect((await api('moveOrder', { app, params: { id: kept }, body: { status }, token: admin.token })).status).toBe(200);
    }
    expect((await api('cancelOrder', { app, params: { id: dropped }, token: shopper.token })).status).toBe(200);
    const after = (await report(today, today)).answer;
    expect(after.totals).toMatchObject({
      ordersPlaced: before.ordersPlaced + 1,
      revenuePlaced: before.revenuePlaced + 230,
      ordersDelivered: before.ordersDelivered + 1,
      revenueDelivered: before.revenueDelivered + 230,
      ordersCanceled: before.ordersCanceled + 1,
    });
    expect(after.byGovernorate).toContainEqual({ governorate: 'Giza', orders: 1, revenue: 230 });
    // a placed order's snapshot names the product in Arabic too
    expect(after.topProducts).toContainEqual({ product: shirt._id, name: 'Linen Shirt', nameAr: 'قميص كتان', quantity: 1, revenue: 200 });
  });

  it('refuses a range that is not one, with a sentence; and anyone but an admin', async () => {
    const refused = async (query: Record<string, string>, message: string) => {
      const response = await api('salesReport', { app, rawQuery: query, token: admin.token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    };
    await refused({ from: '2026-01-11', to: '2026-01-10' }, MESSAGES.reportRangeBackwards);
    await refused({ from: '2024-01-01', to: '2026-01-01' }, MESSAGES.reportRangeTooLong);
    await refused({ from: '2026-02-30', to: '2026-03-01' }, 'from must be a date like 2026-11-26');
    await refused({ from: '2026-01-01' }, 'to is required');
    const customer = await account('customer');
    expect((await report('2026-01-10', '2026-01-11', customer.token)).status).toBe(403);
  });
});
