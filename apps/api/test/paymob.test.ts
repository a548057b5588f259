// Paymob (PRODUCT section 4, decision 043), against the local Paymob test server (scripts/paymob-test-server.mjs),
// which speaks Paymob's wire and signs its callbacks: orders written before they are paid, placed by Paymob's signed
// word (or our own inquiry) and released when unpaid; nothing trusted that is not verified; refunds once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import type { CheckoutAnswer, Order } from '@shop/core/contract/orders';
import type { Product } from '@shop/core/contract/catalog';
import { startPaymobTestServer, type PaymobTestServer, type PaymobTransaction } from '../../../scripts/paymob-test-server.mjs';
import type { App } from '../src/app.ts';
import { orders, payments, productSizes } from '../src/db/schema.ts';
import { billing, buildAppWith, buildAppWithLog, createAdmin, createCartItem, createProduct, createUser, freePort, shopperWithCart } from './helpers.ts';
import { api } from './client.ts';

const KEYS = { secretKey: 'egy_sk_test_shop', apiKey: 'paymob-api-key-of-the-test-shop', publicKey: 'egy_pk_test_shop', hmacSecret: 'hmac-secret-of-the-test-shop', integrations: { card: 201, wallet: 202, kiosk: 203 } };

let paymob: PaymobTestServer;
let app: App;
let shopUrl: string;

beforeAll(async () => {
  paymob = await startPaymobTestServer(KEYS);
  const port = await freePort();
  shopUrl = `http://127.0.0.1:${port}`;
  app = await buildAppWith({
    PAYMENT_PROVIDER: 'paymob',
    PAYMOB_SECRET_KEY: KEYS.secretKey,
    PAYMOB_API_KEY: KEYS.apiKey,
    PAYMOB_PUBLIC_KEY: KEYS.publicKey,
    PAYMOB_HMAC_SECRET: KEYS.hmacSecret,
    PAYMOB_INTEGRATIONS: 'card:201,wallet:202,kiosk:203',
    PAYMOB_BASE_URL: paymob.url,
    PAYMOB_PIXEL_URL: `${paymob.url}/pixel/main.js`,
    PUBLIC_URL: shopUrl,
    PAYMENT_HOLD_MINUTES: '30',
  });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await paymob?.close();
});

type Shopper = Awaited<ReturnType<typeof createUser>>;

async function checkout(shopper: Shopper | null, method: 'card' | 'wallet' | 'kiosk', extra: Record<string, unknown> = {}) {
  return api('checkout', { app, ...(shopper ? { headers: shopper.auth } : {}), payload: { ...billing(), method, ...extra } });
}

async function started(shopper: Shopper, method: 'card' | 'wallet' | 'kiosk' = 'card'): Promise<CheckoutAnswer> {
  const response = await checkout(shopper, method);
  expect(response.status, response.text).toBe(201);
  return response.answer;
}

const orderRow = async (id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (product: Product) => (await app.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, product._id)))[0]!.stock;
/** The mails in the outbox about an order, as written. */
const mailsOf = (orderId: string) => {
  const dir = app.config.mail.outboxDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')).filter((mail) => mail.includes(orderId.slice(0, 8)));
};
const mailsAbout = (orderId: string) => mailsOf(orderId).length;
const settled = () => app.jobs.idle({ soonMs: 0, timeoutMs: 20_000 });

describe('the checkout writes the order first, awaiting its payment', () => {
  it('names Paymob, its public key, its ways and its script in the public config, and lets its script in', async () => {
    const config = await api('publicConfig', { app });
    expect(config.answer).toEqual({ paymentProvider: 'paymob', publishableKey: KEYS.publicKey, currency: 'egp', paymentMethods: ['card', 'wallet', 'kiosk'], pixelScript: `${paymob.url}/pixel/main.js` });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${paymob.url}`);
    expect(csp).toContain(`frame-src ${paymob.url}`);
    expect(JSON.stringify(config.body)).not.toContain(KEYS.secretKey);
  });

  it('holds the pieces, empties the cart and opens an intention for the total, with the order as its reference', async () => {
    const { shopper, product } = await shopperWithCart({ stock: 3 });
    const answer = await started(shopper, 'card');
    const { order } = answer;
    expect(order).toMatchObject({ status: 'awaiting-payment', wayForPayment: 'credit', totalPrice: 530, codFee: 0, isCanceled: false });
    expect(order.payment).toMatchObject({ provider: 'paymob', method: 'card', reference: null });
    expect(new Date(order.payment!.holdUntil).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(answer.publicKey).toBe(KEYS.publicKey);
    expect(answer.checkoutUrl).toBe(`${paymob.url}/unifiedcheckout/?publicKey=${KEYS.publicKey}&clientSecret=${encodeURIComponent(answer.clientSecret)}`);
    const intention = [...paymob.intentions.values()].find((each) => each.special_reference === order._id)!;
    expect(intention).toMatchObject({ amount: 53_000, currency: 'EGP', client_secret: answer.clientSecret, notification_url: `${shopUrl}/api/payments/paymob/callback` });
    expect(intention.payment_methods.map((method) => method.integration_id)).toEqual([201]);
    // Paymob's page names the order as the shop does
    expect(intention.items).toEqual([{ name: `Order #${order.number}`, amount: 53_000, quantity: 1 }]);
    expect(intention.redirection_url).toBe(`${shopUrl}/api/payments/paymob/return?shop_order=${order._id}`);
    expect(paymob.requests.find((request) => request.path === '/v1/intention/')?.authorization).toBe(`Token ${KEYS.secretKey}`);
    // the Paymob order the intention opened: the only one whose transactions move this order
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment!.paymobOrderId).toBe(String(intention.intention_order_id));
    expect(await stockOf(product)).toBe(2);
    expect((await api('getCart', { app, headers: shopper.auth })).answer).toEqual([]);
    // not a placed order: no mail, and not in the sales figures
    await settled();
    expect(mailsAbout(order._id)).toBe(0);
  });

  it('writes nothing and keeps the cart when Paymob cannot be reached', async () => {
    const { shopper, product } = await shopperWithCart({ stock: 3 });
    paymob.failNext('intention');
    const refused = await checkout(shopper, 'wallet');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: MESSAGES.paymentNotStarted });
    expect(await stockOf(product)).toBe(3);
    expect((await api('getCart', { app, headers: shopper.auth })).answer).toHaveLength(1);
  });

  it('refuses a way the shop does not offer, and a guest without lines', async () => {
    const { shopper } = await shopperWithCart({ stock: 10 });
    expect((await checkout(shopper, 'card', { method: 'installments' })).status).toBe(400);
    expect((await checkout(null, 'card')).body).toEqual({ message: MESSAGES.cartEmpty });
  });

  it('takes a guest’s order from the lines, with a token to read it by', async () => {
    const product = await createProduct({ price: 200, sizes: [{ size: 'M', stock: 4 }] });
    const response = await checkout(null, 'wallet', { lines: [{ product: product._id, size: 'M', quantity: 2 }] });
    expect(response.status, response.text).toBe(201);
    const { order, guestToken } = response.answer;
    expect(order).toMatchObject({ user: null, status: 'awaiting-payment', totalPrice: 430 });
    expect(guestToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const read = await api('getGuestOrder', { app, params: { id: order._id }, headers: { 'x-order-token': guestToken! } });
    expect(read.answer.status).toBe('awaiting-payment');
    const intention = [...paymob.intentions.values()].find((each) => each.special_reference === order._id)!;
    expect(intention.redirection_url).toBe(`${shopUrl}/api/payments/paymob/return?shop_order=${order._id}&token=${guestToken}`);
  });
});

