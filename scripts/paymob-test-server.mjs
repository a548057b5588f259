// A local stand-in for Paymob (Egypt's payment gateway), speaking the wire of its public docs: intentions, the Unified
// Checkout page, a Pixel-like embedded card form, the processed callback (signed with the HMAC secret) and the
// browser's response redirect, the auth token and the transaction inquiry it authenticates, refunds and voids. Tests
// cannot reach Paymob, so the API tests
// import startPaymobTestServer() and the browser tests start this file as a process:
//   node scripts/paymob-test-server.mjs --port 4191
// Node built-ins only, so it runs before (and without) any install.
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

// Ids count up from realistic-looking numbers, so a test reading them sees Paymob-sized integers. They are counted
// for the whole process, from a random place, as Paymob's ids are unique across its merchants: the stand-ins a test
// run starts one after another against one database must never hand out the same order id again (the shop keeps
// one payment per Paymob order).
const idStart = randomInt(1, 1_000_000) * 100;
let nextOrderId = 300_000_000 + idStart;
let nextTransactionId = 190_000_000 + idStart;
let nextBillReference = 7_100_000 + idStart;

/**
 * @typedef {'card' | 'wallet' | 'kiosk'} PaymobMethod
 * @typedef {'paid' | 'declined' | 'kiosk-pending' | 'kiosk-paid'} PaymobOutcome
 * @typedef {'intention' | 'auth' | 'inquiry' | 'transaction' | 'refund' | 'void'} PaymobEndpoint
 * @typedef {'immediate' | 'held' | 'twice'} CallbackMode
 * @typedef {'error' | 'timeout' | 'lost'} FailureMode
 * @typedef {{ secretKey?: string, apiKey?: string, publicKey?: string, hmacSecret?: string,
 *   integrations?: Partial<Record<PaymobMethod, number>>, port?: number, host?: string }} PaymobTestServerOptions
 * @typedef {Record<string, any>} Transaction the processed callback's `obj`
 * @typedef {Record<string, any>} Intention the answer to POST /v1/intention/, plus what the request said
 */

/** Test keys used when neither the caller nor the environment gives any. */
export const PAYMOB_TEST_DEFAULTS = Object.freeze({
  secretKey: 'egy_sk_test_local',
  apiKey: 'paymob_api_key_test_local',
  publicKey: 'egy_pk_test_local',
  hmacSecret: 'paymob_hmac_test_local',
  integrations: Object.freeze({ card: 101, wallet: 102, kiosk: 103 }),
});

/** The processed callback's HMAC fields, in the order Paymob concatenates them. */
export const HMAC_FIELDS = Object.freeze([
  'amount_cents', 'created_at', 'currency', 'error_occured', 'has_parent_transaction', 'id', 'integration_id',
  'is_3d_secure', 'is_auth', 'is_capture', 'is_refunded', 'is_standalone_payment', 'is_voided', 'order.id', 'owner',
  'pending', 'source_data.pan', 'source_data.sub_type', 'source_data.type', 'success',
]);

