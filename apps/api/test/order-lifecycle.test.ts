// The order lifecycle (PRODUCT section 7): accepted → shipped → delivered, or canceled from accepted or shipped.
// Every move and every refused move, the customer's own cancel, the refund of a paid card order (once, even with
// two cancels at the same moment), the stock given back (once), the admin's status filter, and migration 0002.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PLACED_STATUSES, type OrderStatus, type PlacedStatus } from '@shop/core/order-status';
import type { Product, SizeStock } from '@shop/core/contract/catalog';
import type { App } from '../src/app.ts';
import { orders, payments, productSizes } from '../src/db/schema.ts';
import { api } from './client.ts';
import { buildAppWith, createAdmin, createCartItem, createOrder, createProduct, createUser, getApp, newOrderBody, scratchDatabase } from './helpers.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;

const apps: App[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** An app of its own whose provider's refunds are counted (and, when `failures` > 0, fail that many times first). */
async function appCountingRefunds(failures = 0) {
  const app = await buildAppWith({});
  apps.push(app);
  const refunds: string[] = [];
  const real = app.payments.refund.bind(app.payments);
  let toFail = failures;
  app.payments.refund = async (paymentId) => {
    refunds.push(paymentId);
    if (toFail > 0) {
      toFail--;
      throw new Error('the provider is unreachable');
    }
    await real(paymentId);
  };
  return { app, refunds };
}

async function orderOf(shopper: Shopper, status: OrderStatus = 'accepted', product?: Product) {
  return createOrder(shopper.user, [{ product: product ?? (await createProduct()), quantity: 1 }], { status });
}

async function stored(orderId: string) {
  const [row] = await (await getApp()).db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function paymentStatus(app: App, paymentId: string) {
  const [row] = await app.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  return row!.status;
}

/** A card order placed as the checkout places it: cart, sandbox payment confirmed, order. */
async function paidCardOrder(app: App, shopper: Shopper, product?: Product, size?: string) {
  const item = product ?? (await createProduct({ price: 250 }));
  await createCartItem(shopper.user, item, 2, size);
  const started = await api('createPayment', { app, token: shopper.token, body: {} });
  const { client_secret: clientSecret, paymentIntentId } = started.answer;
  const confirmed = await api('confirmSandboxPayment', {
    app,
    token: shopper.token,
    body: { client_secret: clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect(confirmed.status).toBe(200);
  const placed = await api('placeOrder', {
    app,
    token: shopper.token,
    body: newOrderBody([{ product: item, quantity: 2 }], { wayForPayment: 'credit', paymentIntentId }),
  });
  expect(placed.status).toBe(201);
  expect(await paymentStatus(app, paymentIntentId)).toBe('succeeded');
  return { order: placed.answer, paymentIntentId };
}

describe('PUT /api/orders/status/{id}: the moves an admin makes', () => {
  it('ships, then delivers: each move answers the order with its status, its history and a sentence', async () => {
    const admin = await createAdmin();
    const order = await orderOf(await createUser());
    expect(order.history).toEqual([{ status: 'accepted', at: order.createdAt }]);

    const shipped = await api('moveOrder', { params: { id: order._id }, body: { status: 'shipped' }, token: admin.token });
    expect(shipped.status).toBe(200);
    expect(shipped.answer).toMatchObject({ _id: order._id, status: 'shipped', isCanceled: false, message: 'Order has been marked as shipped' });
    expect(shipped.answer.history.map((change) => change.status)).toEqual(['accepted', 'shipped']);

    const delivered = await api('moveOrder', { params: { id: order._id }, body: { status: 'delivered' }, token: admin.token });
    expect(delivered.status).toBe(200);
    expect(delivered.answer).toMatchObject({ status: 'delivered', isCanceled: false, message: 'Order has been marked as delivered' });
    const history = delivered.answer.history;
    expect(history.map((change) => change.status)).toEqual(['accepted', 'shipped', 'delivered']);
    const times = history.map((change) => Date.parse(change.at));
    expect(times.every((time, index) => index === 0 || time >= times[index - 1]!)).toBe(true);
    expect(Date.now() - times[2]!).toBeLessThan(60_000);

    // the customer reads the same status and history
    const seen = await api('getOrder', { params: { orderId: order._id }, token: admin.token });
    expect(seen.answer).toMatchObject({ status: 'delivered', history });
  });

  it('cancels from accepted and from shipped; isCanceled is true exactly then', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    for (const from of ['accepted', 'shipped'] as const) {
      const order = await orderOf(shopper, from);
      expect(order.isCanceled).toBe(false);
      const canceled = await api('moveOrder', { params: { id: order._id }, body: { status: 'canceled' }, token: admin.token });
      expect(canceled.status).toBe(200);
      expect(canceled.answer).toMatchObject({ status: 'canceled', isCanceled: true, message: 'Order has been canceled' });
      expect(canceled.answer.history.map((change) => change.status)).toEqual([...order.history.map((change) => change.status), 'canceled']);
      expect(await stored(order._id)).toMatchObject({ status: 'canceled', isCanceled: true });
    }
  });

  const refusals: [PlacedStatus, PlacedStatus, string][] = [
    ['accepted', 'accepted', 'This order is already accepted'],
    ['accepted', 'delivered', 'An order must be shipped before it is delivered'],
    ['shipped', 'accepted', 'A shipped order cannot go back to accepted'],
    ['shipped', 'shipped', 'This order is already shipped'],
    ['delivered', 'accepted', 'A delivered order cannot go back to accepted'],
    ['delivered', 'shipped', 'A delivered order cannot be shipped'],
    ['delivered', 'delivered', 'This order is already delivered'],
    ['delivered', 'canceled', 'A delivered order cannot be canceled'],
    ['canceled', 'accepted', 'A canceled order cannot go back to accepted'],
    ['canceled', 'shipped', 'A canceled order cannot be shipped'],
    ['canceled', 'delivered', 'A canceled order cannot be delivered'],
    ['canceled', 'canceled', 'This order is already canceled'],
  ];

  it('lists every move that is not allowed (and only those) below', () => {
    const allowed = ['accepted>shipped', 'accepted>canceled', 'shipped>delivered', 'shipped>canceled'];
    // the moves an admin may ask for, between SPEC's statuses (awaiting-payment and payment-failed: paymob.test.ts)
    const everyPair = PLACED_STATUSES.flatMap((from) => PLACED_STATUSES.map((to) => `${from}>${to}`));
    expect(refusals.map(([from, to]) => `${from}>${to}`).sort()).toEqual(everyPair.filter((pair) => !allowed.includes(pair)).sort());
  });

  it.each(refusals)('refuses %s → %s with 409 "%s", and the order stays as it was', async (from, to, sentence) => {
    const admin = await createAdmin();
    const order = await orderOf(await createUser(), from);
    const before = await stored(order._id);
    const response = await api('moveOrder', { params: { id: order._id }, body: { status: to }, token: admin.token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: sentence });
    expect(await stored(order._id)).toEqual(before);
  });

  it('refuses a status that does not exist (400), and answers 404 for an unknown order', async () => {
    const admin = await createAdmin();
    const order = await orderOf(await createUser());
    for (const status of ['returned', '', 'SHIPPED']) {
      const response = await api('moveOrder', { params: { id: order._id }, payload: { status }, token: admin.token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'status must be one of accepted, shipped, delivered, canceled' });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-order']) {
      const response = await api('moveOrder', { params: { id }, body: { status: 'shipped' }, token: admin.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Order not found' });
    }
    expect((await stored(order._id)).status).toBe('accepted');
  });

  it("is for the shop's staff and admins: a customer, the owner included, gets 403 and the order stays accepted", async () => {
    const shopper = await createUser();
    const order = await orderOf(shopper);
    const response = await api('moveOrder', { params: { id: order._id }, body: { status: 'shipped' }, token: shopper.token });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: "Only the shop's staff can do this" });
    expect((await stored(order._id)).status).toBe('accepted');
  });
});

describe('PUT /api/orders/cancel/{id}: SPEC\'s cancel, for the admin and now the customer', () => {
  it('lets a customer cancel their own accepted order, answering their own orders (X-Total-Count theirs)', async () => {
    const shopper = await createUser();
    const older = await orderOf(shopper);
    const order = await orderOf(shopper);
    await orderOf(await createUser());
    const response = await api('cancelOrder', { params: { id: order._id }, token: shopper.token });
    expect(response.status).toBe(200);
    expect(response.answer.map((each) => each._id).sort()).toEqual([older._id, order._id].sort());
    expect(response.answer.find((each) => each._id === order._id)).toMatchObject({ status: 'canceled', isCanceled: true });
    expect(response.headers['x-total-count']).toBe('2');
    expect((await stored(older._id)).status).toBe('accepted');
  });

  it.each([
    ['shipped', 'This order has been shipped and can no longer be canceled'],
    ['delivered', 'A delivered order cannot be canceled'],
    ['canceled', 'This order is already canceled'],
  ] as const)('refuses a customer\'s cancel of their %s order with 409 "%s"', async (from, sentence) => {
    const shopper = await createUser();
    const order = await orderOf(shopper, from);
    const response = await api('cancelOrder', { params: { id: order._id }, token: shopper.token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: sentence });
    expect((await stored(order._id)).status).toBe(from);
  });

  it('lets an admin cancel a shipped order with SPEC\'s call too, and refuses a delivered one', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const shipped = await orderOf(shopper, 'shipped');
    expect((await api('cancelOrder', { params: { id: shipped._id }, token: admin.token })).status).toBe(200);
    expect(await stored(shipped._id)).toMatchObject({ status: 'canceled', isCanceled: true });
    const delivered = await orderOf(shopper, 'delivered');
    const refused = await api('cancelOrder', { params: { id: delivered._id }, token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'A delivered order cannot be canceled' });
  });
});

describe('canceling gives the stock back, once, on every path', () => {
  const SIZES: SizeStock[] = [{ size: 'M', stock: 5 }, { size: 'L', stock: null }];
  const stockOf = async (product: Product) => (await api('getProduct', { params: { x: product._id } })).answer.sizes;

  async function placedOrder(shopper: Shopper, product: Product) {
    await createCartItem(shopper.user, product, 2, 'M');
    await createCartItem(shopper.user, product, 1, 'L');
    const lines = [{ product, quantity: 3 }];
    const placed = await api('placeOrder', { token: shopper.token, body: newOrderBody(lines) });
    expect(placed.status).toBe(201);
    return placed.answer;
  }

  it.each([
    ['the admin\'s move from accepted', 'admin-status', 'accepted'],
    ['the admin\'s move from shipped', 'admin-status', 'shipped'],
    ['SPEC\'s cancel by the admin', 'admin-cancel', 'accepted'],
    ['the customer\'s cancel', 'customer-cancel', 'accepted'],
  ] as const)('%s gives the pieces back; a second cancel gives nothing more', async (_name, path, from) => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const product = await createProduct({ sizes: SIZES });
    const order = await placedOrder(shopper, product);
    expect(await stockOf(product)).toEqual([{ size: 'M', stock: 3 }, { size: 'L', stock: null }]);
    if (from === 'shipped') expect((await api('moveOrder', { params: { id: order._id }, body: { status: 'shipped' }, token: admin.token })).status).toBe(200);

    const cancel = () =>
      path === 'admin-status'
        ? api('moveOrder', { params: { id: order._id }, body: { status: 'canceled' }, token: admin.token })
        : api('cancelOrder', { params: { id: order._id }, token: path === 'admin-cancel' ? admin.token : shopper.token });
    expect((await cancel()).status).toBe(200);
    expect(await stockOf(product)).toEqual([{ size: 'M', stock: 5 }, { size: 'L', stock: null }]);
    expect((await cancel()).status).toBe(409);
    expect((await api('cancelOrder', { params: { id: order._id }, token: admin.token })).status).toBe(409);
    expect(await stockOf(product)).toEqual([{ size: 'M', stock: 5 }, { size: 'L', stock: null }]);
  });

  it('shipping and delivering leave the stock alone', async () => {
    const admin = await createAdmin();
    const product = await createProduct({ sizes: SIZES });
    const order = await placedOrder(await createUser(), product);
    for (const status of ['shipped', 'delivered'] as const) {
      expect((await api('moveOrder', { params: { id: order._id }, body: { status }, token: admin.token })).status).toBe(200);
    }
    expect(await stockOf(product)).toEqual([{ size: 'M', stock: 3 }, { size: 'L', stock: null }]);
  });
});

describe('canceling a paid card order refunds it through the provider, once', () => {
  it('refunds on the admin\'s cancel and says so; a cash order has nothing to refund', async () => {
    const { app, refunds } = await appCountingRefunds();
    const admin = await createAdmin();
    const shopper = await createUser();
    const { order, paymentIntentId } = await paidCardOrder(app, shopper);
    const canceled = await api('moveOrder', { app, params: { id: order._id }, body: { status: 'canceled' }, token: admin.token });
    expect(canceled.status).toBe(200);
    expect(canceled.answer.message).toBe('Order has been canceled and the card payment refunded');
    expect(refunds).toEqual([paymentIntentId]);
    expect(await paymentStatus(app, paymentIntentId)).toBe('refunded');

    const cash = await orderOf(shopper);
    const cashCanceled = await api('moveOrder', { app, params: { id: cash._id }, body: { status: 'canceled' }, token: admin.token });
    expect(cashCanceled.answer.message).toBe('Order has been canceled');
    expect(refunds).toEqual([paymentIntentId]);
  });

  it('refunds on the customer\'s own cancel', async () => {
    const { app, refunds } = await appCountingRefunds();
    const shopper = await createUser();
    const { order, paymentIntentId } = await paidCardOrder(app, shopper);
    const canceled = await api('cancelOrder', { app, params: { id: order._id }, token: shopper.token });
    expect(canceled.status).toBe(200);
    expect(refunds).toEqual([paymentIntentId]);
    expect(await paymentStatus(app, paymentIntentId)).toBe('refunded');
  });

  it('does not refund on shipping or delivering', async () => {
    const { app, refunds } = await appCountingRefunds();
    const admin = await createAdmin();
    const { order, paymentIntentId } = await paidCardOrder(app, await createUser());
    for (const status of ['shipped', 'delivered'] as const) {
      expect((await api('moveOrder', { app, params: { id: order._id }, body: { status }, token: admin.token })).status).toBe(200);
    }
    expect(refunds).toEqual([]);
    expect(await paymentStatus(app, paymentIntentId)).toBe('succeeded');
  });

  // The requests really overlap (a pool of connections); the order's row lock makes the second wait and then find
  // the order canceled.
  it('refunds once and gives the stock back once when the admin and the customer cancel at the same moment (20 rounds)', async () => {
    const { app, refunds } = await appCountingRefunds();
    const admin = await createAdmin();
    const product = await createProduct({ price: 250, sizes: [{ size: 'M', stock: 1000 }] });
    // read from the table: the catalog's cached answers may show counts above LOW_STOCK_MAX a little late (decision 011)
    const stock = async () => (await app.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, product._id)))[0]!.stock;
    for (let round = 0; round < 20; round++) {
      const shopper = await createUser();
      const { order, paymentIntentId } = await paidCardOrder(app, shopper, product, 'M');
      const before = await stock();
      const answers = await Promise.all([
        api('moveOrder', { app, params: { id: order._id }, body: { status: 'canceled' }, token: admin.token }),
        api('cancelOrder', { app, params: { id: order._id }, token: shopper.token }),
        api('cancelOrder', { app, params: { id: order._id }, token: admin.token }),
      ]);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 409, 409]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body).toEqual({ message: 'This order is already canceled' });
      }
      expect(refunds.filter((id) => id === paymentIntentId), `round ${round}`).toHaveLength(1);
      expect(await paymentStatus(app, paymentIntentId)).toBe('refunded');
      expect(await stock()).toBe(before! + 2);
      expect((await stored(order._id)).history.filter((change) => change.status === 'canceled')).toHaveLength(1);
    }
    expect(refunds).toHaveLength(20);
  }, 120_000);

  it('keeps the order canceled when the provider fails, and the queue refunds it on a later try, still once', async () => {
    const { app, refunds } = await appCountingRefunds(1);
    const admin = await createAdmin();
    const shopper = await createUser();
    const { order, paymentIntentId } = await paidCardOrder(app, shopper);
    const canceled = await api('moveOrder', { app, params: { id: order._id }, body: { status: 'canceled' }, token: admin.token });
    expect(canceled.status).toBe(200);
    expect(canceled.answer.message).toBe('Order has been canceled; the refund to the card will follow shortly');
    expect(await paymentStatus(app, paymentIntentId)).toBe('refunding');
    expect((await stored(order._id)).status).toBe('canceled');

    // with no shopper action, the job queue tries the refund again (its backoff: about 3 s after the first try)
    await expect.poll(() => paymentStatus(app, paymentIntentId), { timeout: 20_000 }).toBe('refunded');
    expect(refunds).toEqual([paymentIntentId, paymentIntentId]);
    // the customer's next card payment refunds it no more
    await createCartItem(shopper.user, await createProduct({ price: 100 }), 1);
    expect((await api('createPayment', { app, token: shopper.token, body: {} })).status).toBe(200);
    await app.jobs.idle();
    expect(refunds).toHaveLength(2);
  });
});