describe('an Idempotency-Key makes a retried checkout the same checkout', () => {
  const withKey = (key: string, shopper: Shopper | null, method: 'card' | 'wallet', extra: Record<string, unknown> = {}) =>
    api('checkout', { app, headers: { ...(shopper ? shopper.auth : {}), 'idempotency-key': key }, payload: { ...billing(), method, ...extra } });
  const intentionsOf = (orderId: string) => [...paymob.intentions.values()].filter((each) => each.special_reference === orderId).length;

  it('a customer’s retry answers the order already written, opens no second intention and holds nothing more', async () => {
    const { shopper, product } = await shopperWithCart({ stock: 3 });
    const key = `retry-${crypto.randomUUID()}`;
    const first = await withKey(key, shopper, 'card');
    expect(first.status, first.text).toBe(201);
    const intentions = paymob.intentions.size;
    const again = await withKey(key, shopper, 'card');
    expect(again.status, again.text).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.answer).toEqual(first.answer);
    expect(paymob.intentions.size).toBe(intentions);
    expect(intentionsOf(first.answer.order._id)).toBe(1);
    expect(await stockOf(product)).toBe(2);
    const mine = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.user._id));
    expect(mine).toHaveLength(1);
  });

  it('a guest’s double submit, both at once: one order, one hold, and both answers carry its token', async () => {
    const product = await createProduct({ price: 200, sizes: [{ size: 'M', stock: 4 }] });
    const key = `double-${crypto.randomUUID()}`;
    const email = `guest-${crypto.randomUUID()}@shop.test`;
    const lines = [{ product: product._id, size: 'M', quantity: 2 }];
    const [one, two] = await Promise.all([withKey(key, null, 'wallet', { email, lines }), withKey(key, null, 'wallet', { email, lines })]);
    expect([one.status, two.status], `${one.text} ${two.text}`).toEqual([201, 201]);
    expect(one.answer.order._id).toBe(two.answer.order._id);
    expect(one.answer.guestToken).toBe(two.answer.guestToken);
    expect([one.headers['idempotent-replayed'], two.headers['idempotent-replayed']]).toContain('true');
    const read = await api('getGuestOrder', { app, params: { id: one.answer.order._id }, headers: { 'x-order-token': two.answer.guestToken! } });
    expect(read.answer.status).toBe('awaiting-payment');
    expect(await stockOf(product)).toBe(2);
    const written = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.email, email));
    expect(written).toHaveLength(1);
    // the key is the guest's own: another email with it is another checkout
    const other = await withKey(key, null, 'wallet', { email: `other-${email}`, lines });
    expect(other.status, other.text).toBe(201);
    expect(other.answer.order._id).not.toBe(one.answer.order._id);
  });

  it('the same key with another body is refused, and a key of the wrong length too', async () => {
    const { shopper } = await shopperWithCart({ stock: 10 });
    const key = `reuse-${crypto.randomUUID()}`;
    expect((await withKey(key, shopper, 'card')).status).toBe(201);
    const reused = await withKey(key, shopper, 'wallet');
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ message: 'This Idempotency-Key was already used for a different order' });
    expect((await withKey('short', shopper, 'card')).status).toBe(400);
  });
});

