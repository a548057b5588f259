// The local Paymob stand-in (scripts/paymob-test-server.mjs) speaks Paymob's documented wire: the shop's payment tests
// are only as good as it is. A small HTTP server here plays the shop's callback endpoint.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymobTestServer, type PaymobIntention, type PaymobTestServer, type PaymobTransaction } from '../../../scripts/paymob-test-server.mjs';

const keys = { secretKey: 'egy_sk_test_unit', apiKey: 'paymob_api_key_unit', publicKey: 'egy_pk_test_unit', hmacSecret: 'hmac_unit' };
const integrations = { card: 11, wallet: 12, kiosk: 13 };

/** Paymob's documented HMAC, written out here again so the server's is checked against the docs, not against itself. */
function documentedHmac(obj: PaymobTransaction) {
  const b = (value: boolean) => (value ? 'true' : 'false');
  const text = [
    obj.amount_cents, obj.created_at, obj.currency, b(obj.error_occured), b(obj.has_parent_transaction), obj.id,
    obj.integration_id, b(obj.is_3d_secure), b(obj.is_auth), b(obj.is_capture), b(obj.is_refunded),
    b(obj.is_standalone_payment), b(obj.is_voided), obj.order.id, obj.owner, b(obj.pending), obj.source_data.pan,
    obj.source_data.sub_type, obj.source_data.type, b(obj.success),
  ].join('');
  return createHmac('sha512', keys.hmacSecret).update(text).digest('hex');
}

interface Received {
  url: URL;
  body: { type: string; obj: PaymobTransaction };
}

let paymob: PaymobTestServer;
let shop: http.Server;
let shopUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  paymob = await startPaymobTestServer({ ...keys, integrations });
  shop = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ url: new URL(req.url ?? '/', shopUrl), body: JSON.parse(text) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await paymob.close();
  await new Promise((resolve) => shop.close(resolve));
});