describe('GET /api/orders?status=: the admin\'s filter', () => {
  it('answers only the orders in that status, counted; blank is every order; an unknown status is 400', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const mine = new Map<OrderStatus, string>();
    for (const status of ORDER_STATUSES) mine.set(status, (await orderOf(shopper, status))._id);
    for (const status of ORDER_STATUSES) {
      const response = await api('listOrders', { query: { status, limit: 100 }, token: admin.token });
      expect(response.status).toBe(200);
      expect(response.answer.every((order) => order.status === status)).toBe(true);
      expect(response.answer.map((order) => order._id)).toContain(mine.get(status));
      expect(Number(response.headers['x-total-count'])).toBe(await (await getApp()).db.$count(orders, eq(orders.status, status)));
    }
    const all = await api('listOrders', { rawQuery: { status: '' }, token: admin.token });
    expect(Number(all.headers['x-total-count'])).toBe(await (await getApp()).db.$count(orders));
    const bad = await api('listOrders', { rawQuery: { status: 'lost' }, token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'status must be one of accepted, shipped, delivered, canceled, awaiting-payment, payment-failed' });
  });
});

describe('migration 0002_status_and_history', () => {
  const statements = (file: string) =>
    readFileSync(path.resolve(import.meta.dirname, '../src/db/migrations', file), 'utf8').split('--> statement-breakpoint');

  it('gives existing orders their status and a history from their creation, and keeps status and isCanceled agreeing', async () => {
    const scratch = await scratchDatabase();
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    try {
      for (const file of ['0000_init.sql', '0001_sizes_and_stock.sql']) for (const statement of statements(file)) await db.query(statement);
      await db.query(`
        insert into users (id, username, email, password_hash) values ('00000000-0000-4000-8000-000000000001', 'mona', 'mona@example.com', 'x');
        insert into orders (id, user_id, first_name, second_name, email, phone_number, governorate, city, address, way_for_payment, total_piastres, lines, is_canceled, created_at)
          values
          ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'M', 'H', 'm@example.com', '0101', 'Cairo', 'Giza', 'St', 'cash', 103000, '[]', false, '2026-11-01T10:00:00.123Z'),
          ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'M', 'H', 'm@example.com', '0101', 'Cairo', 'Giza', 'St', 'cash', 103000, '[]', true, '2026-11-02T10:00:00Z');
        insert into idempotency_keys (user_id, key, request_hash, status_code, response_body)
          values ('00000000-0000-4000-8000-000000000001', 'key-12345', 'h', 201, '{"_id":"00000000-0000-4000-8000-00000000000a","isCanceled":false,"createdAt":"2026-11-01T10:00:00.123Z","products":[]}');
      `);
      for (const statement of statements('0002_status_and_history.sql')) await db.query(statement);
      const rows = (await db.query<{ status: string; is_canceled: boolean; history: unknown }>('select status, is_canceled, history from orders order by created_at')).rows;
      expect(rows).toEqual([
        { status: 'accepted', is_canceled: false, history: [{ status: 'accepted', at: '2026-11-01T10:00:00.123Z' }] },
        {
          status: 'canceled',
          is_canceled: true,
          history: [{ status: 'accepted', at: '2026-11-02T10:00:00.000Z' }, { status: 'canceled', at: '2026-11-02T10:00:00.000Z' }],
        },
      ]);
      const [replay] = (await db.query<{ response_body: Record<string, unknown> }>('select response_body from idempotency_keys')).rows;
      expect(replay!.response_body).toMatchObject({ status: 'accepted', history: [{ status: 'accepted', at: '2026-11-01T10:00:00.123Z' }] });
      // the CHECKs: a status the shop does not know, or isCanceled disagreeing with the status, is never stored
      await expect(db.query(`update orders set status = 'lost'`)).rejects.toThrow(/orders_status_check/);
      await expect(db.query(`update orders set is_canceled = true where status = 'accepted'`)).rejects.toThrow(/orders_is_canceled_check/);
    } finally {
      await db.end();
      await scratch.drop();
    }
  });
});