const METHOD_NAMES = { card: 'Card', wallet: 'Mobile wallet', kiosk: 'Kiosk (Aman / Masary)' };
const SOURCES = {
  card: { type: 'card', sub_type: 'MasterCard', pan: '2346' },
  wallet: { type: 'wallet', sub_type: 'wallet', pan: '01010101010' },
  kiosk: { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' },
};
/** Pixel's test cards: the two that pay and the one that is declined. Anything else is refused as a bad number. */
const PIXEL_CARDS = {
  '5123456789012346': { outcome: 'paid', sub_type: 'MasterCard' },
  '4987654321098769': { outcome: 'paid', sub_type: 'Visa' },
  '4000000000000002': { outcome: 'declined', sub_type: 'Visa' },
};
const OWNER = 302852; // Paymob's merchant user id; constant like a real account's
const PROFILE_ID = 164295;
const NO_AUTH = { detail: 'Authentication credentials were not provided.' };
const BAD_TOKEN = { detail: 'Invalid token.' };
// an auth token made from the API key lasts an hour
const TOKEN_MS = 60 * 60_000;
const NOT_FOUND = { detail: 'Not found.' };

const hex = (bytes) => randomBytes(bytes).toString('hex');
const get = (obj, dotted) => dotted.split('.').reduce((value, key) => value?.[key], obj);
/** Paymob's created_at: ISO without a zone, to the microsecond. */
const paymobTime = (date = new Date()) => date.toISOString().slice(0, 23) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
const egp = (piastres) => `EGP ${(piastres / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The HMAC Paymob puts on a processed callback (and, over the same values, on the response redirect). */
export function signTransaction(hmacSecret, obj) {
  const text = HMAC_FIELDS.map((field) => String(get(obj, field) ?? '')).join('');
  return createHmac('sha512', hmacSecret).update(text).digest('hex');
}

/** `PAYMOB_INTEGRATIONS=card:101,wallet:102,kiosk:103` → { card: 101, wallet: 102, kiosk: 103 } */
export function parseIntegrations(text) {
  /** @type {Partial<Record<PaymobMethod, number>>} */
  const integrations = {};
  for (const pair of text.split(',')) {
    const [method, id] = pair.split(':').map((part) => part.trim());
    if (method && id) integrations[/** @type {PaymobMethod} */ (method)] = Number(id);
  }
  return integrations;
}

/**
 * Starts the server; resolves once it listens.
 * @param {PaymobTestServerOptions} [options]
 */
export async function startPaymobTestServer(options = {}) {
  const secretKey = options.secretKey ?? PAYMOB_TEST_DEFAULTS.secretKey;
  const apiKey = options.apiKey ?? PAYMOB_TEST_DEFAULTS.apiKey;
  const publicKey = options.publicKey ?? PAYMOB_TEST_DEFAULTS.publicKey;
  const hmacSecret = options.hmacSecret ?? PAYMOB_TEST_DEFAULTS.hmacSecret;
  const integrations = options.integrations ?? PAYMOB_TEST_DEFAULTS.integrations;
  /** integration id → its way */
  const methodOf = new Map(Object.entries(integrations).map(([method, id]) => [Number(id), /** @type {PaymobMethod} */ (method)]));

  /** @type {Map<string, Intention>} */
  const intentions = new Map();
  /** @type {Map<number, Transaction>} */
  const transactions = new Map();
  /** @type {{ method: string, path: string, authorization: string | undefined, body: unknown }[]} */
  const requests = [];
  /** @type {{ url: string, status: number, body: unknown }[]} */
  const sentCallbacks = [];
  /** @type {{ url: string, body: unknown }[]} */
  const heldCallbacks = [];
  /** @type {{ transactionId: number, amountCents: number }[]} */
  const refunds = [];
  /** @type {{ transactionId: number, amountCents: number }[]} */
  const voids = [];
  /** @type {Map<PaymobEndpoint, FailureMode[]>} */
  const failures = new Map();
  /** auth token → when it ends (ms since the epoch) */
  const tokens = new Map();

  const sign = (obj) => signTransaction(hmacSecret, obj);
  const signedCallbackUrl = (notificationUrl, obj) => {
    const url = new URL(notificationUrl);
    url.searchParams.set('hmac', sign(obj));
    return url.toString();
  };

  /** The redirect to the shop after the hosted page: Paymob's flat query, appended to whatever the URL had. */
  const responseUrl = (redirectionUrl, obj, intention) => {
    const url = new URL(redirectionUrl);
    const fields = {
      id: obj.id, pending: obj.pending, amount_cents: obj.amount_cents, success: obj.success, is_auth: obj.is_auth,
      is_capture: obj.is_capture, is_standalone_payment: obj.is_standalone_payment, is_voided: obj.is_voided,
      is_refunded: obj.is_refunded, is_3d_secure: obj.is_3d_secure, integration_id: obj.integration_id,
      has_parent_transaction: obj.has_parent_transaction, order: obj.order.id, created_at: obj.created_at,
      currency: obj.currency, error_occured: obj.error_occured, owner: obj.owner,
      merchant_order_id: intention.special_reference ?? '', 'source_data.type': obj.source_data.type,
      'source_data.pan': obj.source_data.pan, 'source_data.sub_type': obj.source_data.sub_type,
      'data.message': obj.data.message,
    };
    for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, String(value));
    // The same values in the same order as the processed callback's, so one signature serves both.
    url.searchParams.set('hmac', sign(obj));
    return url.toString();
  };

  // ---- callbacks --------------------------------------------------------------------------------------------------

  const post = async (url, body) => {
    let status = 0; // 0: the shop could not be reached
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.arrayBuffer(); // drain, so the connection is freed
    } catch {
      // recorded as status 0: a test asserting on sentCallbacks sees the shop did not answer
    }
    sentCallbacks.push({ url, status, body });
  };

  /** Sends (or holds) the processed callback for a transaction, as handle.callbackMode says. */
  const notify = async (intention, obj) => {
    if (!intention.notification_url) return;
    const body = { type: 'TRANSACTION', obj: structuredClone(obj) };
    const url = signedCallbackUrl(intention.notification_url, body.obj);
    if (handle.callbackMode === 'held') heldCallbacks.push({ url, body });
    else {
      await post(url, body);
      if (handle.callbackMode === 'twice') await post(url, body);
    }
  };

  // ---- transactions -----------------------------------------------------------------------------------------------

  const newTransaction = (intention, method, fields) => {
    const created = paymobTime();
    const obj = {
      id: nextTransactionId++,
      pending: false,
      amount_cents: intention.amount,
      success: false,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_refund: false,
      is_void: false,
      refunded_amount_cents: 0,
      is_3d_secure: method === 'card',
      integration_id: integrations[method],
      profile_id: PROFILE_ID,
      has_parent_transaction: false,
      parent_transaction: null,
      order: {
        id: intention.intention_order_id,
        created_at: intention.created.replace('Z', ''),
        merchant_order_id: intention.special_reference ?? null,
        amount_cents: intention.amount,
        currency: 'EGP',
      },
      created_at: created,
      currency: 'EGP',
      error_occured: false,
      owner: OWNER,
      source_data: { ...SOURCES[method] },
      data: { message: 'Approved', txn_response_code: 'APPROVED' },
      payment_key_claims: { extra: {} },
      ...fields,
    };
    transactions.set(obj.id, obj);
    return obj;
  };

  const expired = (intention) => intention.expiresAt !== null && Date.now() > intention.expiresAt;

  /** Makes (or, for kiosk-paid, completes) the intention's transaction for an outcome; throws when it cannot be paid. */
  const settle = (intention, outcome, method, source, again = false) => {
    if (expired(intention)) throw new PaymobError(400, 'Intention has expired');
    if (intention.status === 'paid' && !again) throw new PaymobError(400, 'Intention is already paid');
    if (integrations[method] === undefined || !intention.payment_methods.some((way) => way.method_type === method)) {
      throw new PaymobError(400, `The intention cannot be paid by ${method}`);
    }
    let obj;
    if (outcome === 'kiosk-paid') {
      // The customer paid at the kiosk the reference they were given; a payment made without one gets a new reference.
      obj = [...transactions.values()].findLast((t) => t.order.id === intention.intention_order_id && t.pending);
      if (obj) Object.assign(obj, { pending: false, success: true, data: { ...obj.data, message: 'Approved', txn_response_code: '200' } });
      else obj = newTransaction(intention, 'kiosk', { success: true, data: { message: 'Approved', txn_response_code: '200', bill_reference: nextBillReference++ } });
    } else if (outcome === 'kiosk-pending') {
      obj = newTransaction(intention, 'kiosk', { pending: true, data: { message: 'Pending', txn_response_code: '', bill_reference: nextBillReference++ } });
    } else if (outcome === 'paid') {
      obj = newTransaction(intention, method, { success: true, source_data: { ...SOURCES[method], ...source } });
    } else if (outcome === 'declined') {
      obj = newTransaction(intention, method, { data: { message: 'Declined', txn_response_code: 'DECLINED' }, source_data: { ...SOURCES[method], ...source } });
    } else throw new PaymobError(400, `Unknown outcome ${outcome}`);
    if (obj.success) intention.status = 'paid';
    return obj;
  };

  const intentionOfOrder = (orderId) => [...intentions.values()].find((i) => i.intention_order_id === orderId);

  // ---- the server ------------------------------------------------------------------------------------------------

  const server = http.createServer((req, res) => {
    handleRequest(req, res).catch((error) => {
      if (error instanceof PaymobError) return send(res, error.status, error.body);
      send(res, 500, { detail: String(error?.message ?? error) });
    });
  });

  async function handleRequest(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, authorization: req.headers.authorization, body });
    const route = `${req.method} ${url.pathname}`;

    if (url.pathname.startsWith('/pixel/')) return pixel(req, res, url, body);
    if (route === 'GET /unifiedcheckout/' || route === 'GET /unifiedcheckout') return checkoutPage(res, url);
    if (route === 'POST /unifiedcheckout/pay') return checkoutPay(res, body);

    const call = serverCall(route);
    if (!call) return send(res, 404, NOT_FOUND);
    const refused = call.auth === 'token' ? tokenRefusal(req.headers.authorization) : call.auth === 'secret' && req.headers.authorization !== `Token ${secretKey}` ? NO_AUTH : null;
    if (refused) return send(res, 401, refused);
    if (call.endpoint) {
      const failure = failures.get(call.endpoint)?.shift();
      if (failure === 'timeout') return; // no answer; close() cuts the socket
      if (failure === 'error') return send(res, 500, { detail: 'Internal server error' });
      if (failure === 'lost') {
        // done, but the answer does not come back (a proxy between gave up): the caller cannot tell it from an error
        await call.handle(DISCARDED, body, url);
        return send(res, 502, { detail: 'Bad gateway' });
      }
    }
    return call.handle(res, body, url);
  }

  /**
   * The server's calls by route, with what authenticates each: the secret key (`Authorization: Token <secret key>`),
   * an auth token made from the API key (`Authorization: Bearer <token>`: the transaction inquiry), or the API key in
   * the body (the auth token's own request). `endpoint` is the name failNext() knows them by.
   */
  function serverCall(route) {
    if (route === 'POST /v1/intention/') return { auth: 'secret', endpoint: 'intention', handle: createIntention };
    if (route === 'POST /api/auth/tokens') return { auth: 'body', endpoint: 'auth', handle: authToken };
    if (route === 'POST /api/ecommerce/orders/transaction_inquiry') return { auth: 'token', endpoint: 'inquiry', handle: inquiry };
    if (route === 'POST /api/acceptance/void_refund/refund') return { auth: 'secret', endpoint: 'refund', handle: refund };
    if (route === 'POST /api/acceptance/void_refund/void') return { auth: 'secret', endpoint: 'void', handle: voidTransaction };
    const match = /^GET \/api\/acceptance\/transactions\/(\d+)\/?$/.exec(route);
    if (match) return { auth: 'token', endpoint: 'transaction', handle: (res) => transactionById(res, Number(match[1])) };
    return null;
  }

  /** Why a Bearer auth token is refused, or null when it is one of ours and still good. */
  function tokenRefusal(authorization) {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return NO_AUTH;
    const until = tokens.get(token);
    return until !== undefined && until > Date.now() ? null : BAD_TOKEN;
  }

  /** POST /api/auth/tokens: the API key, for a token the inquiry takes for an hour. */
  function authToken(res, body) {
    if (!isObject(body) || body.api_key !== apiKey) return send(res, 403, { detail: 'incorrect credentials' });
    const token = `ZXlK${hex(48)}`;
    tokens.set(token, Date.now() + TOKEN_MS);
    send(res, 201, { token, profile: { id: PROFILE_ID, user: { id: OWNER }, profile_type: 'Merchant' } });
  }

  function createIntention(res, body) {
    if (!isObject(body)) return send(res, 400, { detail: 'JSON parse error' });
    if (!Number.isInteger(body.amount) || body.amount <= 0) return send(res, 400, { amount: ['A valid positive integer is required.'] });
    if (body.currency !== 'EGP') return send(res, 400, { detail: `Currency ${body.currency} is not supported for this merchant` });
    if (!Array.isArray(body.payment_methods) || body.payment_methods.length === 0) {
      return send(res, 400, { payment_methods: ['This field is required.'] });
    }
    for (const id of body.payment_methods) {
      if (!methodOf.has(Number(id))) return send(res, 404, { detail: `Integration ID/Name does not exist in our system: ${id}` });
    }
    if (!Array.isArray(body.items)) return send(res, 400, { items: ['This field is required.'] });
    let itemsTotal = 0;
    for (const item of body.items) {
      for (const field of ['name', 'amount']) {
        if (item?.[field] === undefined || item[field] === '') return send(res, 400, { items: { [field]: ['This field is required.'] } });
      }
      itemsTotal += Number(item.amount) * Number(item.quantity ?? 1);
    }
    if (itemsTotal !== body.amount) {
      return send(res, 400, { detail: `The sum of the items' amounts (${itemsTotal}) must equal the intention amount (${body.amount})` });
    }
    for (const field of ['first_name', 'last_name', 'email', 'phone_number']) {
      if (!body.billing_data?.[field]) return send(res, 400, { billing_data: { [field]: ['This field is required.'] } });
    }
    const reference = body.special_reference;
    if (reference !== undefined && [...intentions.values()].some((i) => i.special_reference === String(reference))) {
      return send(res, 400, { detail: 'special_reference must be unique' });
    }

    const created = new Date();
    const answer = {
      id: `pi_test_${hex(16)}`,
      client_secret: `egy_csk_test_${hex(16)}`,
      intention_order_id: nextOrderId++,
      amount: body.amount,
      currency: 'EGP',
      status: 'intended',
      special_reference: reference === undefined ? null : String(reference),
      payment_methods: body.payment_methods.map((id) => {
        const method = /** @type {PaymobMethod} */ (methodOf.get(Number(id)));
        return { integration_id: Number(id), name: METHOD_NAMES[method], method_type: method };
      }),
      created: created.toISOString(),
    };
    intentions.set(answer.id, {
      ...answer,
      items: body.items,
      billing_data: body.billing_data,
      notification_url: body.notification_url ?? null,
      redirection_url: body.redirection_url ?? null,
      expiresAt: Number.isFinite(body.expiration) ? created.getTime() + body.expiration * 1000 : null,
    });
    send(res, 201, answer);
  }

  function inquiry(res, body) {
    const intention = isObject(body)
      ? body.merchant_order_id !== undefined
        ? [...intentions.values()].find((i) => i.special_reference === String(body.merchant_order_id))
        : intentionOfOrder(Number(body.order_id))
      : undefined;
    // The order's newest payment: refunds and voids are its children and show on it as is_refunded / is_voided.
    const obj = intention && [...transactions.values()].findLast((t) => t.order.id === intention.intention_order_id && !t.has_parent_transaction);
    if (!obj) return send(res, 404, NOT_FOUND);
    send(res, 200, obj);
  }

  function transactionById(res, id) {
    const obj = transactions.get(id);
    if (!obj) return send(res, 404, NOT_FOUND);
    send(res, 200, obj);
  }

  async function refund(res, body) {
    const original = transactions.get(Number(body?.transaction_id));
    const amount = body?.amount_cents;
    if (!original || original.has_parent_transaction) return send(res, 400, { detail: 'Transaction not found' });
    if (!original.success || original.pending) return send(res, 400, { detail: 'Transaction is not successful, it cannot be refunded' });
    if (original.is_voided) return send(res, 400, { detail: 'Transaction is voided, it cannot be refunded' });
    if (!Number.isInteger(amount) || amount <= 0) return send(res, 400, { amount_cents: ['A valid positive integer is required.'] });
    const left = original.amount_cents - original.refunded_amount_cents;
    if (left === 0) return send(res, 400, { detail: 'Transaction is already fully refunded' });
    if (amount > left) return send(res, 400, { detail: `Refund amount exceeds the amount left to refund (${left})` });

    original.is_refunded = true;
    original.refunded_amount_cents += amount;
    const child = childTransaction(original, amount, { is_refund: true, is_refunded: true });
    refunds.push({ transactionId: original.id, amountCents: amount });
    await notify(intentionOfOrder(original.order.id), child);
    send(res, 200, child);
  }

  async function voidTransaction(res, body) {
    const original = transactions.get(Number(body?.transaction_id));
    if (!original || original.has_parent_transaction) return send(res, 400, { detail: 'Transaction not found' });
    if (!original.success || original.pending) return send(res, 400, { detail: 'Transaction is not successful, it cannot be voided' });
    if (original.is_voided) return send(res, 400, { detail: 'Transaction is already voided' });
    if (original.is_refunded) return send(res, 400, { detail: 'Transaction is refunded, it cannot be voided' });

    original.is_voided = true;
    const child = childTransaction(original, original.amount_cents, { is_void: true, is_voided: true });
    voids.push({ transactionId: original.id, amountCents: original.amount_cents });
    // Paymob sends a processed callback for a void as it does for a refund.
    await notify(intentionOfOrder(original.order.id), child);
    send(res, 200, child);
  }

  /** A refund's or void's own transaction: a child of the payment, on the same order and integration. */
  function childTransaction(original, amount, fields) {
    const intention = intentionOfOrder(original.order.id);
    const method = methodOf.get(original.integration_id) ?? 'card';
    return newTransaction(intention, method, {
      amount_cents: amount,
      success: true,
      has_parent_transaction: true,
      parent_transaction: original.id,
      source_data: { ...original.source_data },
      data: { message: 'Approved', txn_response_code: 'APPROVED' },
      ...fields,
    });
  }

  // ---- Unified Checkout (the hosted pages) -----------------------------------------------------------------------

  /** The intention a browser call names, if its keys are right. */
  const intentionFor = (givenPublicKey, clientSecret) =>
    givenPublicKey === publicKey ? [...intentions.values()].find((i) => i.client_secret === clientSecret) : undefined;

  function checkoutPage(res, url) {
    const intention = intentionFor(url.searchParams.get('publicKey'), url.searchParams.get('clientSecret'));
    if (!intention) return sendPage(res, 404, 'Payment not found', '<p>This payment link is not valid.</p>');
    if (expired(intention)) return sendPage(res, 410, 'Payment expired', '<p>This payment link has expired.</p>');
    if (intention.status === 'paid') return sendPage(res, 409, 'Already paid', '<p>This order has already been paid.</p>');
    const hidden = (name, value) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const ways = intention.payment_methods
      .map(({ integration_id: id, name, method_type: method }) => {
        const buttons =
          method === 'kiosk'
            ? '<button type="submit" name="outcome" value="kiosk-pending">Get a reference</button>'
            : '<button type="submit" name="outcome" value="paid">Pay</button> <button type="submit" name="outcome" value="declined" class="secondary">Decline</button>';
        return `<section aria-labelledby="way-${id}"><h2 id="way-${id}">${escapeHtml(name)}</h2>
<p>Way: <strong>${method}</strong></p>
<form method="post" action="/unifiedcheckout/pay">${hidden('publicKey', publicKey)}${hidden('clientSecret', intention.client_secret)}${hidden('integration_id', id)}
<div class="buttons">${buttons}</div></form></section>`;
      })
      .join('\n');
    sendPage(res, 200, 'Paymob checkout', `<p class="amount">Amount to pay: <strong>${egp(intention.amount)}</strong></p>\n${ways}`);
  }

  async function checkoutPay(res, body) {
    const intention = intentionFor(body?.publicKey, body?.clientSecret);
    if (!intention) return sendPage(res, 404, 'Payment not found', '<p>This payment link is not valid.</p>');
    const method = methodOf.get(Number(body.integration_id));
    const outcome = body.outcome;
    if (!method || !['paid', 'declined', 'kiosk-pending'].includes(outcome) || (method === 'kiosk') !== (outcome === 'kiosk-pending')) {
      return sendPage(res, 400, 'Payment refused', '<p>This way of paying is not offered here.</p>');
    }
    let obj;
    try {
      obj = settle(intention, outcome, method);
    } catch (error) {
      if (error instanceof PaymobError) return sendPage(res, 400, 'Payment refused', `<p>${escapeHtml(error.body.detail)}</p>`);
      throw error;
    }
    await notify(intention, obj);
    const back = intention.redirection_url ? responseUrl(intention.redirection_url, obj, intention) : null;
    if (outcome === 'kiosk-pending') {
      const link = back ? `<p><a href="${escapeHtml(back)}">Back to the shop</a></p>` : '';
      return sendPage(res, 200, 'Your kiosk reference',
        `<p>Pay <strong>${egp(obj.amount_cents)}</strong> at any Aman or Masary kiosk with this reference:</p>
<p class="reference" id="bill-reference">${obj.data.bill_reference}</p>${link}`);
    }
    if (!back) return sendPage(res, 200, obj.success ? 'Payment accepted' : 'Payment declined', '<p>You can close this page.</p>');
    res.writeHead(302, { location: back }).end();
  }

  // ---- Pixel (the embedded card form) ----------------------------------------------------------------------------

  async function pixel(req, res, url, body) {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type' };
    if (url.pathname === '/pixel/main.js' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store', ...cors });
      return res.end(PIXEL_SCRIPT);
    }
    if (url.pathname !== '/pixel/pay') return send(res, 404, NOT_FOUND, cors);
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    if (req.method !== 'POST') return send(res, 405, { detail: `Method "${req.method}" not allowed.` }, cors);

    if (!isObject(body) || body.publicKey !== publicKey) return send(res, 401, { detail: 'Invalid public key' }, cors);
    const intention = intentionFor(body.publicKey, body.clientSecret);
    if (!intention) return send(res, 404, { detail: 'Invalid client secret' }, cors);
    const number = String(body.cardNumber ?? '').replace(/[\s-]/g, '');
    const card = PIXEL_CARDS[/** @type {keyof typeof PIXEL_CARDS} */ (number)];
    if (!card) return send(res, 400, { detail: 'Invalid card number' }, cors);
    let obj;
    try {
      obj = settle(intention, card.outcome, 'card', { sub_type: card.sub_type, pan: number.slice(-4) });
    } catch (error) {
      if (error instanceof PaymobError) return send(res, error.status, error.body, cors);
      throw error;
    }
    await notify(intention, obj);
    send(res, 200, obj, cors);
  }

  // ---- the handle ------------------------------------------------------------------------------------------------

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const base = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  const handle = {
    url: base,
    publicKey,
    /** @type {CallbackMode} */
    callbackMode: 'immediate',
    intentions,
    transactions,
    requests,
    sentCallbacks,
    refunds,
    voids,
    sign,
    signedCallbackUrl,
    /** The hosted checkout page of an intention. */
    checkoutUrl: (clientSecret) => `${base}/unifiedcheckout/?publicKey=${encodeURIComponent(publicKey)}&clientSecret=${encodeURIComponent(clientSecret)}`,

    /**
     * Pays the intention whose special_reference is `reference`, as a customer would, without a browser.
     * @param {string} reference
     * @param {PaymobOutcome} outcome
     * @param {{ method?: PaymobMethod, again?: boolean }} [payOptions] the way for 'paid' / 'declined' (default: card if
     *   offered, else wallet); `again`: paid although it already was (two payments that crossed, as from two tabs)
     */
    async pay(reference, outcome, payOptions = {}) {
      const intention = [...intentions.values()].find((i) => i.special_reference === reference);
      if (!intention) throw new Error(`No intention with special_reference ${reference}`);
      const offered = intention.payment_methods.map((way) => way.method_type);
      const method = outcome.startsWith('kiosk') ? 'kiosk' : (payOptions.method ?? (offered.includes('card') ? 'card' : 'wallet'));
      let obj;
      try {
        obj = settle(intention, outcome, method, undefined, payOptions.again);
      } catch (error) {
        if (error instanceof PaymobError) throw new Error(error.body.detail, { cause: error });
        throw error;
      }
      await notify(intention, obj);
      return structuredClone(obj);
    },

    /** Ends every auth token made so far, as an hour would: the next inquiry with one is refused with 401. */
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },

    /** Delivers the callbacks held while callbackMode was 'held', in order. */
    async releaseCallbacks() {
      for (const { url, body } of heldCallbacks.splice(0)) await post(url, body);
    },

    /**
     * The next `times` calls to an endpoint fail: 'error' answers 500, 'timeout' never answers, 'lost' does what was
     * asked and answers 502.
     * @param {PaymobEndpoint} endpoint
     */
    failNext(endpoint, times = 1, mode = /** @type {FailureMode} */ ('error')) {
      const queue = failures.get(endpoint) ?? [];
      for (let i = 0; i < times; i++) queue.push(mode);
      failures.set(endpoint, queue);
    },

    /** Stops listening and cuts every open connection (those left hanging by a 'timeout' too). */
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
  return handle;
}

