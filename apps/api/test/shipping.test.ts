// Shipping with a courier (PRODUCT section 9, issue 45, decision 064), against a local Bosta that speaks its wire
// (scripts/bosta-test-server.mjs): a confirmed order's parcel made once (cash collects the total, a paid order nothing;
// a retry, a double click, ten at once and a lost answer all give one Bosta delivery), refused with a sentence while
// its confirmation is pending or when Bosta refuses the address; many at once, each with its result; Bosta's webhook
// (its secret header, each state once) moves the order through the lifecycle, and the job that asks Bosta finds a
// state whose webhook was lost.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/core/contract/catalog';
import type { Order } from '@shop/core/contract/orders';
import { startBostaTestServer, type BostaTestServer } from '../../../scripts/bosta-test-server.mjs';
import type { App } from '../src/app.ts';
import { productSizes, shipmentEvents, shipments } from '../src/db/schema.ts';
import { BOSTA_SECRET_HEADER } from '../src/modules/delivery/adapters/bosta.ts';
import { pollShipments } from '../src/modules/delivery/tracking.ts';
import { api } from './client.ts';
import { billing } from '@shop/core/factories';
import { cairoDate } from '@shop/core/report-dates';
import { buildAppWith, createAdmin, createCartItem, createOrder, createProduct, createStaff, createUser, freePort, newOrderBody } from './helpers.ts';

const KEYS = { apiKey: 'bosta-api-key-of-the-test-shop', pickupLocationId: 'location-of-the-test-shop' };
const SECRET = 'bosta-webhook-secret-of-the-test-shop';

let bosta: BostaTestServer;
let app: App;
let shopUrl: string;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  bosta = await startBostaTestServer({ ...KEYS, holidays: ['2030-01-07'] });
  const port = await freePort();
  shopUrl = `http://127.0.0.1:${port}`;
  app = await buildAppWith({
    BOSTA_API_KEY: KEYS.apiKey,
    BOSTA_WEBHOOK_SECRET: SECRET,
    BOSTA_PICKUP_LOCATION_ID: KEYS.pickupLocationId,
    BOSTA_BASE_URL: bosta.url,
    BOSTA_TIMEOUT: '1s',
    PUBLIC_URL: shopUrl,
  });
  await app.listen({ port, host: '127.0.0.1' });
  staff = await createStaff();
});

afterAll(async () => {
  await app?.close();
  await bosta?.close();
});

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** Eight digits of a phone number of this test's own. */
let phones = 0;
const digits8 = () => String(((Date.now() % 1_000_000) * 100 + (++phones % 100)) % 100_000_000).padStart(8, '0');

/** A cash order placed through the API (its pieces taken from a product of 5 in M); confirmed by staff unless told. */
async function cashOrder({ confirm = true, shopper, billing = {} }: { confirm?: boolean; shopper?: Shopper; billing?: Record<string, string> } = {}) {
  const owner = shopper ?? (await createUser());
  const product = await createProduct({ price: 200, sizes: [{ size: 'M', stock: 5 }] });
  await createCartItem(owner.user, product, 2, 'M');
  const placed = await api('placeOrder', { app, token: owner.token, body: newOrderBody([{ product, quantity: 2 }], { phoneNumber: `010${digits8()}`, ...billing }) });
  expect(placed.status, placed.text).toBe(201);
  if (confirm) {
    const yes = await api('logConfirmation', { app, token: staff.token, params: { id: placed.answer._id }, body: { outcome: 'confirmed', note: '' } });
    expect(yes.status, yes.text).toBe(200);
  }
  return { order: placed.answer as Order, product, shopper: owner };
}

const ship = (id: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => api('createShipment', { app, token: staff.token, params: { id }, payload: body, headers });
const orderOf = async (id: string) => (await api('getOrder', { app, token: staff.token, params: { orderId: id } })).answer;
const stockOf = async (product: Product) =>
  (await app.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, product._id), eq(productSizes.size, 'M'))))[0]!.stock;
