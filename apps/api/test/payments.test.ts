import Stripe from 'stripe';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../src/db/schema.ts';
import { billing, buildAppWith, createProduct, createUser, getApp, getTestContext } from './helpers.ts';

type Auth = { authorization: string };

async function cartWith(auth: Auth, price = 250, quantity = 2) {
  const app = await getApp();
  const product = await createProduct({ price, disCountPrecent: 10 });
  const added = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: auth, payload: { product: product._id, quantaty: quantity } });
  expect(added.statusCode).toBe(201);
  // 250 - 10% = 225 x 2 + 30 shipping
  return { product, quantity, total: 225 * quantity + 30 };
}

async function startPayment(auth: Auth) {
  const app = await getApp();
  const response = await app.inject({ method: 'POST', url: '/api/orders/payment', headers: auth, payload: { amount: 1 } });
  expect(response.statusCode).toBe(200);
  return response.json() as { client_secret: string; paymentIntentId: string; amount: number; currency: string };
}

async function confirm(auth: Auth, clientSecret: string, cardNumber: string) {
  const app = await getApp();
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: auth,
    payload: { client_secret: clientSecret, cardNumber, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
}

function creditOrder(product: { _id: string }, quantity: number, total: number, paymentIntentId?: string) {
  return { ...billing(), wayForPayment: 'credit', totalPrice: total.toFixed(2), productId: [product._id], quantaties: [quantity], paymentIntentId };
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
    const app = await getApp();
    expect((await app.inject({ method: 'POST', url: '/api/orders/payment', payload: {} })).statusCode).toBe(401);
    const { auth } = await createUser();
    const empty = await app.inject({ method: 'POST', url: '/api/orders/payment', headers: auth, payload: {} });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Your cart is empty');
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
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json()).toEqual({ message });
    else expect(response.json()).toEqual({ status: 'succeeded', paymentIntentId: payment.paymentIntentId });
  });

  it('refuses an expired card and a short security code', async () => {
    const app = await getApp();
    const { auth } = await createUser();
    await cartWith(auth);
    const payment = await startPayment(auth);
    const expired = await app.inject({
      method: 'POST', url: '/api/payments/sandbox/confirm', headers: auth,
      payload: { client_secret: payment.client_secret, cardNumber: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' },
    });
    expect(expired.json()).toEqual({ message: 'Your card has expired.' });
    const cvc = await app.inject({
      method: 'POST', url: '/api/payments/sandbox/confirm', headers: auth,
      payload: { client_secret: payment.client_secret, cardNumber: '4242424242424242', expMonth: 1, expYear: new Date().getFullYear() + 3, cvc: '1' },
    });
    expect(cvc.json()).toEqual({ message: "Your card's security code is invalid." });
  });

  it('cannot confirm someone else\'s payment', async () => {
    const owner = await createUser();
    await cartWith(owner.auth);
    const payment = await startPayment(owner.auth);
    const stranger = await createUser();
    const response = await confirm(stranger.auth, payment.client_secret, '4242424242424242');
    expect(response.statusCode).toBe(404);
  });
});

