// The payment port's worked example (docs/architecture.md, "A new payment provider"): a provider that exists only in
// this file, its adapter the few lines below, handed to the app it builds. Nothing in modules/orders knows it: the
// checkout opens its payment, its signed callback (a hint: the adapter asks its own books) places the order or lets
// it go, the shopper comes back through its return address, and a canceled order's money goes back, all through
// modules/payments/port.ts.
import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { payments, productSizes } from '../src/db/schema.ts';
import type { PaymentEvent, PaymentProvider } from '../src/modules/payments/port.ts';
import { api } from './client.ts';
import { billing, buildAppWith, createAdmin, createCartItem, createProduct, createUser } from './helpers.ts';

const SECRET = 'the-fake-providers-signing-secret';

/** The fake provider's books and its adapter: what it opened, the transactions it made, the money it gave back. */
function fakeProvider() {
  const opened = new Map<string, { paymentId: string; providerOrderRef: string; amountPiastres: number; method: PaymentEvent['method'] }>();
  const transactions = new Map<string, PaymentEvent>();
  const givenBack: string[] = [];
  const provider: PaymentProvider = {
    name: 'fake',
    publishableKey: 'fake_pk',
    createIntent: async () => {
      throw new Error('the fake provider takes payments after their order only');
    },
    refresh: async () => {},
    refund: async (paymentId) => void givenBack.push(paymentId),
    refundPart: async (paymentId) => void givenBack.push(paymentId),
    // a callback names a transaction, signed over its bytes; what it is comes from the provider's own books
    async webhook({ rawBody, headers }) {
      const signature = rawBody ? createHmac('sha256', SECRET).update(rawBody).digest('hex') : null;
      if (!signature || headers['x-fake-signature'] !== signature) return { kind: 'refused', message: 'Invalid fake signature' };
      const { transaction } = JSON.parse(rawBody!.toString()) as { transaction: string };
      return { kind: 'payment', event: transactions.get(transaction) ?? null };
    },
    orderPayments: {
      methods: ['card'],
      async open(request) {
        const paymentId = `fake_${randomUUID()}`;
        const providerOrderRef = `fo_${opened.size + 1}`;
        opened.set(request.orderId, { paymentId, providerOrderRef, amountPiastres: request.amountPiastres, method: request.method });
        return { id: paymentId, clientSecret: `${paymentId}_secret`, providerOrderRef, checkoutUrl: `https://pay.fake.test/${paymentId}`, publicKey: 'fake_pk' };
      },
      inquire: async (transactionId) => transactions.get(transactionId) ?? null,
      inquireOrder: async (orderId) => [...transactions.values()].findLast((event) => event.orderRef === orderId) ?? null,
      giveBack: async ({ transactionId }) => void givenBack.push(transactionId),
      checkoutUrl: (clientSecret) => `https://pay.fake.test/${clientSecret.replace(/_secret$/, '')}`,
    },
  };
  /** The shopper pays (or fails to) on the provider's page: a transaction of the order's payment. */
  const pay = (orderId: string, kind: PaymentEvent['kind'] = 'paid') => {
    const payment = opened.get(orderId)!;
    const transactionId = `t_${transactions.size + 1}`;
    transactions.set(transactionId, { kind, orderRef: orderId, providerOrderRef: payment.providerOrderRef, transactionId, amountPiastres: payment.amountPiastres, currency: 'EGP', method: payment.method, at: new Date() });
    return transactionId;
  };
  return { provider, pay, givenBack };
}

let app: App;
let fake: ReturnType<typeof fakeProvider>;

beforeAll(async () => {
  fake = fakeProvider();
  app = await buildAppWith({ PUBLIC_URL: 'http://shop.test' }, { paymentProvider: () => fake.provider });
});
afterAll(async () => {
  await app.close();
});

/** The provider's callback about a transaction, signed as the provider signs it (or not). */
function callback(transaction: string, { provider = 'fake', signed = true } = {}) {
  const body = JSON.stringify({ transaction });
  const signature = signed ? createHmac('sha256', SECRET).update(body).digest('hex') : 'f'.repeat(64);
  return app.inject({ method: 'POST', url: `/api/payments/${provider}/webhook`, headers: { 'content-type': 'application/json', 'x-fake-signature': signature }, payload: body });
}