describe('Paymob’s word places or releases the order', () => {
  it('card paid: placed once, by the system, with its mail, whatever the callback is delivered twice', async () => {
    const { shopper, product } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'card');
    paymob.callbackMode = 'twice';
    try {
      await paymob.pay(order._id, 'paid');
    } finally {
      paymob.callbackMode = 'immediate';
    }
    const row = await orderRow(order._id);
    expect(row.status).toBe('accepted');
    expect(row.history.map((change) => [change.status, change.by])).toEqual([['awaiting-payment', undefined], ['accepted', 'system']]);
    expect(await stockOf(product)).toBe(4);
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'paymob', method: 'card' });
    expect(paymob.sentCallbacks.filter((sent) => sent.body.obj.order.merchant_order_id === order._id).map((sent) => sent.status)).toEqual([200, 200]);
    await settled();
    expect(mailsAbout(order._id)).toBe(1);
    // SPEC's statuses keep their meaning for SPEC's client
    const mine = (await api('userOrders', { app, params: { userId: shopper.user._id }, headers: shopper.auth })).answer;
    expect(mine.find((each) => each._id === order._id)).toMatchObject({ status: 'accepted', isCanceled: false });
  });

  it('wallet paid after the shopper came back: the return checks with Paymob and proves nothing; the callback alone places it', async () => {
    const { shopper } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'wallet');
    // back before paying, with a query that claims success
    const back = await app.inject({ method: 'GET', url: `/api/payments/paymob/return?shop_order=${order._id}&order=4778239&order=4778239&merchant_order_id=${order._id}&success=true&pending=false&hmac=${'0'.repeat(128)}` });
    expect(back.statusCode).toBe(303);
    // the order's page, which sends its signed-in customer on to My Orders: the address names no account
    expect(back.headers.location).toBe(`/orders/${order._id}`);
    expect(back.body + String(back.headers.location)).not.toContain(shopper.user.username);
    expect((await orderRow(order._id)).status).toBe('awaiting-payment');
    await paymob.pay(order._id, 'paid');
    expect((await orderRow(order._id)).status).toBe('accepted');
  });

  it('a lost callback: the return asks Paymob, which says paid', async () => {
    const { shopper } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'wallet');
    paymob.callbackMode = 'held';
    try {
      await paymob.pay(order._id, 'paid');
      expect((await orderRow(order._id)).status).toBe('awaiting-payment');
      const back = await app.inject({ method: 'GET', url: `/api/payments/paymob/return?shop_order=${order._id}` });
      expect(back.statusCode).toBe(303);
      expect((await orderRow(order._id)).status).toBe('accepted');
      await paymob.releaseCallbacks();
    } finally {
      paymob.callbackMode = 'immediate';
    }
    expect((await orderRow(order._id)).history.filter((change) => change.status === 'accepted')).toHaveLength(1);
  });

  it('kiosk: the reference is kept and shown, then the payment at the kiosk places the order', async () => {
    const { shopper } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'kiosk');
    // the Settings' kiosk hold (12 hours by default), shorter than PAYMENT_KIOSK_HOLD_HOURS (48): decision 051
    const held = new Date(order.payment!.holdUntil).getTime() - Date.now();
    expect(held).toBeGreaterThan(3_600_000);
    expect(held).toBeLessThanOrEqual(12 * 3_600_000);
    const pending = await paymob.pay(order._id, 'kiosk-pending', { method: 'kiosk' });
    const seen = (await api('getOrder', { app, params: { orderId: order._id }, headers: shopper.auth })).answer;
    expect(seen).toMatchObject({ status: 'awaiting-payment', payment: { method: 'kiosk', reference: String(pending.data.bill_reference) } });
    await paymob.pay(order._id, 'kiosk-paid', { method: 'kiosk' });
    expect((await orderRow(order._id)).status).toBe('accepted');
  });

  it('declined: the pieces go back, the order is not placed and no mail goes', async () => {
    const { shopper, product } = await shopperWithCart({ stock: 2 });
    const { order } = await started(shopper, 'card');
    expect(await stockOf(product)).toBe(1);
    await paymob.pay(order._id, 'declined');
    const row = await orderRow(order._id);
    expect(row.status).toBe('payment-failed');
    expect(row.history.at(-1)).toMatchObject({ status: 'payment-failed', by: 'system' });
    expect(await stockOf(product)).toBe(2);
    await settled();
    expect(mailsAbout(order._id)).toBe(0);
    // no one moves it by hand
    const admin = await createAdmin();
    const moved = await api('moveOrder', { app, params: { id: order._id }, body: { status: 'shipped' }, headers: admin.auth });
    expect(moved.status).toBe(409);
  });

  it('expired: the hold ends, Paymob has no payment for it, and the order is released', async () => {
    const short = await buildAppWith({
      PAYMENT_PROVIDER: 'paymob', PAYMOB_SECRET_KEY: KEYS.secretKey, PAYMOB_API_KEY: KEYS.apiKey, PAYMOB_PUBLIC_KEY: KEYS.publicKey, PAYMOB_HMAC_SECRET: KEYS.hmacSecret,
      PAYMOB_INTEGRATIONS: 'card:201,wallet:202', PAYMOB_BASE_URL: paymob.url, PUBLIC_URL: shopUrl, PAYMENT_HOLD_MINUTES: '0.01',
    });
    try {
      const { shopper, product } = await shopperWithCart({ stock: 1 });
      const response = await api('checkout', { app: short, headers: shopper.auth, payload: { ...billing(), method: 'wallet' } });
      expect(response.status, response.text).toBe(201);
      expect(await stockOf(product)).toBe(0);
      const id = response.answer.order._id;
      await expect.poll(async () => (await orderRow(id)).status, { timeout: 15_000 }).toBe('payment-failed');
      expect(await stockOf(product)).toBe(1);
      expect(paymob.requests.some((request) => request.path === '/api/ecommerce/orders/transaction_inquiry' && JSON.stringify(request.body).includes(id))).toBe(true);
    } finally {
      await short.close();
    }
  });
});