describe('a credit order needs a verified, unused payment of exactly its amount', () => {
  it('is placed after a succeeded payment, once', async () => {
    const app = await getApp();
    const { auth, user } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const payment = await startPayment(auth);
    expect((await confirm(auth, payment.client_secret, '4242424242424242')).statusCode).toBe(200);
    const placed = await app.inject({ method: 'POST', url: '/api/orders/new-order', headers: auth, payload: creditOrder(product, quantity, total, payment.paymentIntentId) });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ wayForPayment: 'credit', totalPrice: total, isCanceled: false });

    // the same payment again, for a new cart of the same amount
    const second = await cartWith(auth);
    const again = await app.inject({
      method: 'POST', url: '/api/orders/new-order', headers: auth,
      payload: creditOrder(second.product, second.quantity, second.total, payment.paymentIntentId),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment has already been used for an order');
    expect(await orderCount(user._id)).toBe(1);
  });

  it('is refused without a payment, with a declined one, someone else\'s, or one for another amount, writing nothing', async () => {
    const app = await getApp();
    const { auth, user } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const place = (paymentIntentId?: string) =>
      app.inject({ method: 'POST', url: '/api/orders/new-order', headers: auth, payload: creditOrder(product, quantity, total, paymentIntentId) });

    const none = await place();
    expect(none.statusCode).toBe(402);
    expect(none.json().message).toBe('Please pay by card before placing the order');

    const declined = await startPayment(auth);
    await confirm(auth, declined.client_secret, '4000000000000002');
    expect((await place(declined.paymentIntentId)).statusCode).toBe(402);

    const unconfirmed = await startPayment(auth);
    expect((await place(unconfirmed.paymentIntentId)).statusCode).toBe(402);

    const other = await createUser();
    await cartWith(other.auth);
    const othersPayment = await startPayment(other.auth);
    await confirm(other.auth, othersPayment.client_secret, '4242424242424242');
    const stolen = await place(othersPayment.paymentIntentId);
    expect(stolen.statusCode).toBe(402);
    expect(stolen.json().message).toBe('We could not find your card payment, please pay again');

    // paid for the cart as it was, then the cart grew
    const paid = await startPayment(auth);
    await confirm(auth, paid.client_secret, '4242424242424242');
    await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: auth, payload: { product: product._id, quantaty: 1 } });
    const grown = await app.inject({
      method: 'POST', url: '/api/orders/new-order', headers: auth,
      payload: creditOrder(product, quantity + 1, total + 225, paid.paymentIntentId),
    });
    expect(grown.statusCode).toBe(409);
    expect(grown.json().message).toBe('The amount paid does not match your cart, please pay again');

    expect(await orderCount(user._id)).toBe(0);
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: auth });
    expect(cart.json()).toHaveLength(1);
    expect(cart.json()[0].quantaty).toBe(quantity + 1);
  });
});

describe('a paid payment no order took', () => {
  it('is refunded when the customer starts paying for a changed cart, and cannot pay for an order afterwards', async () => {
    const app = await getApp();
    const { auth } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const first = await startPayment(auth);
    expect((await confirm(auth, first.client_secret, '4242424242424242')).statusCode).toBe(200);

    await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: auth, payload: { product: product._id, quantaty: 1 } });
    const second = await startPayment(auth);
    expect(second.amount).toBe((total + 225) * 100);
    const [refunded] = await app.db.select().from(payments).where(eq(payments.id, first.paymentIntentId));
    expect(refunded!.status).toBe('refunded');

    const reuse = await app.inject({
      method: 'POST', url: '/api/orders/new-order', headers: auth,
      payload: creditOrder(product, quantity + 1, total + 225, first.paymentIntentId),
    });
    expect(reuse.statusCode).toBe(402);
  });
});

describe('Idempotency-Key on new-order', () => {
  it('answers the first order to every repeat, and refuses the key with another body', async () => {
    const app = await getApp();
    const { auth, user } = await createUser();
    const { product, quantity, total } = await cartWith(auth);
    const body = { ...billing(), wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [quantity] };
    const headers = { ...auth, 'idempotency-key': `checkout-${user._id}` };
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/api/orders/new-order', headers, payload: body })),
    );
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(attempts.map((response) => response.json()._id)).size).toBe(1);
    expect(await orderCount(user._id)).toBe(1);

    const changed = await app.inject({ method: 'POST', url: '/api/orders/new-order', headers, payload: { ...body, city: 'Giza' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('This Idempotency-Key was already used for a different order');
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
      app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

    const forged = await send(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid Stripe signature');
    const [before] = await app.db.select().from(payments).where(eq(payments.id, intentId));
    expect(before!.status).toBe('requires_payment_method');

    const genuine = await send(stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json()).toEqual({ received: true });
    const [after] = await app.db.select().from(payments).where(eq(payments.id, intentId));
    expect(after!.status).toBe('succeeded');

    const duplicate = await send(stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(duplicate.json()).toEqual({ received: true, duplicate: true });

    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({ paymentProvider: 'stripe', publishableKey: 'pk_test_offline', currency: 'egp' });
    await app.close();
  });
});