async function checkedOut(stock: number | null = null) {
  const shopper = await createUser();
  const product = await createProduct({ price: 400, sizes: [{ size: 'M', stock }] });
  await createCartItem(shopper.user, product, 1, 'M');
  const started = await api('checkout', { app, headers: shopper.auth, payload: { ...billing(), method: 'card' } });
  expect(started.status, started.text).toBe(201);
  return { shopper, product, answer: started.answer };
}

const stockOf = async (productId: string) => (await app.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, productId)))[0]!.stock;

describe('a payment provider registered only in a test', () => {
  it('takes a checkout to accepted through the port: its payment opened, its signed callback applied once, its shopper sent back', async () => {
    const { shopper, answer } = await checkedOut();
    const { order } = answer;
    expect(order.status).toBe('awaiting-payment');
    expect(answer).toMatchObject({ publicKey: 'fake_pk', checkoutUrl: expect.stringMatching(/^https:\/\/pay\.fake\.test\/fake_/) });
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment).toMatchObject({ provider: 'fake', method: 'card', amountPiastres: Math.round(order.totalPrice * 100), status: 'requires_payment_method' });

    const transaction = fake.pay(order._id);
    expect((await callback(transaction, { signed: false })).statusCode).toBe(400);
    expect((await api('getOrder', { app, token: shopper.token, params: { orderId: order._id } })).answer.status).toBe('awaiting-payment');
    // another provider's address is not this one's
    expect((await callback(transaction, { provider: 'paymob' })).statusCode).toBe(404);

    const paid = await callback(transaction);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ received: true });
    const placed = (await api('getOrder', { app, token: shopper.token, params: { orderId: order._id } })).answer;
    expect(placed.status).toBe('accepted');
    expect(placed.history.at(-1)).toMatchObject({ status: 'accepted', by: 'system' });
    expect((await app.db.select().from(payments).where(eq(payments.orderId, order._id)))[0]).toMatchObject({ status: 'succeeded', transactionId: transaction });
    // the provider says it again: nothing more comes of it
    expect((await callback(transaction)).json()).toEqual({ received: true, duplicate: true });

    // her order's mail, as a Paymob order's, once it is paid
    await app.jobs.idle();
    expect(readdirSync(app.config.mail.outboxDir).filter((file) => file.includes(`order-${order._id}-placed`))).toHaveLength(1);

    const back = await app.inject({ method: 'GET', url: `/api/payments/fake/return?shop_order=${order._id}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/orders/${order._id}`);
  });

  it('lets an unpaid order go: its pieces back on the shelf', async () => {
    const { shopper, product, answer } = await checkedOut(1);
    expect(await stockOf(product._id)).toBe(0);
    const declined = await callback(fake.pay(answer.order._id, 'failed'));
    expect(declined.json()).toEqual({ received: true });
    expect((await api('getOrder', { app, token: shopper.token, params: { orderId: answer.order._id } })).answer.status).toBe('payment-failed');
    expect(await stockOf(product._id)).toBe(1);
  });

  it("gives a canceled order's money back through the provider", async () => {
    const { answer } = await checkedOut();
    await callback(fake.pay(answer.order._id));
    const admin = await createAdmin();
    const canceled = await api('moveOrder', { app, token: admin.token, params: { id: answer.order._id }, body: { status: 'canceled' } });
    expect(canceled.status).toBe(200);
    expect(canceled.answer.refund).toEqual({ amount: answer.order.totalPrice, status: 'refunded' });
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, answer.order._id));
    expect(fake.givenBack).toContain(payment!.id);
  });
});

describe('the order code, whatever the provider', () => {
  it('names no provider and imports no adapter: a new provider changes no file of modules/orders', () => {
    const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules/orders');
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));
    expect(files).toContain('lifecycle.ts');
    for (const file of files) {
      // the code, without its comments (which may tell a provider's story)
      const code = readFileSync(path.join(folder, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      expect(code, file).not.toMatch(/payments\/adapters\//);
      expect(code, file).not.toMatch(/paymob|stripe|sandbox|fake/i);
    }
  });
});
