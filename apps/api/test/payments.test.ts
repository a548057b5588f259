import Stripe from 'stripe';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../src/db/schema.ts';
import { billing, buildAppWith, createProduct, createUser, getApp, getTestContext } from './helpers.ts';
import { api } from './client.ts';

type Auth = { authorization: string };

async function cartWith(auth: Auth, price = 250, quantity = 2) {
  const product = await createProduct({ price, disCountPrecent: 10 });
  const added = await api('addToCart', { headers: auth, body: { product: product._id, quantaty: quantity } });
  expect(added.status).toBe(201);
  // 250 - 10% = 225 x 2 + 30 shipping
  return { product, quantity, total: 225 * quantity + 30 };
}

async function startPayment(auth: Auth) {
  const response = await api('createPayment', { headers: auth, payload: { amount: 1 } });
  expect(response.status).toBe(200);
  return response.answer;
}

async function confirm(auth: Auth, clientSecret: string, cardNumber: string) {
  return api('confirmSandboxPayment', { headers: auth, body: { client_secret: clientSecret, cardNumber, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' } });
}

function creditOrder(product: { _id: string }, quantity: number, total: number, paymentIntentId?: string) {
  return { ...billing(), wayForPayment: 'credit' as const, totalPrice: total.toFixed(2), productId: [product._id], quantaties: [quantity], paymentIntentId };
}

async function orderCount(userId: string) {
  const { app } = await getTestContext();
  const [row] = await app.db.select({ value: count() }).from(orders).where(eq(orders.userId, userId));
  return row!.value;
}

describe('POST /api/orders/payment', () => {
  it('takes the amount from the caller\'s cart, whatever the body says', async () => {
    const { auth } = await createUser();
    const { total } = await cartWith(auth);
    const payment = await startPayment(auth);
    expect(payment).toMatchObject({ amount: total * 100, currency: 'egp' });
    expect(payment.client_secret).toContain(payment.paymentIntentId);
  });

  it('needs a token and a cart', async () => {
    expect((await api('createPayment', { body: {} })).status).toBe(401);
    const { auth } = await createUser();
    const empty = await api('createPayment', { headers: auth, body: {} });
    expect(empty.status).toBe(409);
    expect(empty.message).toBe('Your cart is empty');
  });
});

describe('sandbox card outcomes', () => {
  it.each([
    ['4242 4242 4242 4242', 200, undefined],
    ['4000 0000 0000 0002', 402, 'Your card was declined.'],
    ['4000 0000 0000 9995', 402, 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', 400, 'Your card number is invalid.'],
    ['', 400, 'Card number is required'],
  ])('%s answers %i', async (card, status, message) => {
    const { auth } = await createUser();
    await cartWith(auth);
    const payment = await startPayment(auth);
    const response = await confirm(auth, payment.client_secret, card);
    expect(response.status).toBe(status);
    if (message) expect(response.body).toEqual({ message });
    else expect(response.answer).toEqual({ status: 'succeeded', paymentIntentId: payment.paymentIntentId });
  });

  it('refuses an expired card and a short security code', async () => {
    const { auth } = await createUser();
    await cartWith(auth);
    const payment = await startPayment(auth);
    const expired = await api('confirmSandboxPayment', { headers: auth, body: { client_secret: payment.client_secret, cardNumber: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' } });
    expect(expired.body).toEqual({ message: 'Your card has expired.' });
    const cvc = await api('confirmSandboxPayment', { headers: auth, body: { client_secret: payment.client_secret, cardNumber: '4242424242424242', expMonth: 1, expYear: new Date().getFullYear() + 3, cvc: '1' } });
    expect(cvc.body).toEqual({ message: "Your card's security code is invalid." });
  });

  it('cannot confirm someone else\'s payment', async () => {
    const owner = await createUser();
    await cartWith(owner.auth);
    const payment = await startPayment(owner.auth);
    const stranger = await createUser();
    const response = await confirm(stranger.auth, payment.client_secret, '4242424242424242');
    expect(response.status).toBe(404);
  });
});

describe('a credit order needs a verified, unused payment of exactly its amount', () => {
  it('is placed after a succeeded payment, once', async () => {
    const { auth, user } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const payment = await startPayment(auth);
    expect((await confirm(auth, payment.client_secret, '4242424242424242')).status).toBe(200);
    const placed = await api('placeOrder', { headers: auth, body: creditOrder(product, quantity, total, payment.paymentIntentId) });
    expect(placed.status).toBe(201);
    expect(placed.answer).toMatchObject({ wayForPayment: 'credit' as const, totalPrice: total, isCanceled: false });

    // the same payment again, for a new cart of the same amount
    const second = await cartWith(auth);
    const again = await api('placeOrder', { headers: auth, body: creditOrder(second.product, second.quantity, second.total, payment.paymentIntentId) });
    expect(again.status).toBe(409);
    expect(again.message).toBe('This payment has already been used for an order');
    expect(await orderCount(user._id)).toBe(1);
  });

  it('is refused without a payment, with a declined one, someone else\'s, or one for another amount, writing nothing', async () => {
    const { auth, user } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const place = (paymentIntentId?: string) =>
      api('placeOrder', { headers: auth, body: creditOrder(product, quantity, total, paymentIntentId) });

    const none = await place();
    expect(none.status).toBe(402);
    expect(none.message).toBe('Please pay by card before placing the order');

    const declined = await startPayment(auth);
    await confirm(auth, declined.client_secret, '4000000000000002');
    expect((await place(declined.paymentIntentId)).status).toBe(402);

    const unconfirmed = await startPayment(auth);
    expect((await place(unconfirmed.paymentIntentId)).status).toBe(402);

    const other = await createUser();
    await cartWith(other.auth);
    const othersPayment = await startPayment(other.auth);
    await confirm(other.auth, othersPayment.client_secret, '4242424242424242');
    const stolen = await place(othersPayment.paymentIntentId);
    expect(stolen.status).toBe(402);
    expect(stolen.message).toBe('We could not find your card payment, please pay again');

    // paid for the cart as it was, then the cart grew
    const paid = await startPayment(auth);
    await confirm(auth, paid.client_secret, '4242424242424242');
    await api('addToCart', { headers: auth, body: { product: product._id, quantaty: 1 } });
    const grown = await api('placeOrder', { headers: auth, body: creditOrder(product, quantity + 1, total + 225, paid.paymentIntentId) });
    expect(grown.status).toBe(409);
    expect(grown.message).toBe('The amount paid does not match your cart, please pay again');

    expect(await orderCount(user._id)).toBe(0);
    const cart = await api('getCart', { headers: auth });
    expect(cart.answer).toHaveLength(1);
    expect(cart.answer[0]?.quantaty).toBe(quantity + 1);
  });
});

describe('a paid payment no order took', () => {
  it('is refunded when the customer starts paying for a changed cart, and cannot pay for an order afterwards', async () => {
    const app = await getApp();
    const { auth } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const first = await startPayment(auth);
    expect((await confirm(auth, first.client_secret, '4242424242424242')).status).toBe(200);

    await api('addToCart', { headers: auth, body: { product: product._id, quantaty: 1 } });
    const second = await startPayment(auth);
    expect(second.amount).toBe((total + 225) * 100);
    // the refund is a job, queued with the claim
    const statusOf = async () => (await app.db.select().from(payments).where(eq(payments.id, first.paymentIntentId)))[0]!.status;
    await expect.poll(statusOf).toBe('refunded');

    const reuse = await api('placeOrder', { headers: auth, body: creditOrder(product, quantity + 1, total + 225, first.paymentIntentId) });
    expect(reuse.status).toBe(402);
  });
});

describe('Idempotency-Key on new-order', () => {
  it('answers the first order to every repeat, and refuses the key with another body', async () => {
    const { auth, user } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const body = { ...billing(), wayForPayment: 'cash' as const, totalPrice: total, productId: [product._id], quantaties: [quantity] };
    const headers = { ...auth, 'idempotency-key': `checkout-${user._id}` };
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () => api('placeOrder', { headers, body })),
    );
    expect(attempts.map((response) => response.status)).toEqual(Array(10).fill(201));
    expect(new Set(attempts.map((response) => response.answer._id)).size).toBe(1);
    expect(await orderCount(user._id)).toBe(1);

    const changed = await api('placeOrder', { headers, body: { ...body, city: 'Giza' } });
    expect(changed.status).toBe(409);
    expect(changed.message).toBe('This Idempotency-Key was already used for a different order');
  });
});

describe('Stripe webhook', () => {
  const secret = 'whsec_test_secret_for_offline_signatures';

  it('refuses a bad signature and records a good event once', async () => {
    const app = await buildAppWith({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: secret,
    });
    const { user } = await createUser();
    const intentId = `pi_test_${Date.now()}`;
    await app.db.insert(payments).values({ id: intentId, provider: 'stripe', userId: user._id, amountPiastres: 50_000, status: 'requires_payment_method', clientSecret: `${intentId}_secret` });
    const event = {
      id: `evt_${Date.now()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded', amount: 50_000, amount_received: 50_000, currency: 'egp' } },
    };
    const payload = JSON.stringify(event);
    const stripe = new Stripe('sk_test_offline');
    const send = (signature: string) =>
      api('stripeWebhook', { app, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

    const forged = await send(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.status).toBe(400);
    expect(forged.message).toBe('Invalid Stripe signature');
    const [before] = await app.db.select().from(payments).where(eq(payments.id, intentId));
    expect(before!.status).toBe('requires_payment_method');

    const genuine = await send(stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(genuine.status).toBe(200);
    expect(genuine.answer).toEqual({ received: true });
    const [after] = await app.db.select().from(payments).where(eq(payments.id, intentId));
    expect(after!.status).toBe('succeeded');

    const duplicate = await send(stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(duplicate.answer).toEqual({ received: true, duplicate: true });

    const config = await api('publicConfig', { app });
    expect(config.answer).toEqual({ paymentProvider: 'stripe', publishableKey: 'pk_test_offline', currency: 'egp' });
    await app.close();
  });
});