/** A server call; T is what a test expects the answer's body to be (a refusal's is { detail }). */
const call = async <T = { detail?: string }>(
  method: string,
  path: string,
  body?: unknown,
  { auth = `Token ${keys.secretKey}`, signal }: { auth?: string; signal?: AbortSignal } = {},
) => {
  const answer = await fetch(paymob.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  return { status: answer.status, body: (await answer.json()) as T };
};

let orders = 0;
const intentionBody = (overrides: Record<string, unknown> = {}) => ({
  amount: 45000,
  currency: 'EGP',
  payment_methods: [integrations.card],
  items: [
    { name: 'Linen shirt', amount: 15000, quantity: 2, description: 'White, M' },
    { name: 'Socks', amount: 15000 },
  ],
  billing_data: { first_name: 'Mona', last_name: 'Hassan', email: 'mona@example.com', phone_number: '+201001234567', city: 'Cairo' },
  special_reference: `order-${++orders}`,
  notification_url: `${shopUrl}/payments/paymob/callback?shop=1`,
  redirection_url: 'http://shop.test/checkout/return?lang=ar',
  ...overrides,
});

const createIntention = async (overrides: Record<string, unknown> = {}) => {
  const body = intentionBody(overrides);
  const answer = await call<PaymobIntention>('POST', '/v1/intention/', body);
  expect(answer.status).toBe(201);
  return { ...answer.body, reference: body.special_reference as string };
};

const lastCallback = () => received.at(-1) as Received;

/** The inquiry's authorization, as Paymob documents it: an auth token made from the API key, as a Bearer token. */
const bearer = async () => {
  const answer = await call<{ token: string }>('POST', '/api/auth/tokens', { api_key: keys.apiKey }, { auth: '' });
  expect(answer.status).toBe(201);
  return `Bearer ${answer.body.token}`;
};

describe('intentions', () => {
  it('are made with the documented answer and logged with their authorization', async () => {
    const body = intentionBody({ payment_methods: [integrations.card, integrations.kiosk] });
    const { status, body: answer } = await call<PaymobIntention>('POST', '/v1/intention/', body);
    expect(status).toBe(201);
    expect(answer).toMatchObject({
      id: expect.stringMatching(/^pi_test_[0-9a-f]+$/),
      client_secret: expect.stringMatching(/^egy_csk_test_[0-9a-f]+$/),
      intention_order_id: expect.any(Number),
      amount: 45000,
      currency: 'EGP',
      status: 'intended',
      special_reference: body.special_reference,
      payment_methods: [
        { integration_id: 11, method_type: 'card', name: expect.any(String) },
        { integration_id: 13, method_type: 'kiosk', name: expect.any(String) },
      ],
    });
    expect(new Date(answer.created).toISOString()).toBe(answer.created);
    expect(paymob.intentions.get(answer.id)?.notification_url).toBe(body.notification_url);
    expect(paymob.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/intention/', authorization: `Token ${keys.secretKey}`, body });
  });

  it('are refused as Paymob refuses them', async () => {
    const noAuth = { detail: 'Authentication credentials were not provided.' };
    expect(await call('POST', '/v1/intention/', intentionBody(), { auth: '' })).toEqual({ status: 401, body: noAuth });
    expect(await call('POST', '/v1/intention/', intentionBody(), { auth: 'Token wrong' })).toEqual({ status: 401, body: noAuth });

    const unknown = await call('POST', '/v1/intention/', intentionBody({ payment_methods: [999] }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/^Integration ID\/Name does not exist in our system/);

    const badSum = await call('POST', '/v1/intention/', intentionBody({ amount: 44000 }));
    expect(badSum.status).toBe(400);
    expect(badSum.body.detail).toEqual(expect.any(String));

    const noName = await call('POST', '/v1/intention/', intentionBody({ items: [{ amount: 45000 }] }));
    expect(noName).toEqual({ status: 400, body: { items: { name: ['This field is required.'] } } });

    const noEmail = await call('POST', '/v1/intention/', intentionBody({ billing_data: { first_name: 'A', last_name: 'B', phone_number: '+20' } }));
    expect(noEmail).toEqual({ status: 400, body: { billing_data: { email: ['This field is required.'] } } });

    const first = await createIntention();
    const again = await call('POST', '/v1/intention/', intentionBody({ special_reference: first.reference }));
    expect(again).toEqual({ status: 400, body: { detail: 'special_reference must be unique' } });
  });

  it('cannot be paid once expired', async () => {
    const intention = await createIntention({ expiration: 1 });
    paymob.intentions.get(intention.id)!.expiresAt = Date.now() - 1; // rather than wait a second
    await expect(paymob.pay(intention.reference, 'paid')).rejects.toThrow(/expired/);
  });
});

describe('processed callbacks', () => {
  it("are signed with Paymob's documented HMAC", () => {
    const obj = {
      id: 192036465, pending: false, amount_cents: 45000, success: true, is_auth: false, is_capture: false,
      is_standalone_payment: true, is_voided: false, is_refunded: false, is_3d_secure: true, integration_id: 11,
      has_parent_transaction: false, order: { id: 217503754 }, created_at: '2026-11-26T15:33:44.592345', currency: 'EGP',
      error_occured: false, owner: 302852, source_data: { type: 'card', sub_type: 'MasterCard', pan: '2346' },
    };
    // The concatenation, spelled out once by hand from the docs' field order.
    const text = '450002026-11-26T15:33:44.592345EGPfalsefalse19203646511truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';
    expect(paymob.sign(obj)).toBe(createHmac('sha512', keys.hmacSecret).update(text).digest('hex'));
    expect(paymob.signedCallbackUrl('http://shop.test/cb?a=1', obj)).toBe(`http://shop.test/cb?a=1&hmac=${paymob.sign(obj)}`);
  });

  it('reach the notification_url when pay() pays, declines, or gives a kiosk reference', async () => {
    const card = await createIntention({ payment_methods: [integrations.card, integrations.wallet] });
    const paid = await paymob.pay(card.reference, 'paid');
    const callback = lastCallback();
    expect(callback.url.pathname).toBe('/payments/paymob/callback');
    expect(callback.url.searchParams.get('shop')).toBe('1');
    expect(callback.url.searchParams.get('hmac')).toBe(documentedHmac(callback.body.obj));
    expect(callback.body).toEqual({ type: 'TRANSACTION', obj: paid });
    expect(paid).toMatchObject({
      success: true, pending: false, amount_cents: 45000, integration_id: 11, currency: 'EGP', error_occured: false,
      is_auth: false, is_capture: false, is_standalone_payment: true, is_voided: false, is_refunded: false,
      has_parent_transaction: false, source_data: { type: 'card', sub_type: 'MasterCard', pan: '2346' },
      order: { id: card.intention_order_id, merchant_order_id: card.reference, amount_cents: 45000, currency: 'EGP' },
      payment_key_claims: { extra: {} },
    });
    expect(paid.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    expect(paymob.sentCallbacks.at(-1)).toMatchObject({ status: 200 });
    expect(paymob.transactions.get(paid.id)).toEqual(paid);
    await expect(paymob.pay(card.reference, 'paid'), 'an intention is paid once').rejects.toThrow(/already paid/);

    const wallet = await createIntention({ payment_methods: [integrations.wallet] });
    const declined = await paymob.pay(wallet.reference, 'declined');
    expect(declined).toMatchObject({ success: false, pending: false, data: { message: 'Declined' }, source_data: { type: 'wallet', pan: '01010101010' } });
    expect(lastCallback().url.searchParams.get('hmac')).toBe(documentedHmac(declined));

    const kiosk = await createIntention({ payment_methods: [integrations.kiosk] });
    const pending = await paymob.pay(kiosk.reference, 'kiosk-pending');
    expect(pending).toMatchObject({ success: false, pending: true, source_data: { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' } });
    expect(pending.data.bill_reference).toEqual(expect.any(Number));
    const kioskPaid = await paymob.pay(kiosk.reference, 'kiosk-paid');
    expect(kioskPaid).toMatchObject({ id: pending.id, success: true, pending: false, data: { bill_reference: pending.data.bill_reference } });
    expect(lastCallback().url.searchParams.get('hmac')).toBe(documentedHmac(kioskPaid));
  });

  it('are held until released, or sent twice', async () => {
    try {
      paymob.callbackMode = 'held';
      const one = await createIntention();
      const two = await createIntention();
      const before = received.length;
      const first = await paymob.pay(one.reference, 'paid');
      const second = await paymob.pay(two.reference, 'declined');
      expect(received.length).toBe(before);
      await paymob.releaseCallbacks();
      expect(received.slice(before).map((r) => r.body.obj.id)).toEqual([first.id, second.id]);
      expect(paymob.sentCallbacks.slice(-2).map((c) => c.status)).toEqual([200, 200]);

      paymob.callbackMode = 'twice';
      const three = await createIntention();
      const third = await paymob.pay(three.reference, 'paid');
      expect(received.slice(-2).map((r) => r.body.obj.id)).toEqual([third.id, third.id]);
    } finally {
      paymob.callbackMode = 'immediate';
    }
  });
});

describe('Unified Checkout', () => {
  it('shows the amount and the way, and on Pay sends the callback and redirects with the signed response query', async () => {
    const intention = await createIntention();
    const page = await fetch(paymob.checkoutUrl(intention.client_secret));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<main>');
    expect(html).toContain('EGP 450.00');
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Decline<\/button>/);

    const wrong = await fetch(`${paymob.url}/unifiedcheckout/?publicKey=nope&clientSecret=${intention.client_secret}`);
    expect(wrong.status).toBe(404);

    const form = new URLSearchParams({ publicKey: keys.publicKey, clientSecret: intention.client_secret, integration_id: '11', outcome: 'paid' });
    const answer = await fetch(`${paymob.url}/unifiedcheckout/pay`, { method: 'POST', body: form, redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://shop.test/checkout/return');
    expect(back.searchParams.get('lang')).toBe('ar');
    const obj = lastCallback().body.obj;
    expect(obj.order.merchant_order_id).toBe(intention.reference);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      id: String(obj.id), success: 'true', pending: 'false', amount_cents: '45000', order: String(intention.intention_order_id),
      merchant_order_id: intention.reference, 'source_data.type': 'card', 'data.message': 'Approved', created_at: obj.created_at,
    });
    expect(back.searchParams.get('hmac')).toBe(documentedHmac(obj));
  });

  it('gives a kiosk reference and a way back to the shop', async () => {
    const intention = await createIntention({ payment_methods: [integrations.kiosk] });
    const html = await (await fetch(paymob.checkoutUrl(intention.client_secret))).text();
    expect(html).toMatch(/<button[^>]*>Get a reference<\/button>/);
    const form = new URLSearchParams({ publicKey: keys.publicKey, clientSecret: intention.client_secret, integration_id: '13', outcome: 'kiosk-pending' });
    const answer = await fetch(`${paymob.url}/unifiedcheckout/pay`, { method: 'POST', body: form, redirect: 'manual' });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    const obj = lastCallback().body.obj;
    expect(obj.pending).toBe(true);
    expect(page).toContain(String(obj.data.bill_reference));
    const href = /<a href="([^"]+)">Back to the shop<\/a>/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    expect(new URL(href!).searchParams.get('pending')).toBe('true');
  });
});

describe('Pixel', () => {
  it('serves its script to any origin', async () => {
    const answer = await fetch(`${paymob.url}/pixel/main.js`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const script = await answer.text();
    expect(script).toContain('window.Pixel = Pixel');
    expect(script).toContain('document.currentScript.src');
    expect(() => new Function(script), 'the script parses').not.toThrow();
  });

  it('pays, declines and refuses cards through /pixel/pay with CORS', async () => {
    const preflight = await fetch(`${paymob.url}/pixel/pay`, {
      method: 'OPTIONS',
      headers: { origin: 'http://shop.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);

    const intention = await createIntention();
    const pixelPay = (cardNumber: string, publicKey = keys.publicKey) =>
      fetch(`${paymob.url}/pixel/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://shop.test' },
        body: JSON.stringify({ publicKey, clientSecret: intention.client_secret, cardNumber, expiry: '12/30', cvv: '123', name: 'Mona Hassan' }),
      });
    expect((await pixelPay('5123 4567 8901 2346', 'wrong')).status).toBe(401);
    const bad = await pixelPay('1234 5678 9012 3456');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: 'Invalid card number' });

    const declined = await pixelPay('4000 0000 0000 0002');
    expect(declined.headers.get('access-control-allow-origin')).toBe('*');
    expect(await declined.json()).toMatchObject({ success: false, data: { message: 'Declined' } });

    const paid = await pixelPay('5123 4567 8901 2346');
    expect(paid.status).toBe(200);
    const obj = (await paid.json()) as PaymobTransaction;
    expect(obj).toMatchObject({ success: true, order: { merchant_order_id: intention.reference }, source_data: { pan: '2346' } });
    expect(lastCallback().body.obj).toEqual(obj);
    expect(lastCallback().url.searchParams.get('hmac')).toBe(documentedHmac(obj));
  });
});

describe('inquiry, refund and void', () => {
  it('auth tokens are made from the API key, and the inquiry takes one and nothing else', async () => {
    expect(await call('POST', '/api/auth/tokens', { api_key: 'wrong' }, { auth: '' })).toEqual({ status: 403, body: { detail: 'incorrect credentials' } });
    const made = await call<{ token: string; profile: { id: number } }>('POST', '/api/auth/tokens', { api_key: keys.apiKey }, { auth: '' });
    expect(made).toMatchObject({ status: 201, body: { token: expect.stringMatching(/^\S{40,}$/), profile: { id: expect.any(Number) } } });
    const intention = await createIntention();
    const paid = await paymob.pay(intention.reference, 'paid');
    const auth = `Bearer ${made.body.token}`;
    expect(await call('GET', `/api/acceptance/transactions/${paid.id}`, undefined, { auth })).toEqual({ status: 200, body: paid });
    // the secret key is for intentions, refunds and voids, not for the inquiry
    for (const refused of [`Token ${keys.secretKey}`, 'Bearer not-a-token', '']) {
      expect((await call('GET', `/api/acceptance/transactions/${paid.id}`, undefined, { auth: refused })).status).toBe(401);
      expect((await call('POST', '/api/ecommerce/orders/transaction_inquiry', { merchant_order_id: intention.reference }, { auth: refused })).status).toBe(401);
    }
    // an hour later the token is refused; a new one is taken
    paymob.expireTokens();
    expect(await call('GET', `/api/acceptance/transactions/${paid.id}`, undefined, { auth })).toEqual({ status: 401, body: { detail: 'Invalid token.' } });
    expect((await call('GET', `/api/acceptance/transactions/${paid.id}`, undefined, { auth: await bearer() })).status).toBe(200);
  });

  it('inquiry answers the newest transaction of an order by reference or order id, and a transaction by its id', async () => {
    const auth = await bearer();
    const intention = await createIntention();
    expect(await call('POST', '/api/ecommerce/orders/transaction_inquiry', { merchant_order_id: intention.reference }, { auth })).toEqual({
      status: 404,
      body: { detail: 'Not found.' },
    });
    await paymob.pay(intention.reference, 'declined');
    const paid = await paymob.pay(intention.reference, 'paid');
    expect(await call('POST', '/api/ecommerce/orders/transaction_inquiry', { merchant_order_id: intention.reference }, { auth })).toEqual({ status: 200, body: paid });
    expect(await call('POST', '/api/ecommerce/orders/transaction_inquiry', { order_id: intention.intention_order_id }, { auth })).toEqual({ status: 200, body: paid });
    expect(await call('GET', `/api/acceptance/transactions/${paid.id}`, undefined, { auth })).toEqual({ status: 200, body: paid });
    expect((await call('GET', '/api/acceptance/transactions/1', undefined, { auth })).status).toBe(404);
  });

  it('refunds once, in parts, and sends the refund its callback', async () => {
    const intention = await createIntention();
    const paid = await paymob.pay(intention.reference, 'paid');
    const part = await call<PaymobTransaction>('POST', '/api/acceptance/void_refund/refund', { transaction_id: paid.id, amount_cents: 15000 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ has_parent_transaction: true, success: true, amount_cents: 15000, is_refund: true, is_refunded: true });
    expect(lastCallback().body.obj).toEqual(part.body);
    expect(lastCallback().url.searchParams.get('hmac')).toBe(documentedHmac(part.body));
    expect(paymob.transactions.get(paid.id)).toMatchObject({ is_refunded: true, refunded_amount_cents: 15000 });

    const tooMuch = await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: paid.id, amount_cents: 45000 });
    expect(tooMuch.status).toBe(400);
    expect((await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: paid.id, amount_cents: 30000 })).status).toBe(200);
    const again = await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: paid.id, amount_cents: 100 });
    expect(again.status).toBe(400);
    expect(again.body.detail).toEqual(expect.any(String));
    expect(paymob.refunds.slice(-2)).toEqual([
      { transactionId: paid.id, amountCents: 15000 },
      { transactionId: paid.id, amountCents: 30000 },
    ]);

    // A full refund goes through once; the second is refused.
    const other = await createIntention();
    const otherPaid = await paymob.pay(other.reference, 'paid');
    expect((await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: otherPaid.id, amount_cents: 45000 })).status).toBe(200);
    expect((await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: otherPaid.id, amount_cents: 45000 })).status).toBe(400);

    const declinedIntention = await createIntention();
    const declined = await paymob.pay(declinedIntention.reference, 'declined');
    expect((await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: declined.id, amount_cents: 100 })).status).toBe(400);
    expect((await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: 1, amount_cents: 100 })).status).toBe(400);
  });

  it('voids once, and a voided payment is not refunded', async () => {
    const intention = await createIntention();
    const paid = await paymob.pay(intention.reference, 'paid');
    const voided = await call('POST', '/api/acceptance/void_refund/void', { transaction_id: paid.id });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ is_void: true, has_parent_transaction: true, success: true });
    expect(paymob.transactions.get(paid.id)?.is_voided).toBe(true);
    expect(paymob.voids.at(-1)).toEqual({ transactionId: paid.id, amountCents: 45000 });
    expect((await call('POST', '/api/acceptance/void_refund/void', { transaction_id: paid.id })).status).toBe(400);
    expect((await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: paid.id, amount_cents: 100 })).status).toBe(400);

    const refundedIntention = await createIntention();
    const refunded = await paymob.pay(refundedIntention.reference, 'paid');
    await call('POST', '/api/acceptance/void_refund/refund', { transaction_id: refunded.id, amount_cents: 100 });
    expect((await call('POST', '/api/acceptance/void_refund/void', { transaction_id: refunded.id })).status).toBe(400);
  });
});

describe('failNext', () => {
  it('answers 500 for as many calls as asked, then works again', async () => {
    paymob.failNext('intention', 2);
    for (let i = 0; i < 2; i++) {
      expect(await call('POST', '/v1/intention/', intentionBody())).toEqual({ status: 500, body: { detail: 'Internal server error' } });
    }
    await createIntention();
  });

  it('never answers in timeout mode', async () => {
    const auth = await bearer();
    const intention = await createIntention();
    paymob.failNext('inquiry', 1, 'timeout');
    const hanging = call('POST', '/api/ecommerce/orders/transaction_inquiry', { merchant_order_id: intention.reference }, { auth, signal: AbortSignal.timeout(300) });
    await expect(hanging).rejects.toThrow(/timeout|aborted/i);
    expect((await call('POST', '/api/ecommerce/orders/transaction_inquiry', { merchant_order_id: intention.reference }, { auth })).status).toBe(404);
  });

  it('does what was asked and answers 502 in lost mode', async () => {
    const intention = await createIntention();
    const paid = await paymob.pay(intention.reference, 'paid');
    paymob.failNext('void', 1, 'lost');
    expect(await call('POST', '/api/acceptance/void_refund/void', { transaction_id: paid.id })).toEqual({ status: 502, body: { detail: 'Bad gateway' } });
    expect(paymob.transactions.get(paid.id)?.is_voided).toBe(true);
    expect((await call('POST', '/api/acceptance/void_refund/void', { transaction_id: paid.id })).status).toBe(400);
  });
});

it('runs as a command, printing its address', async () => {
  const script = path.resolve(import.meta.dirname, '../../../scripts/paymob-test-server.mjs');
  const child = spawn(process.execPath, [script, '--port', '0'], { env: { ...process.env, PAYMOB_INTEGRATIONS: 'card:201,kiosk:203' } });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    const url = /^paymob test server on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(line)?.[1];
    expect(url).toBeDefined();
    const unknown = await fetch(`${url}/v1/intention/`, {
      method: 'POST',
      headers: { authorization: 'Token egy_sk_test_local', 'content-type': 'application/json' },
      body: JSON.stringify(intentionBody({ payment_methods: [11] })),
    });
    expect(unknown.status, 'its integrations come from PAYMOB_INTEGRATIONS').toBe(404);
  } finally {
    child.kill();
  }
});