class PaymobError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.body = { detail };
  }
}

/** A response nobody reads: what a call done in 'lost' mode answers into. */
const DISCARDED = { writeHead: () => DISCARDED, end: () => {} };

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON, a form, or nothing; a body that does not parse is kept as its text so the request log still shows it. */
async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function sendPage(res, status, title, content) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Paymob test</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f4f6f8; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
  section { background: #fff; border: 1px solid #c8ced6; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 0; }
  .buttons { display: flex; gap: 0.5rem; flex-wrap: wrap; }
  button { font: inherit; padding: 0.7rem 1.2rem; min-height: 44px; border-radius: 6px; border: 1px solid #0b4f9c; background: #0b4f9c; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #0b4f9c; }
  .reference { font-size: 1.75rem; font-weight: bold; letter-spacing: 0.1em; }
  a { color: #0b4f9c; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${content}
</main>
</body>
</html>
`);
}

// The embedded form's script, served to browsers as /pixel/main.js. It is written as browser code in a string (the
// browser runs it, not Node), and uses no template placeholders so it is sent exactly as written.
const PIXEL_SCRIPT = String.raw`// Paymob test server: a stand-in for Paymob's Pixel, rendering a card form that pays through /pixel/pay.
(function () {
  var origin = new URL(document.currentScript.src).origin;
  var count = 0;

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return digits.length >= 12 && sum % 10 === 0;
  }

  function field(form, id, label, attrs) {
    var wrap = document.createElement('div');
    wrap.style.cssText = 'display:flex;flex-direction:column;gap:4px;margin-bottom:12px';
    var lab = document.createElement('label');
    lab.htmlFor = id;
    lab.textContent = label;
    var input = document.createElement('input');
    input.id = id;
    input.style.cssText = 'font:inherit;padding:10px;border:1px solid #767676;border-radius:6px;min-height:44px;box-sizing:border-box;width:100%';
    for (var key in attrs) input.setAttribute(key, attrs[key]);
    var error = document.createElement('p');
    error.id = id + '-error';
    error.style.cssText = 'color:#b00020;margin:0;font-size:0.9em';
    input.setAttribute('aria-describedby', error.id);
    wrap.appendChild(lab); wrap.appendChild(input); wrap.appendChild(error);
    form.appendChild(wrap);
    return { input: input, error: error };
  }

  function Pixel(options) {
    var self = this;
    this.options = options;
    var root = document.getElementById(options.elementId);
    if (!root) throw new Error('Pixel: no element with id ' + options.elementId);
    var n = ++count;
    var form = document.createElement('form');
    form.noValidate = true;
    form.setAttribute('aria-label', 'Card payment');
    form.style.cssText = 'font-family:system-ui,sans-serif;max-width:24rem;color:#1a1a1a';
    var number = field(form, 'pixel-' + n + '-number', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number' });
    var expiry = field(form, 'pixel-' + n + '-expiry', 'Expiry (MM/YY)', { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM/YY' });
    var cvv = field(form, 'pixel-' + n + '-cvv', 'CVV', { inputmode: 'numeric', autocomplete: 'cc-csc' });
    var name = field(form, 'pixel-' + n + '-name', 'Name on card', { autocomplete: 'cc-name' });
    var status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.style.cssText = 'margin:0 0 12px';
    form.appendChild(status);
    var buttons = document.createElement('div');
    buttons.style.cssText = 'display:flex;gap:8px;flex-wrap:wrap';
    var buttonStyle = 'font:inherit;padding:10px 18px;min-height:44px;border-radius:6px;border:1px solid #0b4f9c;cursor:pointer;';
    if (!options.disablePay) {
      var pay = document.createElement('button');
      pay.type = 'submit';
      pay.textContent = 'Pay';
      pay.style.cssText = buttonStyle + 'background:#0b4f9c;color:#fff';
      buttons.appendChild(pay);
    }
    var cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.style.cssText = buttonStyle + 'background:#fff;color:#0b4f9c';
    cancel.addEventListener('click', function () { if (options.onPaymentCancel) options.onPaymentCancel(); });
    buttons.appendChild(cancel);
    form.appendChild(buttons);
    root.replaceChildren(form);
    this.fields = { number: number, expiry: expiry, cvv: cvv, name: name, status: status };

    var lastValid = null;
    form.addEventListener('input', function () {
      var valid = self.valid();
      if (valid !== lastValid && options.cardValidationChanged) options.cardValidationChanged(valid);
      lastValid = valid;
    });
    form.addEventListener('submit', function (event) { event.preventDefault(); self.pay(); });
    // Paymob's Pixel lets the page pay with its own button when disablePay is set.
    window.addEventListener('payFromOutside', function () { self.pay(); });
  }

  Pixel.prototype.valid = function () {
    var f = this.fields;
    return luhn(f.number.input.value.replace(/[\s-]/g, '')) && /^(0[1-9]|1[0-2])\/\d{2}$/.test(f.expiry.input.value.trim()) &&
      /^\d{3,4}$/.test(f.cvv.input.value.trim()) && f.name.input.value.trim() !== '';
  };

  Pixel.prototype.pay = async function () {
    var f = this.fields;
    var options = this.options;
    f.number.error.textContent = '';
    f.number.input.removeAttribute('aria-invalid');
    f.status.textContent = 'Paying…';
    var answer = await fetch(origin + '/pixel/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        publicKey: options.publicKey, clientSecret: options.clientSecret, cardNumber: f.number.input.value,
        expiry: f.expiry.input.value, cvv: f.cvv.input.value, name: f.name.input.value,
      }),
    });
    var body = await answer.json().catch(function () { return {}; });
    if (!answer.ok) {
      f.status.textContent = '';
      var message = body.detail || 'The payment could not be made';
      if (/card number/i.test(message)) {
        f.number.error.textContent = message;
        f.number.input.setAttribute('aria-invalid', 'true');
        f.number.input.focus();
      } else f.status.textContent = message;
      return;
    }
    f.status.textContent = body.success ? 'Payment accepted' : 'Payment declined';
    if (options.afterPaymentComplete) await options.afterPaymentComplete(body);
  };

  window.Pixel = Pixel;
})();
`;

// ---- as a command: node scripts/paymob-test-server.mjs --port 4191 ------------------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const env = process.env;
  const handle = await startPaymobTestServer({
    // not 4190: browsers refuse that port (ManageSieve, on their list of unsafe ports)
    port: Number(arg('port') ?? 4191),
    host: arg('host') ?? '127.0.0.1',
    secretKey: env.PAYMOB_SECRET_KEY || undefined,
    apiKey: env.PAYMOB_API_KEY || undefined,
    publicKey: env.PAYMOB_PUBLIC_KEY || undefined,
    hmacSecret: env.PAYMOB_HMAC_SECRET || undefined,
    integrations: env.PAYMOB_INTEGRATIONS ? parseIntegrations(env.PAYMOB_INTEGRATIONS) : undefined,
  });
  console.log(`paymob test server on ${handle.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => handle.close().then(() => process.exit(0)));
}