describe('nothing is trusted that is not verified', () => {
  async function awaiting() {
    const { shopper, product } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'card');
    return { order, product };
  }
  /** a successful transaction for `order`, as Paymob would sign it, with changes */
  function transactionFor(order: Order, change: Record<string, unknown> = {}) {
    return {
      id: 9_000_000 + Math.floor(Math.random() * 1_000_000), pending: false, amount_cents: Math.round(order.totalPrice * 100), success: true, is_auth: false, is_capture: false,
      is_standalone_payment: true, is_voided: false, is_refunded: false, is_3d_secure: true, integration_id: 201, profile_id: 1, has_parent_transaction: false,
      order: { id: 77, created_at: '2026-11-26T10:00:00.000000', merchant_order_id: order._id, amount_cents: Math.round(order.totalPrice * 100), currency: 'EGP' },
      created_at: '2026-11-26T10:00:01.000000', currency: 'EGP', error_occured: false, owner: 1, source_data: { type: 'card', sub_type: 'MasterCard', pan: '2346' },
      data: { message: 'Approved' }, ...change,
    };
  }
  const callback = (obj: Record<string, unknown>, hmac: string) =>
    app.inject({ method: 'POST', url: `/api/payments/paymob/callback?hmac=${hmac}`, payload: { type: 'TRANSACTION', obj } });
  /** The transaction made known to Paymob, in the Paymob order of `order`'s intention: what its inquiry then answers. */
  function known<T extends ReturnType<typeof transactionFor>>(order: Order, obj: T): T {
    const intention = [...paymob.intentions.values()].find((each) => each.special_reference === order._id)!;
    const made = { ...obj, order: { ...obj.order, id: intention.intention_order_id } };
    const stored = { ...made, is_refund: false, is_void: false, parent_transaction: null, refunded_amount_cents: 0, payment_key_claims: { extra: {} } };
    paymob.transactions.set(made.id, stored as unknown as PaymobTransaction);
    return made;
  }

  it('a forged signature is refused with 400 and changes nothing', async () => {
    const { order } = await awaiting();
    const obj = transactionFor(order);
    const forged = await callback(obj, paymob.sign({ ...obj, amount_cents: 1 }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid Paymob signature' });
    expect((await callback(obj, 'nothex')).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/payments/paymob/callback', payload: { type: 'TRANSACTION', obj } })).statusCode).toBe(400);
    expect((await orderRow(order._id)).status).toBe('awaiting-payment');
  });

  it('the callback at the address of any provider by its name (/api/payments/paymob/webhook) is checked and applied as at its own', async () => {
    const { order } = await awaiting();
    const obj = known(order, transactionFor(order));
    const at = (hmac: string) => app.inject({ method: 'POST', url: `/api/payments/paymob/webhook?hmac=${hmac}`, payload: { type: 'TRANSACTION', obj } });
    const forged = await at(paymob.sign({ ...obj, amount_cents: 1 }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid Paymob signature' });
    expect((await orderRow(order._id)).status).toBe('awaiting-payment');
    const paid = await at(paymob.sign(obj));
    expect(paid.json()).toEqual({ received: true });
    expect((await orderRow(order._id)).status).toBe('accepted');
    expect((await at(paymob.sign(obj))).json()).toEqual({ received: true, duplicate: true });
    // another provider's address is not Paymob's
    expect((await app.inject({ method: 'POST', url: `/api/payments/stripe/webhook?hmac=${paymob.sign(obj)}`, payload: { type: 'TRANSACTION', obj } })).statusCode).toBe(404);
  });

  it('a signed callback with the wrong amount, currency or way changes nothing but gives its money back, once and without a mail; one for an unknown reference changes nothing', async () => {
    const { order } = await awaiting();
    // Paymob knows them, in this order's Paymob order (the shop asks it about each); one is in a currency the test
    // server never makes, so the type is told
    const odd = [{ amount_cents: 100 }, { currency: 'USD' }, { integration_id: 999 }].map((change) => known(order, transactionFor(order, change)));
    for (const obj of [...odd, transactionFor(order, { order: { id: 1, merchant_order_id: '00000000-0000-4000-8000-000000000000' } })]) {
      const answer = await callback(obj, paymob.sign(obj));
      expect(answer.statusCode).toBe(200);
    }
    // the same callbacks again
    for (const obj of odd) expect((await callback(obj, paymob.sign(obj))).statusCode).toBe(200);
    await settled();
    expect((await orderRow(order._id)).status).toBe('awaiting-payment');
    const givenBack = [...paymob.voids, ...paymob.refunds].map((each) => String(each.transactionId));
    for (const obj of odd) expect(givenBack.filter((id) => id === String(obj.id))).toHaveLength(1);
    expect(paymob.refunds.find((each) => String(each.transactionId) === String(odd[0]!.id))?.amountCents).toBe(100);
    expect(mailsAbout(order._id)).toBe(0);
    // not paid: nothing to give back
    const declined = known(order, transactionFor(order, { amount_cents: 100, success: false }));
    expect((await callback(declined, paymob.sign(declined))).statusCode).toBe(200);
    expect((await orderRow(order._id)).status).toBe('awaiting-payment');
  });

  it('a payment for another order is applied to that order only', async () => {
    const first = await awaiting();
    const second = await awaiting();
    const obj = known(second.order, transactionFor(second.order));
    await callback(obj, paymob.sign(obj));
    expect((await orderRow(first.order._id)).status).toBe('awaiting-payment');
    expect((await orderRow(second.order._id)).status).toBe('accepted');
  });

  it('replayed and out-of-order callbacks change nothing: a failure after the success, the success again', async () => {
    const { order, product } = await awaiting();
    const paid = known(order, transactionFor(order));
    expect((await callback(paid, paymob.sign(paid))).statusCode).toBe(200);
    const failed = known(order, transactionFor(order, { success: false, id: paid.id + 1 }));
    expect((await callback(failed, paymob.sign(failed))).statusCode).toBe(200);
    expect((await callback(paid, paymob.sign(paid))).statusCode).toBe(200);
    const row = await orderRow(order._id);
    expect(row.status).toBe('accepted');
    expect(row.history.map((change) => change.status)).toEqual(['awaiting-payment', 'accepted']);
    expect(await stockOf(product)).toBe(4);
  });

  it('a payment that comes after the order was released is given back, and the order stays released', async () => {
    const { order } = await awaiting();
    await paymob.pay(order._id, 'declined');
    const late = await paymob.pay(order._id, 'paid');
    await settled();
    expect((await orderRow(order._id)).status).toBe('payment-failed');
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment!.status).toBe('refunded');
    expect([...paymob.voids, ...paymob.refunds].filter((each) => String(each.transactionId) === String(late.id))).toHaveLength(1);
  });

  it('a second payment for an order already paid is given back once, and the order stays placed by the first', async () => {
    const { order, product } = await awaiting();
    const first = await paymob.pay(order._id, 'paid');
    // two payments that crossed (two tabs): Paymob took both
    const second = await paymob.pay(order._id, 'paid', { again: true });
    expect(second.id).not.toBe(first.id);
    await settled();
    const row = await orderRow(order._id);
    expect(row.status).toBe('accepted');
    expect(row.history.map((change) => change.status)).toEqual(['awaiting-payment', 'accepted']);
    expect(await stockOf(product)).toBe(4);
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment).toMatchObject({ status: 'succeeded', transactionId: String(first.id) });
    const givenBack = () => [...paymob.voids, ...paymob.refunds].map((each) => String(each.transactionId));
    expect(givenBack().filter((id) => id === String(second.id))).toHaveLength(1);
    expect(givenBack()).not.toContain(String(first.id));
    // the shopper is told, once: the order stands, and the second payment is on its way back
    const told = () => mailsOf(order._id).filter((mail) => mail.includes('was paid twice'));
    expect(told()).toHaveLength(1);
    expect(told()[0]).toContain('The second payment, EGP');

    // Paymob delivers the second payment's callback again, as it was before it was given back: nothing more goes back
    const replay = { ...second, is_voided: false, is_refunded: false };
    expect((await callback(replay, paymob.sign(replay))).statusCode).toBe(200);
    await settled();
    expect(givenBack().filter((id) => id === String(second.id))).toHaveLength(1);
    expect((await orderRow(order._id)).status).toBe('accepted');
    expect(told()).toHaveLength(1);
  });

  it('a second payment given back by a run that died before telling her: the next run tells her, once', async () => {
    const { order } = await awaiting();
    await paymob.pay(order._id, 'paid');
    await settled();
    // the job's first run reaches Paymob, which voids the payment, and its answer is lost on the way back: that run
    // fails (its refund, tried instead, is refused: the payment is voided), and the queue runs the job again
    paymob.failNext('void', 1, 'lost');
    const second = await paymob.pay(order._id, 'paid', { again: true });
    const told = () => mailsOf(order._id).filter((mail) => mail.includes('was paid twice'));
    await expect.poll(told, { timeout: 20_000 }).toHaveLength(1);
    expect(paymob.voids.filter((each) => String(each.transactionId) === String(second.id))).toHaveLength(1);
    expect(paymob.refunds.filter((each) => String(each.transactionId) === String(second.id))).toHaveLength(0);
    // the callback once more: Paymob says it is voided, and nothing more happens
    const replay = { ...second, is_voided: false, is_refunded: false };
    expect((await callback(replay, paymob.sign(replay))).statusCode).toBe(200);
    await settled();
    expect(told()).toHaveLength(1);
    expect(paymob.voids.filter((each) => String(each.transactionId) === String(second.id))).toHaveLength(1);
  }, 30_000);

  it('a guest’s return needs the order’s own token', async () => {
    const product = await createProduct({ price: 100, sizes: [{ size: 'M', stock: 3 }] });
    const { answer } = await checkout(null, 'wallet', { lines: [{ product: product._id, size: 'M', quantity: 1 }] });
    const wrong = await app.inject({ method: 'GET', url: `/api/payments/paymob/return?shop_order=${answer.order._id}&token=${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
    const right = await app.inject({ method: 'GET', url: `/api/payments/paymob/return?shop_order=${answer.order._id}&token=${answer.guestToken}` });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(`/orders/${answer.order._id}?token=${answer.guestToken}`);
  });
});

describe('a callback is a hint, never proof: her own paid callback replayed leaves orders and money as they were (issue 41)', () => {
  /**
   * A customer's card order paid through Paymob, with the callback Paymob sent for it: its signed fields and hmac are
   * the shopper's to read (her return address carries the same).
   */
  async function paidOrder(price = 500) {
    const { shopper } = await shopperWithCart({ stock: 5, price });
    const { order } = await started(shopper, 'card');
    const paid = await paymob.pay(order._id, 'paid');
    expect((await orderRow(order._id)).status).toBe('accepted');
    const sent = paymob.sentCallbacks.findLast((each) => each.body.obj.id === paid.id)!;
    return { order, paid, obj: sent.body.obj, hmac: new URL(sent.url).searchParams.get('hmac')! };
  }
  async function awaitingOrder(price = 500) {
    const { shopper } = await shopperWithCart({ stock: 5, price });
    return (await started(shopper, 'card')).order;
  }
  const post = (obj: object, hmac: string) => app.inject({ method: 'POST', url: `/api/payments/paymob/callback?hmac=${hmac}`, payload: { type: 'TRANSACTION', obj } });
  const givenBack = (transaction: number) => [...paymob.voids, ...paymob.refunds].filter((each) => each.transactionId === transaction);
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  /** Everything a replay could change: the orders, their payments, what Paymob gave back of the transaction, the mails. */
  async function ordersAndMoney(ids: string[], transaction: number) {
    await settled();
    const rows = await app.db.select().from(orders).where(inArray(orders.id, ids));
    const paid = await app.db.select().from(payments).where(inArray(payments.orderId, ids));
    return {
      orders: rows.map(({ id, status, history, paymentReference }) => ({ id, status, history, paymentReference })).sort(byId),
      payments: paid.map(({ id, status, transactionId, refundAttempts }) => ({ id, status, transactionId, refundAttempts })).sort(byId),
      givenBack: givenBack(transaction),
      atPaymob: (({ is_voided, is_refunded, refunded_amount_cents }) => ({ is_voided, is_refunded, refunded_amount_cents }))(paymob.transactions.get(transaction)!),
      mails: ids.map(mailsAbout),
    };
  }

  it('posted again with another awaiting order’s merchant_order_id (not signed), it accepts neither that order nor any other', async () => {
    const mine = await paidOrder();
    const others = [await awaitingOrder(), await awaitingOrder()];
    const ids = [mine.order._id, ...others.map((order) => order._id)];
    const before = await ordersAndMoney(ids, mine.paid.id);
    for (const other of others) {
      const replayed = { ...mine.obj, order: { ...mine.obj.order, merchant_order_id: other._id } };
      // the signature cannot tell them apart: the order's reference is not among the signed fields
      expect(paymob.sign(replayed)).toBe(mine.hmac);
      expect((await post(replayed, mine.hmac)).statusCode).toBe(200);
    }
    expect(await ordersAndMoney(ids, mine.paid.id)).toEqual(before);
    expect(before.orders.filter((order) => order.status === 'awaiting-payment')).toHaveLength(2);
    // the other side of the rule: each order's own payment still accepts it
    await paymob.pay(others[0]!._id, 'paid');
    expect((await orderRow(others[0]!._id)).status).toBe('accepted');
  });

  it('posted again with an awaiting order of another amount, it gives nothing back and her order stays paid', async () => {
    const mine = await paidOrder(500);
    const other = await awaitingOrder(700);
    const ids = [mine.order._id, other._id];
    const before = await ordersAndMoney(ids, mine.paid.id);
    const replayed = { ...mine.obj, order: { ...mine.obj.order, merchant_order_id: other._id } };
    expect(paymob.sign(replayed)).toBe(mine.hmac);
    expect((await post(replayed, mine.hmac)).statusCode).toBe(200);
    expect(await ordersAndMoney(ids, mine.paid.id)).toEqual(before);
    expect(before.givenBack).toEqual([]);
    expect(before.payments.find((payment) => payment.transactionId === String(mine.paid.id))?.status).toBe('succeeded');
  });

  it('with a digit moved from amount_cents into created_at (the same hmac), it changes nothing, before or after the honest callback', async () => {
    const mine = await paidOrder(500);
    const amount = String(mine.obj.amount_cents);
    const moved = { ...mine.obj, amount_cents: Number(amount.slice(0, -1)), created_at: amount.slice(-1) + mine.obj.created_at };
    // Paymob signs the fields joined with nothing between them
    expect(paymob.sign(moved)).toBe(mine.hmac);
    const before = await ordersAndMoney([mine.order._id], mine.paid.id);
    expect((await post(moved, mine.hmac)).statusCode).toBe(200);
    expect(await ordersAndMoney([mine.order._id], mine.paid.id)).toEqual(before);

    // the moved callback first, the honest one held: what places the order is what Paymob says, paid in full
    const order = await awaitingOrder(500);
    paymob.callbackMode = 'held';
    let paid: PaymobTransaction;
    try {
      paid = await paymob.pay(order._id, 'paid');
    } finally {
      paymob.callbackMode = 'immediate';
    }
    const early = { ...paid, amount_cents: Number(String(paid.amount_cents).slice(0, -1)), created_at: String(paid.amount_cents).slice(-1) + paid.created_at };
    expect((await post(early, paymob.sign(paid))).statusCode).toBe(200);
    await paymob.releaseCallbacks();
    await settled();
    const row = await orderRow(order._id);
    expect(row.history.map((change) => change.status)).toEqual(['awaiting-payment', 'accepted']);
    expect(givenBack(paid.id)).toEqual([]);
    expect(paymob.transactions.get(paid.id)).toMatchObject({ is_voided: false, is_refunded: false });
  });

  it('one transaction pays one payment of one order: the database refuses it on a second payment', async () => {
    const mine = await paidOrder();
    const other = await awaitingOrder();
    const refusal = await app.db
      .update(payments)
      .set({ transactionId: String(mine.paid.id) })
      .where(eq(payments.orderId, other._id))
      .then(() => null, (error: Error) => error);
    expect(`${refusal?.message} ${(refusal?.cause as Error | undefined)?.message}`).toMatch(/payments_transaction_key/);
  });

  it('money goes back only for a transaction Paymob puts in the order’s own Paymob order', async () => {
    // her order paid twice (two tabs): the second transaction's callback has not come yet
    const mine = await paidOrder();
    paymob.callbackMode = 'held';
    let stray: PaymobTransaction;
    try {
      stray = await paymob.pay(mine.order._id, 'paid', { again: true });
    } finally {
      paymob.callbackMode = 'immediate';
    }
    // an order accepted by a replay before this fix, its payment naming that transaction, canceled by the admin
    const other = await awaitingOrder();
    await app.db.update(orders).set({ status: 'accepted' }).where(eq(orders.id, other._id));
    await app.db.update(payments).set({ status: 'succeeded', transactionId: String(stray.id) }).where(eq(payments.orderId, other._id));
    const admin = await createAdmin();
    const canceled = await api('cancelOrder', { app, params: { id: other._id }, headers: admin.auth });
    expect(canceled.status, canceled.text).toBe(200);
    await settled();
    expect(givenBack(stray.id)).toEqual([]);
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, other._id));
    // its refund job fails, for an admin to see among the failed jobs
    expect(payment).toMatchObject({ status: 'refunding' });
    expect(payment!.refundAttempts).toBeGreaterThanOrEqual(1);
    // a second payment's job queued for that order by such a replay: nothing either
    await app.jobs.queue.add(app.db, 'paymob-extra-payment', { orderId: other._id, transactionId: String(stray.id), amountPiastres: stray.amount_cents, method: 'card', paidAt: new Date().toISOString(), quiet: true });
    await settled();
    expect(givenBack(stray.id)).toEqual([]);

    // the other side of the rule: her order's second payment is given back, once, when its callback comes
    await paymob.releaseCallbacks();
    await settled();
    expect(givenBack(stray.id)).toHaveLength(1);
    expect(givenBack(mine.paid.id)).toEqual([]);
  });

  it('a checkout from before the Paymob order was kept (migration 0022) is matched by Paymob’s own reference', async () => {
    const mine = await awaitingOrder();
    const other = await awaitingOrder();
    await app.db.update(payments).set({ paymobOrderId: null }).where(inArray(payments.orderId, [mine._id, other._id]));
    const paid = await paymob.pay(mine._id, 'paid');
    expect((await orderRow(mine._id)).status).toBe('accepted');
    const sent = paymob.sentCallbacks.findLast((each) => each.body.obj.id === paid.id)!;
    const replayed = { ...sent.body.obj, order: { ...sent.body.obj.order, merchant_order_id: other._id } };
    expect((await post(replayed, new URL(sent.url).searchParams.get('hmac')!)).statusCode).toBe(200);
    await settled();
    expect((await orderRow(other._id)).status).toBe('awaiting-payment');
    expect(givenBack(paid.id)).toEqual([]);
  });

  it('Paymob not answering: the callback is answered 503 and changes nothing; sent again, it places the order, with a new auth token when the old one ended', async () => {
    const order = await awaitingOrder();
    paymob.failNext('transaction');
    const paid = await paymob.pay(order._id, 'paid');
    const sent = paymob.sentCallbacks.findLast((each) => each.body.obj.id === paid.id)!;
    expect(sent.status).toBe(503);
    expect((await orderRow(order._id)).status).toBe('awaiting-payment');
    paymob.expireTokens();
    const tokensMade = () => paymob.requests.filter((request) => request.path === '/api/auth/tokens').length;
    const before = tokensMade();
    expect((await post(sent.body.obj, new URL(sent.url).searchParams.get('hmac')!)).statusCode).toBe(200);
    expect((await orderRow(order._id)).status).toBe('accepted');
    expect(tokensMade()).toBe(before + 1);
    // the inquiry as Paymob documents it: an auth token made from the API key, never the secret key
    const inquiries = paymob.requests.filter((request) => request.path.startsWith('/api/acceptance/transactions/') || request.path === '/api/ecommerce/orders/transaction_inquiry');
    expect(inquiries.length).toBeGreaterThan(0);
    for (const inquiry of inquiries) expect(inquiry.authorization).toMatch(/^Bearer \S+$/);
    expect(paymob.requests.filter((request) => request.path === '/api/auth/tokens').every((request) => JSON.stringify(request.body) === JSON.stringify({ api_key: KEYS.apiKey }))).toBe(true);
  });
});

describe('secrets stay on the server', () => {
  it('writes neither the keys nor a guest’s token to the log, even when Paymob refuses and a 404 is logged', async () => {
    const { app: logged, log } = await buildAppWithLog({
      PAYMENT_PROVIDER: 'paymob', PAYMOB_SECRET_KEY: KEYS.secretKey, PAYMOB_API_KEY: KEYS.apiKey, PAYMOB_PUBLIC_KEY: KEYS.publicKey, PAYMOB_HMAC_SECRET: KEYS.hmacSecret,
      PAYMOB_INTEGRATIONS: 'card:201,wallet:202', PAYMOB_BASE_URL: paymob.url, PUBLIC_URL: shopUrl,
    });
    try {
      const product = await createProduct({ price: 100, sizes: [{ size: 'M', stock: 3 }] });
      const placed = await api('checkout', { app: logged, payload: { ...billing(), method: 'wallet', lines: [{ product: product._id, size: 'M', quantity: 1 }] } });
      expect(placed.status, placed.text).toBe(201);
      const token = placed.answer.guestToken!;
      paymob.failNext('inquiry');
      const back = await logged.inject({ method: 'GET', url: `/api/payments/paymob/return?shop_order=${placed.answer.order._id}&token=${token}` });
      expect(back.statusCode).toBe(303);
      await logged.inject({ method: 'GET', url: `/api/payments/paymob/return?shop_order=${placed.answer.order._id}&token=${token}x` });
      paymob.failNext('intention');
      await api('checkout', { app: logged, payload: { ...billing(), method: 'wallet', lines: [{ product: product._id, size: 'M', quantity: 1 }] } });
      const written = log();
      expect(written).toContain('/api/payments/paymob/return');
      for (const secret of [KEYS.secretKey, KEYS.apiKey, KEYS.hmacSecret, token]) expect(written).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('stock and money under pressure', () => {
  it('40 shoppers for the last 5 pieces through awaiting payment: never more than 5 held, never more than 5 placed', async () => {
    const product = await createProduct({ price: 300, sizes: [{ size: 'M', stock: 5 }] });
    const shoppers = await Promise.all(Array.from({ length: 40 }, async () => {
      const shopper = await createUser();
      await createCartItem(shopper.user, product, 1, 'M');
      return shopper;
    }));
    const answers = await Promise.all(shoppers.map((shopper) => checkout(shopper, 'card')));
    const held = answers.filter((answer) => answer.status === 201);
    expect(held).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(35);
    expect(await stockOf(product)).toBe(0);
    for (const answer of held) await paymob.pay(answer.answer.order._id, 'paid');
    const placed = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'accepted'));
    expect(placed.filter((row) => held.some((answer) => answer.answer.order._id === row.id))).toHaveLength(5);
    expect(await stockOf(product)).toBe(0);
  });

  it('a paid order canceled by the admin is refunded once, through a Paymob outage, retried by the queue', async () => {
    const { shopper } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'card');
    const transaction = await paymob.pay(order._id, 'paid');
    const admin = await createAdmin();
    // the same day: a void, refused twice, and the refund it falls back to refused once
    paymob.failNext('void', 2);
    paymob.failNext('refund', 1);
    const canceled = await api('cancelOrder', { app, params: { id: order._id }, headers: admin.auth });
    expect(canceled.status, canceled.text).toBe(200);
    await expect.poll(async () => (await app.db.select().from(payments).where(eq(payments.orderId, order._id)))[0]!.status, { timeout: 20_000 }).toBe('refunded');
    const givenBack = () => [...paymob.voids, ...paymob.refunds].filter((each) => String(each.transactionId) === String(transaction.id));
    expect(givenBack()).toHaveLength(1);
    // nothing left to ask again: still once when the queue is idle
    await settled();
    expect(givenBack()).toHaveLength(1);
  }, 40_000);
});

describe('finishing the payment from the order’s page (issue 42): the same payment again, or another way', () => {
  const pay = (orderId: string, headers: Record<string, string>, method?: 'card' | 'wallet' | 'kiosk') =>
    api('payOrder', { app, params: { id: orderId }, headers, body: method ? { method } : {} });
  const intentionsOf = (orderId: string) => [...paymob.intentions.values()].filter((each) => each.special_reference?.startsWith(orderId));
  const paymentsOf = (orderId: string) => app.db.select().from(payments).where(eq(payments.orderId, orderId));

  it('"Pay now" reopens the payment she started: the same checkout page, no new intention, for her alone', async () => {
    const { shopper } = await shopperWithCart({ stock: 5 });
    const started_ = await started(shopper, 'wallet');
    const again = await pay(started_.order._id, shopper.auth);
    expect(again.status, again.text).toBe(200);
    expect(again.answer).toMatchObject({ checkoutUrl: started_.checkoutUrl, clientSecret: started_.clientSecret, publicKey: KEYS.publicKey, order: { _id: started_.order._id, status: 'awaiting-payment' } });
    expect(again.headers['cache-control']).toBe('no-store');
    // her own way named again opens nothing either
    expect((await pay(started_.order._id, shopper.auth, 'wallet')).answer.checkoutUrl).toBe(started_.checkoutUrl);
    expect(intentionsOf(started_.order._id)).toHaveLength(1);
    // nobody else: another customer, a visitor, a made-up token
    const other = await createUser();
    expect((await pay(started_.order._id, other.auth)).status).toBe(404);
    expect((await pay(started_.order._id, {})).status).toBe(401);
    expect((await pay(started_.order._id, { 'x-order-token': 'x'.repeat(43) })).status).toBe(404);
  });

  it('a guest pays with her order’s token, and another way opens a new intention for the same total, within the same hold', async () => {
    const product = await createProduct({ price: 200, sizes: [{ size: 'M', stock: 4 }] });
    const { answer } = await checkout(null, 'card', { lines: [{ product: product._id, size: 'M', quantity: 1 }] });
    const { order, guestToken } = answer;
    const headers = { 'x-order-token': guestToken! };
    expect((await pay(order._id, headers)).answer.checkoutUrl).toBe(answer.checkoutUrl);

    const kiosk = await pay(order._id, headers, 'kiosk');
    expect(kiosk.status, kiosk.text).toBe(200);
    expect(kiosk.answer.checkoutUrl).not.toBe(answer.checkoutUrl);
    expect(kiosk.answer.order.payment).toMatchObject({ method: 'kiosk', holdUntil: order.payment!.holdUntil, reference: null });
    const second = [...paymob.intentions.values()].find((each) => each.special_reference === `${order._id}.2`)!;
    expect(second).toMatchObject({ amount: Math.round(order.totalPrice * 100), client_secret: kiosk.answer.clientSecret });
    expect(second.payment_methods.map((method) => method.integration_id)).toEqual([203]);
    expect(second.redirection_url).toBe(`${shopUrl}/api/payments/paymob/return?shop_order=${order._id}&token=${guestToken}`);
    // Paymob's page expires when the order's hold does: another way never holds the pieces longer
    expect(second.expiresAt).toBeLessThanOrEqual(Date.parse(order.payment!.holdUntil) + 1000);
    expect(await stockOf(product)).toBe(3);
    // her new way's reference, then her payment at the kiosk, place the order
    const pending = await paymob.pay(`${order._id}.2`, 'kiosk-pending', { method: 'kiosk' });
    const read = await api('getGuestOrder', { app, params: { id: order._id }, headers });
    expect(read.answer).toMatchObject({ status: 'awaiting-payment', payment: { method: 'kiosk', reference: String(pending.data.bill_reference) } });
    await paymob.pay(`${order._id}.2`, 'kiosk-paid', { method: 'kiosk' });
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ status: 'accepted', paymentMethod: 'kiosk', paymentIntentId: second.id });
    // the card way she left, paid afterwards in an old tab: given back, the order as it is
    const stray = await paymob.pay(order._id, 'paid');
    await settled();
    expect([...paymob.voids, ...paymob.refunds].filter((each) => String(each.transactionId) === String(stray.id))).toHaveLength(1);
    expect(await orderRow(order._id)).toMatchObject({ status: 'accepted', paymentIntentId: second.id });
    // a paid order is not paid again
    expect((await pay(order._id, headers, 'wallet')).status).toBe(409);
  });

  it('the way she left, paid before the new one, places the order and is the payment a cancel refunds; its failure lets nothing go', async () => {
    const { shopper, product } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'card');
    const wallet = await pay(order._id, shopper.auth, 'wallet');
    expect(wallet.status, wallet.text).toBe(200);
    // a declined try on the card page she left open does not release the order she now pays by wallet
    await paymob.pay(order._id, 'declined');
    expect((await orderRow(order._id)).status).toBe('awaiting-payment');
    expect(await stockOf(product)).toBe(4);
    const paid = await paymob.pay(order._id, 'paid', { again: true });
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ status: 'accepted', paymentMethod: 'card' });
    const opened = await paymentsOf(order._id);
    expect(opened).toHaveLength(2);
    expect(opened.find((each) => each.id === row.paymentIntentId)).toMatchObject({ method: 'card', status: 'succeeded', transactionId: String(paid.id) });
    // the admin cancels it: the card that paid is what goes back
    const admin = await createAdmin();
    expect((await api('moveOrder', { app, params: { id: order._id }, body: { status: 'canceled' }, headers: admin.auth })).status).toBe(200);
    await settled();
    expect([...paymob.voids, ...paymob.refunds].filter((each) => String(each.transactionId) === String(paid.id))).toHaveLength(1);
  });

  it('a lost callback of the new way: her return asks Paymob about every way she opened', async () => {
    const { shopper } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'card');
    expect((await pay(order._id, shopper.auth, 'wallet')).status).toBe(200);
    paymob.callbackMode = 'held';
    try {
      await paymob.pay(`${order._id}.2`, 'paid', { method: 'wallet' });
      expect((await orderRow(order._id)).status).toBe('awaiting-payment');
      const back = await app.inject({ method: 'GET', url: `/api/payments/paymob/return?shop_order=${order._id}` });
      expect(back.statusCode).toBe(303);
      expect(await orderRow(order._id)).toMatchObject({ status: 'accepted', paymentMethod: 'wallet' });
      await paymob.releaseCallbacks();
    } finally {
      paymob.callbackMode = 'immediate';
    }
    expect((await orderRow(order._id)).history.filter((change) => change.status === 'accepted')).toHaveLength(1);
  });

  it('refuses a way not offered, an order not waiting, and a sixth payment; Paymob down opens nothing', async () => {
    const { shopper } = await shopperWithCart({ stock: 5 });
    const { order } = await started(shopper, 'card');
    expect((await api('payOrder', { app, params: { id: order._id }, headers: shopper.auth, payload: { method: 'installments' } })).status).toBe(400);
    paymob.failNext('intention');
    const down = await pay(order._id, shopper.auth, 'kiosk');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ message: MESSAGES.paymentNotStarted });
    expect((await orderRow(order._id)).paymentMethod).toBe('card');
    for (const method of ['wallet', 'kiosk', 'card', 'wallet'] as const) expect((await pay(order._id, shopper.auth, method)).status).toBe(200);
    const sixth = await pay(order._id, shopper.auth, 'kiosk');
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({ message: MESSAGES.payTriesUsed });
    // the way she has now is still hers to reopen
    expect((await pay(order._id, shopper.auth)).status).toBe(200);
    await paymob.pay(`${order._id}.5`, 'declined', { method: 'wallet' });
    expect((await orderRow(order._id)).status).toBe('payment-failed');
    const over = await pay(order._id, shopper.auth);
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ message: MESSAGES.notAwaitingPayment });
  });
});
