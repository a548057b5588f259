// Confirming cash orders by WhatsApp (PRODUCT section 9, issue 44, decision 063), against the Cloud API's stand-in
// (scripts/whatsapp-test-server.mjs): a pending cash order's shopper is sent the brand's template (her language, the
// order's number and total, two quick-reply buttons) at 201xxxxxxxxx by a job after the checkout; the webhook answers
// Meta's subscription check, takes only notifications signed with the app's secret, applies each message once, and a
// button moves only the order whose phone pressed it (a cancel gives its stock back once). A send that fails, times out
// or is refused is tried again by the queue, waits among the failed jobs when its tries are used up, and leaves the
// order as it was.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/core/contract/catalog';
import { formatEgp } from '@shop/core/money';
import { startWhatsAppTestServer, WHATSAPP_TEST_DEFAULTS, type SignedNotification, type WhatsAppSentMessage, type WhatsAppTestServer } from '../../../scripts/whatsapp-test-server.mjs';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { productSizes } from '../src/db/schema.ts';
import { api } from './client.ts';
import { createAdmin, createCartItem, createProduct, createUser, getApp, getTestContext, newOrderBody, testConfig } from './helpers.ts';

let stand: WhatsAppTestServer;
let app: App;
let admin: Awaited<ReturnType<typeof createAdmin>>;

/** A shop with WhatsApp's five settings, on the stand-in; its sends give up after half a second. */
async function whatsappShop(): Promise<App> {
  const config = testConfig({
    META_GRAPH_URL: stand.url,
    WHATSAPP_TOKEN: stand.token,
    WHATSAPP_PHONE_NUMBER_ID: stand.phoneNumberId,
    WHATSAPP_APP_SECRET: stand.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP_TEST_DEFAULTS.verifyToken,
    WHATSAPP_TEMPLATE: WHATSAPP_TEST_DEFAULTS.template,
  });
  config.whatsapp!.timeoutMs = 500;
  const built = await buildApp({ config, database: (await getTestContext()).database, logger: false });
  await built.ready();
  return built;
}

beforeAll(async () => {
  stand = await startWhatsAppTestServer();
  app = await whatsappShop();
  admin = await createAdmin();
});
afterAll(async () => {
  await app?.close();
  await stand?.close();
});

/** Eight digits of a phone number of each test's own. */
let phones = 0;
const digits8 = () => String(((Date.now() % 1_000_000) * 100 + (++phones % 100)) % 100_000_000).padStart(8, '0');

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** A cash order placed as SPEC's client places it, from a product of 5 pieces in M. */
async function cashOrder({ shopper, phoneNumber = `010${digits8()}`, lang = 'en' }: { shopper?: Shopper; phoneNumber?: string; lang?: 'en' | 'ar' } = {}) {
  const buyer = shopper ?? (await createUser());
  const product = await createProduct({ price: 1299, sizes: [{ size: 'M', stock: 5 }] });
  await createCartItem(buyer.user, product, 1, 'M');
  const placed = await api('placeOrder', { app, token: buyer.token, headers: { 'accept-language': lang }, body: newOrderBody([{ product, quantity: 1 }], { phoneNumber }) });
  expect(placed.status, placed.text).toBe(201);
  return { order: placed.answer, product, shopper: buyer, phoneNumber };
}

/** This shop's messages waiting for their next try, tried now (the orders' deadlines stay where they are). */
async function runJobsNow() {
  const task = app.jobs.queue.taskName('whatsapp-confirmation');
  await app.db.execute(sql`update graphile_worker._private_jobs set run_at = now()
    where locked_at is null and attempts < max_attempts and task_id in (select id from graphile_worker._private_tasks where identifier = ${task})`);
  await app.jobs.idle({ soonMs: 0 });
}

/** The messages the stand-in accepted for an order (its buttons carry its id). */
const sentFor = (orderId: string) => stand.sent.filter((message) => message.payloads.includes(`confirm:${orderId}`));

/** The order's message, once its job has run. */
async function messageFor(orderId: string): Promise<WhatsAppSentMessage> {
  await app.jobs.idle({ soonMs: 0 });
  const sent = sentFor(orderId);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

const orderOf = async (orderId: string) => (await api('getOrder', { app, token: admin.token, params: { orderId } })).answer;

async function stockOf(product: Product) {
  const [row] = await app.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, product._id), eq(productSizes.size, 'M')));
  return row!.stock;
}