const deliveriesFor = (orderId: string) => [...bosta.deliveries.values()].filter((delivery) => delivery.uniqueBusinessReference?.startsWith(orderId));
/** POST the webhook as Bosta would, with these headers. */
const postWebhook = (body: unknown, headers: Record<string, string>) => fetch(`${shopUrl}/api/shipping/bosta/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A confirmed cash order with its parcel made: its tracking number. */
async function shipped() {
  const placed = await cashOrder();
  const sent = await ship(placed.order._id);
  expect(sent.status, sent.text).toBe(200);
  return { ...placed, trackingNumber: sent.answer.shipment!.trackingNumber! };
}

describe('a parcel for an order, made once', () => {
  it("sends a confirmed cash order: cod is its total, the receiver and address its billing's, Cairo as Bosta's city, the order's id as the reference, the webhook with its secret header", async () => {
    const { order } = await cashOrder();
    const sent = await ship(order._id, { packageType: 'parcel', notes: 'Fragile', allowOpening: true });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.answer.message).toBe('The order is with the courier');
    const shipment = sent.answer.shipment!;
    expect(shipment).toMatchObject({ courier: 'bosta', state: 'created', stateCode: null, cod: order.totalPrice, codCollected: null, attempts: 0, exception: null });
    expect(shipment.trackingUrl).toBe(`https://bosta.co/tracking-shipments?shipment-number=${shipment.trackingNumber}`);
    const [delivery] = deliveriesFor(order._id);
    expect(delivery).toMatchObject({
      trackingNumber: shipment.trackingNumber,
      cod: order.totalPrice,
      uniqueBusinessReference: order._id,
      businessReference: `#${order.number}`,
      allowToOpenPackage: true,
      notes: 'Fragile',
      dropOffAddress: { city: 'Cairo', firstLine: order.address, secondLine: order.city },
      receiver: { firstName: order.firstName, lastName: order.secondName, phone: order.phoneNumber },
      webhookUrl: `${shopUrl}/api/shipping/bosta/webhook`,
      webhookCustomHeaders: { [BOSTA_SECRET_HEADER]: SECRET },
    });
    expect(delivery!.specs).toEqual({ packageType: 'Parcel', packageDetails: { itemsCount: 2, description: expect.stringContaining('(M) x2') } });
    expect(bosta.requests.find((request) => request.path === '/api/v2/deliveries')!.authorization).toBe(KEYS.apiKey);

    // a second call, a double click: the same shipment, no second delivery
    const again = await ship(order._id);
    expect(again.status).toBe(200);
    expect(again.answer.shipment!.trackingNumber).toBe(shipment.trackingNumber);
    expect(deliveriesFor(order._id)).toHaveLength(1);
  });

  it("names its courier in the public config (the dashboard offers Send to Bosta only then)", async () => {
    expect((await api('publicConfig', { app })).answer.courier).toBe('bosta');
    expect((await api('publicConfig')).answer.courier).toBeUndefined();
  });

  it('a paid order collects nothing', async () => {
    const owner = await createUser();
    const product = await createProduct({ price: 350 });
    const order = await createOrder(owner.user, [{ product, quantity: 1 }], { wayForPayment: 'credit' });
    const sent = await ship(order._id);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.answer.shipment!.cod).toBe(0);
    expect(deliveriesFor(order._id)[0]!.cod).toBe(0);
  });

  it('ten calls at once make one Bosta delivery, and all ten answer it', async () => {
    const { order } = await cashOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ship(order._id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.answer.shipment!.trackingNumber)).size).toBe(1);
    expect(deliveriesFor(order._id)).toHaveLength(1);
    expect(bosta.requests.filter((request) => request.path === '/api/v2/deliveries' && (request.body as { uniqueBusinessReference?: string }).uniqueBusinessReference === order._id)).toHaveLength(1);
    expect(await app.db.select().from(shipments).where(eq(shipments.orderId, order._id))).toHaveLength(1);
  });

  it('refuses while the confirmation is pending: "Confirm the order first", in Arabic too', async () => {
    const { order } = await cashOrder({ confirm: false });
    const refused = await ship(order._id);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('Confirm the order first');
    const arabic = await ship(order._id, {}, { 'accept-language': 'ar' });
    expect(arabic.message).toBe('أكِّد الطلب أولًا');
    expect(deliveriesFor(order._id)).toHaveLength(0);
    expect(await app.db.select().from(shipments).where(eq(shipments.orderId, order._id))).toHaveLength(0);
  });

  it("refuses with a sentence when Bosta refuses the address, and keeps no shipment; a canceled order or a stranger's call is refused", async () => {
    const { order } = await cashOrder({ billing: { address: 'x' } });
    const refused = await ship(order._id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.message).toBe("The courier refused this order's address: check its governorate, city and street");
    expect(await app.db.select().from(shipments).where(eq(shipments.orderId, order._id))).toHaveLength(0);

    const canceled = await cashOrder();
    await api('moveOrder', { app, token: staff.token, params: { id: canceled.order._id }, body: { status: 'canceled' } });
    const gone = await ship(canceled.order._id);
    expect(gone.status).toBe(409);
    expect(gone.message).toBe('Only a placed order that has not left the shop can be sent to the courier');

    const customer = await createUser();
    expect((await api('createShipment', { app, token: customer.token, params: { id: order._id }, body: {} })).status).toBe(403);
    expect((await ship('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("Bosta not answering leaves the shipment pending (503); asked again, by staff or by the job, it gives one delivery", async () => {
    const first = await cashOrder();
    bosta.failNext('create', 1, 'timeout');
    const timedOut = await ship(first.order._id);
    expect(timedOut.status, timedOut.text).toBe(503);
    expect(timedOut.message).toBe('The courier did not answer, please try again in a moment');
    const [pending] = await app.db.select().from(shipments).where(eq(shipments.orderId, first.order._id));
    expect(pending).toMatchObject({ state: 'pending', trackingNumber: null });
    // Bosta did make it: asked again with the same reference, it answers that one
    const retried = await ship(first.order._id);
    expect(retried.status, retried.text).toBe(200);
    expect(deliveriesFor(first.order._id)).toHaveLength(1);
    expect(retried.answer.shipment!.trackingNumber).toBe(deliveriesFor(first.order._id)[0]!.trackingNumber);

    const second = await cashOrder();
    bosta.failNext('create', 1, 'lost');
    expect((await ship(second.order._id)).status).toBe(503);
    const round = await pollShipments(app.shop);
    expect(round.made).toBeGreaterThanOrEqual(1);
    expect(deliveriesFor(second.order._id)).toHaveLength(1);
    expect((await orderOf(second.order._id)).shipment).toMatchObject({ state: 'created', trackingNumber: deliveriesFor(second.order._id)[0]!.trackingNumber });
  });

  it('POST /api/shipments sends many, answering each order with its result', async () => {
    const [a, b, pending] = [await cashOrder(), await cashOrder(), await cashOrder({ confirm: false })];
    const sent = await api('createShipments', { app, token: staff.token, body: { orders: [a.order._id, b.order._id, pending.order._id] } });
    expect(sent.status, sent.text).toBe(200);
    const results = sent.answer.results;
    expect(results.map((result) => [result.order, result.ok, result.message])).toEqual([
      [a.order._id, true, 'The order is with the courier'],
      [b.order._id, true, 'The order is with the courier'],
      [pending.order._id, false, 'Confirm the order first'],
    ]);
    expect(results[0]!.shipment!.trackingNumber).toBe(deliveriesFor(a.order._id)[0]!.trackingNumber);
    const arabic = await api('createShipments', { app, token: staff.token, body: { orders: [pending.order._id] }, headers: { 'accept-language': 'ar' } });
    expect(arabic.answer.results[0]!.message).toBe('أكِّد الطلب أولًا');
    expect((await api('createShipments', { app, token: staff.token, payload: { orders: [] } })).status).toBe(400);
  });

  it("shows the shipment on its owner's order too", async () => {
    const { order, shopper, trackingNumber } = await shipped().then(async (made) => made);
    const own = await api('getOrder', { app, token: shopper.token, params: { orderId: order._id } });
    expect(own.status).toBe(200);
    expect(own.answer.shipment).toMatchObject({ trackingNumber, state: 'created' });
    expect(own.answer.customerHistory).toBeUndefined();

    // a guest's order page too
    const product = await createProduct({ price: 150, sizes: [{ size: 'M', stock: 3 }] });
    const guest = await api('guestOrder', { app, body: { ...billing({ phoneNumber: `012${digits8()}` }), lines: [{ product: product._id, size: 'M', quantity: 1 }], wayForPayment: 'cash' } });
    expect(guest.status, guest.text).toBe(201);
    await api('logConfirmation', { app, token: staff.token, params: { id: guest.answer._id }, body: { outcome: 'confirmed', note: '' } });
    const sent = await ship(guest.answer._id);
    expect(sent.status, sent.text).toBe(200);
    const read = await api('getGuestOrder', { app, params: { id: guest.answer._id }, headers: { 'x-order-token': guest.answer.guestToken } });
    expect(read.status, read.text).toBe(200);
    expect(read.answer.shipment).toMatchObject({ courier: 'bosta', state: 'created', trackingNumber: sent.answer.shipment!.trackingNumber });
  });
});

describe("Bosta's webhook", () => {
  it('is refused without the secret header or with a wrong one, and changes nothing', async () => {
    const { order, trackingNumber } = await shipped();
    const body = { _id: 'x', trackingNumber: Number(trackingNumber), state: 21, type: 'SEND', cod: 0, timeStamp: Date.now() };
    expect((await postWebhook(body, {})).status).toBe(401);
    expect((await postWebhook(body, { [BOSTA_SECRET_HEADER]: 'not-the-secret' })).status).toBe(401);
    expect((await postWebhook(body, { [BOSTA_SECRET_HEADER]: `${SECRET}x` })).status).toBe(401);
    expect((await orderOf(order._id)).status).toBe('accepted');
    const other = await fetch(`${shopUrl}/api/shipping/aramex/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', [BOSTA_SECRET_HEADER]: SECRET }, body: JSON.stringify(body) });
    expect(other.status).toBe(404);
  });

  it('picked up ships the order, each state once (a replay changes nothing); out for delivery keeps it shipped; delivered with the cash Bosta collected', async () => {
    const { order, trackingNumber } = await shipped();
    const picked = (await bosta.advance(trackingNumber, 21))!;
    expect(picked.status).toBe(200);
    let now = await orderOf(order._id);
    expect(now.status).toBe('shipped');
    expect(now.history.at(-1)).toMatchObject({ status: 'shipped', by: 'bosta' });
    expect(now.shipment).toMatchObject({ state: 'picked-up', stateCode: 21 });
    // the shipped mail says who brings it and links Bosta's tracking page
    await app.jobs.idle({ soonMs: 0, timeoutMs: 20_000 });
    const outbox = app.config.mail.outboxDir;
    const shippedMail = (existsSync(outbox) ? readdirSync(outbox) : []).filter((file) => file.includes(order._id) && file.includes('shipped')).map((file) => readFileSync(path.join(outbox, file), 'utf8'));
    expect(shippedMail).toHaveLength(1);
    const parsed = await simpleParser(shippedMail[0]!);
    expect(parsed.text).toContain(`Bosta is bringing it to you, tracking number ${trackingNumber}.`);
    expect(parsed.text).toContain(`Follow your parcel: https://bosta.co/tracking-shipments?shipment-number=${trackingNumber}`);
    expect(String(parsed.html)).toContain(`href="https://bosta.co/tracking-shipments?shipment-number=${trackingNumber}"`);

    const replayed = await fetch(picked.url, { method: 'POST', headers: picked.headers, body: JSON.stringify(picked.body) });
    expect(await replayed.json()).toEqual({ received: true, duplicate: true });
    expect((await orderOf(order._id)).history.filter((step) => step.status === 'shipped')).toHaveLength(1);

    await bosta.advance(trackingNumber, 24);
    await bosta.advance(trackingNumber, 41);
    now = await orderOf(order._id);
    expect(now).toMatchObject({ status: 'shipped', shipment: { state: 'out-for-delivery', stateCode: 41 } });

    await bosta.advance(trackingNumber, 45, { cod: order.totalPrice });
    now = await orderOf(order._id);
    expect(now.status).toBe('delivered');
    expect(now.shipment).toMatchObject({ state: 'delivered', stateCode: 45, cod: order.totalPrice, codCollected: order.totalPrice });
    expect(now.customerHistory!.delivered).toBe(1);
    // a late word after the final one changes nothing
    await bosta.advance(trackingNumber, 41);
    expect((await orderOf(order._id)).shipment!.state).toBe('delivered');
  });

  it('delivered while the order was still accepted (its picked-up word lost) ships it and delivers it', async () => {
    const { order, trackingNumber } = await shipped();
    await bosta.advance(trackingNumber, 45, { cod: 100 });
    const now = await orderOf(order._id);
    expect(now.history.map((step) => step.status)).toEqual(['accepted', 'shipped', 'delivered']);
    expect(now.shipment!.codCollected).toBe(100);
  });

  it('back at the shop cancels the order as returned: its stock back once, counted as refused in the phone\'s history', async () => {
    const { order, product, trackingNumber } = await shipped();
    expect(await stockOf(product)).toBe(3);
    await bosta.advance(trackingNumber, 21);
    const back = (await bosta.advance(trackingNumber, 46))!;
    let now = await orderOf(order._id);
    expect(now).toMatchObject({ status: 'canceled', isCanceled: true, shipment: { state: 'returned', stateCode: 46 } });
    expect(now.history.at(-1)).toMatchObject({ status: 'canceled', by: 'bosta', reason: 'returned' });
    expect(await stockOf(product)).toBe(5);
    expect(now.customerHistory).toEqual({ delivered: 0, refused: 1, canceled: 0 });

    expect(await bosta.replay(back)).toBe(200);
    await bosta.advance(trackingNumber, 60);
    now = await orderOf(order._id);
    expect(now.history.filter((step) => step.status === 'canceled')).toHaveLength(1);
    expect(await stockOf(product)).toBe(5);
  });

  it('an exception is recorded on the order, which stays where it is; terminated ends the shipment and leaves the order accepted', async () => {
    const { order, trackingNumber } = await shipped();
    await bosta.advance(trackingNumber, 47, { exceptionReason: 'Customer asked to postpone' });
    let now = await orderOf(order._id);
    expect(now).toMatchObject({ status: 'accepted', shipment: { state: 'exception', stateCode: 47, exception: 'Customer asked to postpone', attempts: 1 } });
    await bosta.advance(trackingNumber, 48);
    now = await orderOf(order._id);
    expect(now).toMatchObject({ status: 'accepted', shipment: { state: 'ended', stateCode: 48 } });
    // ended: the order may be sent again, under a reference of its own
    const again = await ship(order._id);
    expect(again.status, again.text).toBe(200);
    expect(again.answer.shipment!.state).toBe('created');
    expect(again.answer.shipment!.trackingNumber).not.toBe(trackingNumber);
    expect(deliveriesFor(order._id).map((delivery) => delivery.uniqueBusinessReference)).toEqual([order._id, `${order._id}-2`]);
  });
});

describe('the job that asks Bosta', () => {
  it('finds a state whose webhook was lost, and moves the order', async () => {
    const { order, trackingNumber } = await shipped();
    await bosta.advance(trackingNumber, 21, { webhook: false });
    expect((await orderOf(order._id)).status).toBe('accepted');
    const round = await pollShipments(app.shop);
    expect(round.applied).toBeGreaterThanOrEqual(1);
    expect((await orderOf(order._id))).toMatchObject({ status: 'shipped', shipment: { state: 'picked-up', stateCode: 21 } });
    await bosta.advance(trackingNumber, 45, { cod: order.totalPrice, webhook: false });
    await pollShipments(app.shop);
    expect((await orderOf(order._id))).toMatchObject({ status: 'delivered', shipment: { codCollected: order.totalPrice } });
    // its word is kept once: asking again finds nothing new
    expect((await pollShipments(app.shop)).applied).toBe(0);
    expect(await app.db.select().from(shipmentEvents).where(eq(shipmentEvents.trackingNumber, trackingNumber))).toHaveLength(2);
  });
});

describe('waybills, pickups and the cash Bosta collects', () => {
  it("answers an order's waybill as Bosta's PDF, and 404 before it is sent", async () => {
    const { order, trackingNumber } = await shipped();
    const waybill = await api('shipmentWaybill', { app, token: staff.token, params: { id: order._id } });
    expect(waybill.status).toBe(200);
    expect(waybill.headers['content-type']).toBe('application/pdf');
    expect(waybill.headers['content-disposition']).toBe(`attachment; filename="waybill-${order.number}.pdf"`);
    expect(waybill.text.startsWith('%PDF-')).toBe(true);
    expect(waybill.text).toContain(trackingNumber);
    const notYet = await cashOrder();
    const none = await api('shipmentWaybill', { app, token: staff.token, params: { id: notYet.order._id } });
    expect(none.status).toBe(404);
    expect(none.message).toBe('This order has not been sent to a courier');
  });

  it("books a pickup, and says each of Bosta's refusals in a sentence: a Friday, a holiday, past the cut-off, one already that day", async () => {
    const booked = await api('requestPickup', { app, token: staff.token, body: { date: '2030-01-08', parcels: 3 } });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.answer).toMatchObject({ message: 'The pickup is booked', pickup: { date: '2030-01-08', parcels: 3 } });
    expect(bosta.pickups.at(-1)).toMatchObject({ businessLocationId: KEYS.pickupLocationId, scheduledDate: '2030-01-08', numberOfParcels: 3 });
    const refusals: [string, string][] = [
      ['2030-01-04', 'The courier does not pick up on Fridays: choose another day'],
      ['2030-01-07', 'The courier does not pick up on that day (a holiday): choose another day'],
      ['2020-01-07', 'It is past the cut-off for a pickup that day: choose a later day'],
      ['2030-01-08', 'A pickup is already booked for that day'],
    ];
    for (const [date, sentence] of refusals) {
      const refused = await api('requestPickup', { app, token: staff.token, body: { date, parcels: 1 } });
      expect(refused.status, date).toBe(409);
      expect(refused.message).toBe(sentence);
    }
    const arabic = await api('requestPickup', { app, token: staff.token, body: { date: '2030-01-04', parcels: 1 }, headers: { 'accept-language': 'ar' } });
    expect(arabic.message).toBe('لا تستلم شركة الشحن الطرود يوم الجمعة: اختر يومًا آخر');
    expect((await api('requestPickup', { app, token: staff.token, payload: { date: 'tomorrow', parcels: 1 } })).status).toBe(400);
  });

  it('GET /api/reports/cod: each delivered shipment with what it should have collected and what Bosta reported, the totals, and a CSV', async () => {
    const admin = await createAdmin();
    const full = await shipped();
    await bosta.advance(full.trackingNumber, 45, { cod: full.order.totalPrice });
    const short = await shipped();
    await bosta.advance(short.trackingNumber, 45, { cod: short.order.totalPrice - 50 });
    const today = cairoDate();
    const report = await api('codReport', { app, token: admin.token, query: { from: today, to: today } });
    expect(report.status, report.text).toBe(200);
    const answer = report.answer as Exclude<typeof report.answer, string>;
    const mine = answer.shipments.filter((row) => row.order === full.order._id || row.order === short.order._id);
    expect(mine).toEqual([
      { order: full.order._id, number: full.order.number, trackingNumber: full.trackingNumber, cod: full.order.totalPrice, codCollected: full.order.totalPrice, state: 'delivered', deliveredAt: expect.any(String) },
      { order: short.order._id, number: short.order.number, trackingNumber: short.trackingNumber, cod: short.order.totalPrice, codCollected: short.order.totalPrice - 50, state: 'delivered', deliveredAt: expect.any(String) },
    ]);
    const sum = (pick: (row: (typeof answer.shipments)[number]) => number) => Math.round(answer.shipments.reduce((total, row) => total + pick(row), 0) * 100) / 100;
    expect(answer.totals).toEqual({ expected: sum((row) => row.cod), collected: sum((row) => row.codCollected ?? 0), outstanding: Math.round((sum((row) => row.cod) - sum((row) => row.codCollected ?? 0)) * 100) / 100 });
    expect(answer.totals.outstanding).toBeGreaterThanOrEqual(50);

    const csv = await api('codReport', { app, token: admin.token, query: { from: today, to: today, format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.text.startsWith('\uFEFForder,trackingNumber,cod,codCollected,state,deliveredAt\r\n')).toBe(true);
    expect(csv.text).toContain(`#${short.order.number},${short.trackingNumber},${short.order.totalPrice},${short.order.totalPrice - 50},delivered,`);
    expect(csv.text).toContain(`outstanding,,${answer.totals.outstanding},,,`);
    expect((await api('codReport', { app, token: staff.token, query: { from: today, to: today } })).status).toBe(403);
  });
});