/** A notification posted to the webhook as Meta posts it. */
const notify = (notification: SignedNotification, on: App = app) =>
  on.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': notification.signature }, payload: notification.body });

describe('the settings', () => {
  it('are all five or none: some without the others is refused at start, naming the missing ones', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: app.config.dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' };
    expect(loadConfig(base).whatsapp).toBeUndefined();
    expect(() => loadConfig({ ...base, WHATSAPP_TOKEN: 'x', WHATSAPP_TEMPLATE: 'order_confirmation' })).toThrow(
      'WhatsApp needs WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN too',
    );
    expect(() => loadConfig({ ...base, WHATSAPP_PHONE_NUMBER_ID: '+20 100' })).toThrow("WHATSAPP_PHONE_NUMBER_ID must be the phone number's id, digits only");
    expect(app.config.whatsapp).toMatchObject({ graphUrl: stand.url, phoneNumberId: stand.phoneNumberId, template: WHATSAPP_TEST_DEFAULTS.template });
  });
});

describe('the message that asks', () => {
  it('sends the template once, after the checkout: her language, the number and total as shops write them, two buttons, to 201…', async () => {
    const { order, phoneNumber } = await cashOrder();
    const message = await messageFor(order._id);
    expect(message).toMatchObject({
      to: `2${phoneNumber}`,
      template: WHATSAPP_TEST_DEFAULTS.template,
      lang: 'en',
      parameters: [`#${order.number}`, formatEgp(order.totalPrice)],
      payloads: [`confirm:${order._id}`, `cancel:${order._id}`],
    });
    expect(message.body).toMatchObject({ messaging_product: 'whatsapp', type: 'template', template: { language: { code: 'en' } } });
    const asked = await orderOf(order._id);
    expect(asked.confirmation).toMatchObject({ status: 'pending', attempts: [{ channel: 'whatsapp', outcome: 'sent', by: 'system', note: message.id }] });

    // in Arabic for a shopper who checked out in Arabic: Egypt's digits, the pound after the number; +20 written too
    const arabic = await cashOrder({ lang: 'ar', phoneNumber: `+20 11 ${digits8()}` });
    const inArabic = await messageFor(arabic.order._id);
    expect(inArabic.lang).toBe('ar');
    expect(inArabic.to).toBe(`2011${arabic.phoneNumber.slice(-8)}`);
    expect(inArabic.parameters).toEqual([expect.stringMatching(/^#[٠-٩]+$/), formatEgp(arabic.order.totalPrice, 'ar')]);
    expect(inArabic.parameters[1]).toMatch(/ج\.م\.$/);

    // the job runs again (a retry after a crash): nothing is sent twice once the first was recorded
    await app.jobs.queue.add(app.db, 'whatsapp-confirmation', { orderId: order._id });
    await app.jobs.idle({ soonMs: 0 });
    expect(sentFor(order._id)).toHaveLength(1);
  });

  it('asks nothing from a shop without WhatsApp (which says so), nor of an order answered before its message went', async () => {
    const shared = await getApp();
    const shopper = await createUser();
    const product = await createProduct({ sizes: [{ size: 'M', stock: 5 }] });
    await createCartItem(shopper.user, product, 1, 'M');
    const elsewhere = await api('placeOrder', { token: shopper.token, body: newOrderBody([{ product, quantity: 1 }]) });
    expect(elsewhere.status).toBe(201);
    await shared.jobs.idle({ soonMs: 0 });
    expect(sentFor(elsewhere.answer._id)).toHaveLength(0);
    expect((await api('marketingStatus', { token: admin.token })).answer.whatsapp).toEqual({ configured: false });
    expect((await api('marketingStatus', { app, token: admin.token })).answer.whatsapp).toEqual({ configured: true });

    // answered by a call before the queue got to it: no message
    stand.down = true;
    try {
      const { order } = await cashOrder();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await api('logConfirmation', { app, token: admin.token, params: { id: order._id }, body: { outcome: 'confirmed', note: '' } })).status).toBe(200);
      stand.down = false;
      await runJobsNow();
      expect(sentFor(order._id)).toHaveLength(0);
    } finally {
      stand.down = false;
    }
  });
});

describe('the webhook', () => {
  it("answers Meta's subscription check with the challenge, only with the verify token (403 otherwise; 404 without WhatsApp)", async () => {
    const check = (query: string, on: App = app) => on.inject({ method: 'GET', url: `/api/whatsapp/webhook?${query}` });
    const right = await check(`hub.mode=subscribe&hub.verify_token=${WHATSAPP_TEST_DEFAULTS.verifyToken}&hub.challenge=1158201444`);
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain/);
    expect(right.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${WHATSAPP_TEST_DEFAULTS.verifyToken}&hub.challenge=1`,
      'hub.mode=subscribe&hub.challenge=1',
      '',
    ]) {
      const refused = await check(query);
      expect(refused.statusCode, query).toBe(403);
      expect(refused.json()).toEqual({ message: 'The verify token is wrong' });
    }
    expect((await check(`hub.mode=subscribe&hub.verify_token=${WHATSAPP_TEST_DEFAULTS.verifyToken}&hub.challenge=1`, await getApp())).statusCode).toBe(404);
  });

  it('takes only notifications signed with the app\'s secret over their raw bytes (401 otherwise), and changes nothing then', async () => {
    const { order } = await cashOrder();
    const message = await messageFor(order._id);
    const press = stand.buttonPress(message, 'confirm');
    const unsigned = await app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json' }, payload: press.body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ message: 'The signature is missing or wrong' });
    for (const signature of [stand.buttonPress(message, 'confirm', { secret: 'another-apps-secret' }).signature, 'sha256=00', 'sha1=abc', press.signature.toUpperCase()]) {
      expect((await notify({ body: press.body, signature })).statusCode, signature).toBe(401);
    }
    // the signature of other bytes: the same JSON, one space more
    expect((await notify({ body: `${press.body} `, signature: press.signature })).statusCode).toBe(401);
    expect((await orderOf(order._id)).confirmation).toMatchObject({ status: 'pending' });
    // the same notification, rightly signed, answers; and a shop without WhatsApp has no webhook
    expect((await notify(press, await getApp())).statusCode).toBe(404);
    expect((await notify(press)).json()).toEqual({ received: true });
    expect((await orderOf(order._id)).confirmation).toMatchObject({ status: 'confirmed', by: 'customer' });
  });

  it('confirm confirms; a replayed message id changes nothing; a delivery status or a text is taken and changes nothing', async () => {
    const { order } = await cashOrder();
    const message = await messageFor(order._id);
    const status = await notify(stand.status(message, 'delivered'));
    expect(status.statusCode).toBe(200);
    expect((await notify(stand.text(message.to, 'is it cotton?'))).json()).toEqual({ received: true });
    expect((await orderOf(order._id)).confirmation!.status).toBe('pending');

    const press = stand.buttonPress(message, 'confirm');
    const confirmed = await notify(press);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ received: true });
    const after = await orderOf(order._id);
    expect(after.status).toBe('accepted');
    expect(after.confirmation).toMatchObject({ status: 'confirmed', by: 'customer' });
    expect(after.confirmation!.attempts.map((attempt) => [attempt.channel, attempt.outcome, attempt.by])).toEqual([
      ['whatsapp', 'sent', 'system'],
      ['whatsapp', 'confirmed', 'customer'],
    ]);

    // Meta delivers it again: heard already
    const again = await notify(press);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // and a cancel carrying that same message id is that message again: nothing changes
    const sameId = stand.buttonPress(message, 'cancel', { id: JSON.parse(press.body).entry[0].changes[0].value.messages[0].id });
    expect((await notify(sameId)).json()).toEqual({ received: true, duplicate: true });
    const still = await orderOf(order._id);
    expect(still.status).toBe('accepted');
    expect(still.confirmation!.attempts).toHaveLength(2);
  });

  it('a button from another phone changes nothing; a cancel from hers cancels and gives the stock back once', async () => {
    const { order, product } = await cashOrder();
    const message = await messageFor(order._id);
    expect(await stockOf(product)).toBe(4);

    const stranger = await notify(stand.buttonPress(message, 'cancel', { from: `2010${digits8()}` }));
    expect(stranger.statusCode).toBe(200);
    const untouched = await orderOf(order._id);
    expect(untouched.status).toBe('accepted');
    expect(untouched.confirmation!.status).toBe('pending');
    expect(untouched.confirmation!.attempts).toHaveLength(1);
    expect(await stockOf(product)).toBe(4);

    const canceled = await notify(stand.buttonPress(message, 'cancel'));
    expect(canceled.statusCode).toBe(200);
    const after = await orderOf(order._id);
    expect(after).toMatchObject({ status: 'canceled', isCanceled: true, confirmation: { status: 'declined', by: 'customer' } });
    expect(after.history.at(-1)).toMatchObject({ status: 'canceled', by: 'customer' });
    expect(after.confirmation!.attempts.at(-1)).toMatchObject({ channel: 'whatsapp', outcome: 'declined', by: 'customer' });
    expect(await stockOf(product)).toBe(5);

    // she presses it again (a new message id), or confirm after: the order is answered already, the stock stays
    expect((await notify(stand.buttonPress(message, 'cancel'))).statusCode).toBe(200);
    expect((await notify(stand.buttonPress(message, 'confirm'))).statusCode).toBe(200);
    expect(await stockOf(product)).toBe(5);
    expect((await orderOf(order._id)).status).toBe('canceled');
  });

  it('a button naming an order that does not exist, or a payload of its own, is taken and changes nothing', async () => {
    const { order } = await cashOrder();
    const message = await messageFor(order._id);
    const forged = { ...message, payloads: ['confirm:00000000-0000-4000-8000-000000000000', 'cancel:not-an-order'] };
    expect((await notify(stand.buttonPress(forged, 'confirm'))).statusCode).toBe(200);
    expect((await notify(stand.buttonPress(forged, 'cancel'))).statusCode).toBe(200);
    expect((await notify({ body: 'not json', signature: (await import('../../../scripts/whatsapp-test-server.mjs')).signWebhook(stand.appSecret, 'not json') })).statusCode).toBe(200);
    expect((await orderOf(order._id)).confirmation!.status).toBe('pending');
  });
});

describe('a send that fails', () => {
  it('is tried again by the queue (500, a refusal, a hang), the order untouched meanwhile, then delivered once', async () => {
    stand.failNext(1, 'error');
    stand.failNext(1, 'refuse');
    stand.failNext(1, 'timeout');
    const callsBefore = stand.calls;
    const { order } = await cashOrder();
    for (let tries = 0; tries < 3; tries++) {
      await runJobsNow();
      const waiting = await orderOf(order._id);
      expect(waiting.status).toBe('accepted');
      expect(waiting.confirmation).toEqual({ status: 'pending', at: null, by: null, attempts: [] });
    }
    await runJobsNow();
    expect(stand.calls - callsBefore).toBe(4);
    expect(sentFor(order._id)).toHaveLength(1);
    expect((await orderOf(order._id)).confirmation!.attempts).toEqual([expect.objectContaining({ channel: 'whatsapp', outcome: 'sent' })]);
  });

  it('waits among the failed jobs once its tries are used up, with Meta\'s error; tried again from there, it is sent', async () => {
    stand.failNext(1, 'refuse', { error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026, error_subcode: 2494055, fbtrace_id: 'AbCdEf' } });
    const { order } = await cashOrder();
    // its last try (as if eleven had failed before)
    await app.db.execute(sql`update graphile_worker._private_jobs set max_attempts = 1 where key = ${`whatsapp-confirmation:${order._id}`}`);
    await runJobsNow();
    await expect.poll(async () => (await api('failedJobs', { app, token: admin.token })).answer.filter((job) => job.orderId === order._id), { timeout: 10_000 }).toHaveLength(1);
    const [failed] = (await api('failedJobs', { app, token: admin.token })).answer.filter((job) => job.orderId === order._id);
    expect(failed).toMatchObject({ task: 'whatsapp-confirmation', orderNumber: order.number, attempts: 1 });
    expect(failed!.lastError).toBe('WhatsApp refused the message: (#131026) Message undeliverable (OAuthException code 131026/2494055, fbtrace_id AbCdEf)');
    expect((await orderOf(order._id)).confirmation).toEqual({ status: 'pending', at: null, by: null, attempts: [] });

    expect((await api('retryJob', { app, token: admin.token, params: { id: failed!._id } })).status).toBe(200);
    // the job on its last try (attempts counted when it is taken) is not among those jobs.idle() waits for
    await expect.poll(() => sentFor(order._id).length, { timeout: 10_000 }).toBe(1);
  });
});
