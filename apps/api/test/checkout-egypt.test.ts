// PRODUCT section 8: delivery by governorate, the price of a cart, discount codes and guest checkout. The delivery table
// is the shop's one table: only this file changes it, and only governorates no other test orders to (Cairo stays
// at its default, so SPEC's EGP 30 holds for every other file running beside this one).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOVERNORATES } from '@shop/core/constants';
import { arabicOf } from '@shop/core/messages.ar';
import type { Product } from '@shop/core/contract/catalog';
import type { ShippingRate } from '@shop/core/contract/delivery';
import { auditEntries, coupons, orders } from '../src/db/schema.ts';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { billing, buildAppWith, createAdmin, createCartItem, createProduct, createUser, getApp, newOrderBody, shopperWithCart, sourcePages, unique } from './helpers.ts';
import { api } from './client.ts';
import { buildMailingApp, startSmtpServer, type MailingApp, type TestSmtpServer } from './mail-server.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;
const mailOf = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const AR = { 'accept-language': 'ar' };

let app: App;
let admin: Shopper;
beforeAll(async () => {
  app = await getApp();
  admin = await createAdmin();
});

/** Prices Aswan and North Sinai, switches New Valley off; every other governorate stays at its default. */
const TABLE: Partial<ShippingRate>[] = [
  { governorate: 'Aswan', fee: 85, codFee: 15, minDays: 4, maxDays: 7, freeOver: 2000, enabled: true },
  { governorate: 'North Sinai', fee: 120.5, codFee: 0, minDays: 5, maxDays: 9, freeOver: null, enabled: true },
  { governorate: 'New Valley', fee: 30, codFee: 0, minDays: 2, maxDays: 5, freeOver: null, enabled: false },
];
const setTable = (rows: Partial<ShippingRate>[]) => api('updateShipping', { headers: admin.auth, body: rows as ShippingRate[] });

const summary = (shopper: Shopper, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  api('cartSummary', { headers: { ...shopper.auth, ...headers }, rawQuery: query });

const couponBody = (overrides: Record<string, unknown> = {}) => ({
  code: unique('NILE').replace(/[^A-Za-z0-9-]/g, '').slice(0, 30),
  kind: 'percent' as const,
  value: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  active: true,
  ...overrides,
});
async function newCoupon(overrides: Record<string, unknown> = {}) {
  const response = await api('addCoupon', { headers: admin.auth, payload: couponBody(overrides) });
  expect(response.status, response.text).toBe(201);
  return response.answer;
}

describe('delivery by governorate', () => {
  beforeAll(async () => {
    const saved = await setTable(TABLE);
    expect(saved.status, saved.text).toBe(200);
  });

  it('answers 27 rows, the default for each one not priced (SPEC\'s EGP 30) and the owner\'s for the others', async () => {
    const table = (await api('getShipping')).answer;
    expect(table.map((row) => row.governorate)).toEqual([...GOVERNORATES]);
    expect(table.find((row) => row.governorate === 'Gharbia')).toEqual({ governorate: 'Gharbia', fee: 30, codFee: 0, minDays: 2, maxDays: 5, freeOver: null, enabled: true });
    expect(table.find((row) => row.governorate === 'Aswan')).toEqual(TABLE[0]);
    expect(table.find((row) => row.governorate === 'North Sinai')).toMatchObject({ fee: 120.5 });
  });

  it('refuses a bad table naming the row, in English and Arabic, and changes nothing', async () => {
    const cases: [unknown[], string][] = [
      [[{ ...TABLE[0], fee: -1 }], 'Aswan: Delivery fee cannot be negative'],
      [[{ ...TABLE[0], minDays: 8 }], 'Aswan: the fastest delivery cannot be slower than the slowest'],
      [[TABLE[0], TABLE[0]], 'Aswan is listed twice'],
      [[{ ...TABLE[0], governorate: 'Atlantis' }], 'Row 1: Please choose a governorate'],
      [[{ ...TABLE[0], codFee: 1.234 }], 'Aswan: Cash fee can have at most 2 decimals'],
    ];
    for (const [rows, message] of cases) {
      const english = await api('updateShipping', { headers: admin.auth, payload: rows });
      expect(english.status).toBe(400);
      expect(english.message).toBe(message);
      const arabic = await api('updateShipping', { headers: { ...admin.auth, ...AR }, payload: rows });
      expect(arabic.message).toBe(arabicOf(message));
      expect(arabic.message).not.toBe(message);
    }
    expect((await api('getShipping')).answer.find((row) => row.governorate === 'Aswan')).toEqual(TABLE[0]);
  });

  it('records each change of the table in the audit trail, and a save that changes nothing records nothing', async () => {
    const before = await app.db.select().from(auditEntries).where(eq(auditEntries.entity, 'shipping'));
    await setTable([...TABLE.slice(0, 2), { ...TABLE[2], maxDays: 6 }]);
    await setTable([...TABLE.slice(0, 2), { ...TABLE[2], maxDays: 6 }]);
    const after = await app.db.select().from(auditEntries).where(eq(auditEntries.entity, 'shipping'));
    expect(after.length).toBe(before.length + 1);
    const entry = after.find((row) => !before.some((old) => old.id === row.id))!;
    expect(entry).toMatchObject({ actorUsername: admin.user.username, action: 'update', before: { 'New Valley': { maxDays: 5 } }, after: { 'New Valley': { maxDays: 6 } } });
    await setTable(TABLE);
  });

  it("shows the table on the Delivery & payment page under the owner's text, in English and Arabic (issue 42)", async () => {
    const pages = await buildAppWith({}, { pages: await sourcePages() });
    try {
      const page = async (cookie: string) => (await pages.inject({ method: 'GET', url: '/pages/delivery', headers: { cookie } })).body;
      const row = (html: string, governorate: string) => html.match(new RegExp(`<tr><td[^>]*>[^<]*${governorate}[^<]*</td>(.*?)</tr>`))?.[1]?.replace(/<[^>]+>/g, '|') ?? '';
      const english = await page('lang=en');
      expect(row(english, 'Aswan')).toBe('|EGP 85||EGP 15||EGP 2,000||Delivery in 4-7 days|');
      expect(row(english, 'North Sinai')).toBe('|EGP 120.50||None||–||Delivery in 5-9 days|');
      // the governorates at the default price share a row; the one turned off is named apart
      expect(row(english, 'Cairo')).toBe('|EGP 30||None||–||Delivery in 2-5 days|');
      expect(row(english, 'Cairo')).toBe(row(english, 'Gharbia'));
      expect(english).toContain('We do not deliver to New Valley yet.');
      const arabic = await page('lang=ar');
      expect(row(arabic, 'أسوان')).toBe('|٨٥ ج.م.||١٥ ج.م.||٢٬٠٠٠ ج.م.||التوصيل خلال ٤ إلى ٧ أيام|');
      expect(arabic).toContain('لا نوصّل إلى الوادي الجديد حتى الآن.');
    } finally {
      await pages.close();
    }
  });

  it('prices a cart by governorate and way: fee, cash fee, days, and free delivery from the threshold', async () => {
    const { shopper } = await shopperWithCart({ price: 1000, quantity: 1 });
    expect((await summary(shopper)).answer).toEqual({
      subtotal: 1000, discount: 0, shipping: 30, codFee: 0, total: 1030, couponCode: null, freeShippingFrom: null, governorate: 'Cairo', way: 'cash', minDays: 2, maxDays: 5,
    });
    expect((await summary(shopper, { governorate: 'Aswan', way: 'cash' })).answer).toMatchObject({ shipping: 85, codFee: 15, total: 1100, freeShippingFrom: 2000, minDays: 4, maxDays: 7 });
    expect((await summary(shopper, { governorate: 'Aswan', way: 'credit' })).answer).toMatchObject({ shipping: 85, codFee: 0, total: 1085 });
    expect((await summary(shopper, { governorate: 'North Sinai', way: 'credit' })).answer).toMatchObject({ shipping: 120.5, total: 1120.5 });
    const { shopper: big } = await shopperWithCart({ price: 1000, quantity: 2 });
    expect((await summary(big, { governorate: 'Aswan', way: 'cash' })).answer).toMatchObject({ subtotal: 2000, shipping: 0, codFee: 15, total: 2015 });
  });

  it('places an order with the governorate\'s figures, and refuses a total that leaves them out', async () => {
    const { shopper, lines } = await shopperWithCart({ price: 1000, quantity: 1 });
    const stale = await api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines, { Governorate: 'Aswan' }) });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe('Prices have changed, please review your cart');
    const placed = await api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines, { Governorate: 'Aswan', totalPrice: '1100.00' }) });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.answer).toMatchObject({ subtotal: 1000, discount: 0, shipping: 85, codFee: 15, totalPrice: 1100, couponCode: null });
    const read = await api('getOrder', { headers: shopper.auth, params: { orderId: placed.answer._id } });
    expect(read.answer).toMatchObject({ subtotal: 1000, shipping: 85, codFee: 15, totalPrice: 1100 });
  });

  it('refuses an order, a summary and a quote to a governorate switched off, in English and Arabic, writing nothing', async () => {
    const { shopper, lines, product } = await shopperWithCart({ price: 1000, quantity: 1, stock: 5 });
    for (const headers of [{}, AR]) {
      const refused = await api('placeOrder', { headers: { ...shopper.auth, ...headers }, payload: newOrderBody(lines, { Governorate: 'New Valley' }) });
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(headers === AR ? 'لا نوصّل إلى الوادي الجديد بعد' : 'We do not deliver to New Valley yet');
    }
    expect((await summary(shopper, { governorate: 'New Valley' })).message).toBe('We do not deliver to New Valley yet');
    const quote = await api('cartQuote', { body: { lines: [{ product: product._id, size: 'M', quantity: 1 }], governorate: 'New Valley' } });
    expect(quote.status).toBe(400);
    expect((await api('getCart', { headers: shopper.auth })).answer).toHaveLength(1);
    expect((await api('getProduct', { params: { x: product._id } })).answer.sizes).toEqual([{ size: 'M', stock: 5 }]);
  });

  it('charges a card what the order costs delivered to the governorate the checkout names', async () => {
    const { shopper, lines } = await shopperWithCart({ price: 500, quantity: 2 });
    const cairo = await api('createPayment', { headers: shopper.auth, body: {} });
    expect(cairo.answer.amount).toBe(103_000);
    const aswan = await api('createPayment', { headers: shopper.auth, body: { governorate: 'Aswan' } });
    expect(aswan.answer.amount).toBe(108_500);
    await api('confirmSandboxPayment', { headers: shopper.auth, body: { client_secret: aswan.answer.client_secret, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' } });
    // the Cairo payment is for another amount: refused, and the Aswan one takes the order
    const wrong = await api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines, { Governorate: 'Aswan', wayForPayment: 'credit', totalPrice: '1085.00', paymentIntentId: cairo.answer.paymentIntentId }) });
    expect(wrong.status).toBe(402);
    const paid = await api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines, { Governorate: 'Aswan', wayForPayment: 'credit', totalPrice: '1085.00', paymentIntentId: aswan.answer.paymentIntentId }) });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.answer).toMatchObject({ shipping: 85, codFee: 0, totalPrice: 1085 });
  });
});

describe('SPEC\'s original client with the default table', () => {
  it('completes a cash order to Cairo at EGP 30 delivery and no cash fee', async () => {
    const { shopper, lines } = await shopperWithCart({ price: 250, quantity: 2 });
    const placed = await api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines) });
    expect(placed.status).toBe(201);
    expect(placed.answer).toMatchObject({ totalPrice: 530, subtotal: 500, shipping: 30, codFee: 0, discount: 0 });
  });
});

describe('discount codes', () => {
  const refusals: [string, Record<string, unknown>, string, number?][] = [
    // one sentence for every code that cannot be used: a guess learns nothing (decision 051)
    ['unknown', {}, 'This code is not valid'],
    ['paused', { active: false }, 'This code is not valid'],
    ['not yet valid', { startsAt: new Date(Date.now() + 86_400_000).toISOString() }, 'This code is not valid'],
    ['expired', { startsAt: '2026-01-01T00:00:00+02:00', endsAt: '2026-02-01T00:00:00+02:00' }, 'This code is not valid'],
    ['below its minimum', { minSubtotal: 1500 }, 'Spend EGP 1,500 to use this code'],
  ];

  for (const [what, terms, message] of refusals) {
    it(`refuses a code ${what}, in English and Arabic`, async () => {
      const { shopper } = await shopperWithCart({ price: 1000, quantity: 1 });
      const code = what === 'unknown' ? 'NO-SUCH-CODE' : (await newCoupon(terms)).code;
      const english = await api('applyCoupon', { headers: shopper.auth, body: { code } });
      expect(english.status).toBe(400);
      expect(english.message).toBe(message);
      const arabic = await api('applyCoupon', { headers: { ...shopper.auth, ...AR }, body: { code } });
      expect(arabic.message).toBe(arabicOf(message));
      expect(arabic.message).not.toBe(message);
      expect((await summary(shopper)).answer.couponCode).toBeNull();
    });
  }

  it('applies a percent code in any case, keeps it on the cart, and the order carries the code and its amount', async () => {
    const coupon = await newCoupon({ value: 15 });
    const { shopper, lines } = await shopperWithCart({ price: 999, quantity: 1 });
    const applied = await api('applyCoupon', { headers: shopper.auth, body: { code: coupon.code.toLowerCase() } });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.answer).toMatchObject({ subtotal: 999, discount: 149.85, shipping: 30, total: 879.15, couponCode: coupon.code, message: 'Code applied' });
    expect((await summary(shopper)).answer).toMatchObject({ discount: 149.85, couponCode: coupon.code });
    // the checkout sends no code: the one on the cart counts
    const placed = await api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines, { totalPrice: '879.15' }) });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.answer).toMatchObject({ subtotal: 999, discount: 149.85, shipping: 30, codFee: 0, totalPrice: 879.15, couponCode: coupon.code });
    expect((await summary(shopper)).answer.couponCode).toBeNull();
    const listed = (await api('listCoupons', { headers: admin.auth })).answer.find((each) => each._id === coupon._id)!;
    expect(listed).toMatchObject({ uses: 1, deliveredRevenue: 0 });
    for (const status of ['shipped', 'delivered'] as const) {
      const moved = await api('moveOrder', { headers: admin.auth, params: { id: placed.answer._id }, body: { status } });
      expect(moved.status, moved.text).toBe(200);
    }
    expect((await api('listCoupons', { headers: admin.auth })).answer.find((each) => each._id === coupon._id)).toMatchObject({ uses: 1, deliveredRevenue: 879.15 });
  });

  it('takes a fixed amount off the subtotal only: never more than the subtotal, so delivery and the cash fee stay', async () => {
    const coupon = await newCoupon({ kind: 'fixed', value: 5000 });
    const { shopper, lines } = await shopperWithCart({ price: 100, quantity: 1 });
    const applied = await api('applyCoupon', { headers: shopper.auth, body: { code: coupon.code }, rawQuery: { governorate: 'Aswan', way: 'cash' } });
    expect(applied.answer).toMatchObject({ subtotal: 100, discount: 100, shipping: 85, codFee: 15, total: 100 });
    const placed = await api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines, { Governorate: 'Aswan', totalPrice: '100.00', couponCode: coupon.code }) });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.answer).toMatchObject({ discount: 100, shipping: 85, codFee: 15, totalPrice: 100 });
  });

  it('a free-delivery code makes delivery free and keeps the cash fee', async () => {
    const coupon = await newCoupon({ kind: 'free-shipping', value: 0 });
    const { shopper } = await shopperWithCart({ price: 300, quantity: 1 });
    const applied = await api('applyCoupon', { headers: shopper.auth, body: { code: coupon.code }, rawQuery: { governorate: 'Aswan', way: 'cash' } });
    expect(applied.answer).toMatchObject({ discount: 0, shipping: 0, codFee: 15, total: 315 });
  });

  it('refuses a code used up, and one the customer has used already, in English and Arabic', async () => {
    const once = await newCoupon({ maxUses: 1 });
    const mine = await newCoupon({ maxUsesPerCustomer: 1 });
    const first = await shopperWithCart({ price: 100, quantity: 1 });
    const firstOrder = await api('placeOrder', { headers: first.shopper.auth, payload: newOrderBody(first.lines, { totalPrice: '120.00', couponCode: once.code }) });
    expect(firstOrder.status, firstOrder.text).toBe(201);
    const second = await shopperWithCart({ price: 100, quantity: 1 });
    const usedUp = await api('applyCoupon', { headers: second.shopper.auth, body: { code: once.code } });
    expect(usedUp.message).toBe('This code is not valid');
    expect((await api('applyCoupon', { headers: { ...second.shopper.auth, ...AR }, body: { code: once.code } })).message).toBe('هذا الكود غير صالح');
    const late = await api('placeOrder', { headers: second.shopper.auth, payload: newOrderBody(second.lines, { totalPrice: '120.00', couponCode: once.code }) });
    expect(late.status).toBe(400);
    expect(late.message).toBe('This code is not valid');

    const orderWithMine = await api('placeOrder', { headers: second.shopper.auth, payload: newOrderBody(second.lines, { totalPrice: '120.00', couponCode: mine.code }) });
    expect(orderWithMine.status, orderWithMine.text).toBe(201);
    await createCartItem(second.shopper.user, second.product, 1, 'M');
    const again = await api('applyCoupon', { headers: second.shopper.auth, body: { code: mine.code } });
    expect(again.message).toBe('You have already used this code');
    expect((await api('applyCoupon', { headers: { ...second.shopper.auth, ...AR }, body: { code: mine.code } })).message).toBe('لقد استخدمت هذا الكود من قبل');
  });

  it('a canceled order gives its code\'s use back: the last use and the customer\'s own limit are free again', async () => {
    const once = await newCoupon({ maxUses: 1, maxUsesPerCustomer: 1 });
    const usesOf = async () => (await api('listCoupons', { headers: admin.auth })).answer.find((coupon) => coupon.code === once.code)!.uses;
    const first = await shopperWithCart({ price: 100, quantity: 1 });
    const placed = await api('placeOrder', { headers: first.shopper.auth, payload: newOrderBody(first.lines, { totalPrice: '120.00', couponCode: once.code }) });
    expect(placed.status, placed.text).toBe(201);
    expect(await usesOf()).toBe(1);
    const second = await shopperWithCart({ price: 100, quantity: 1 });
    expect((await api('applyCoupon', { headers: second.shopper.auth, body: { code: once.code } })).message).toBe('This code is not valid');

    // the customer cancels: the order keeps the code it had, the code has its use back
    const canceled = await api('cancelOrder', { params: { id: placed.answer._id }, headers: first.shopper.auth });
    expect(canceled.status, canceled.text).toBe(200);
    // (SPEC's cancel answers the customer's orders)
    expect(canceled.answer.find((order) => order._id === placed.answer._id)).toMatchObject({ status: 'canceled', couponCode: once.code });
    expect(await usesOf()).toBe(0);
    // and she may use it again, her canceled order not counted against her own limit
    await createCartItem(first.shopper.user, first.product, 1, 'M');
    const again = await api('placeOrder', { headers: first.shopper.auth, payload: newOrderBody(first.lines, { totalPrice: '120.00', couponCode: once.code }) });
    expect(again.status, again.text).toBe(201);
    expect(await usesOf()).toBe(1);
    // an admin's cancel gives it back too
    expect((await api('cancelOrder', { params: { id: again.answer._id }, headers: admin.auth })).status).toBe(200);
    expect(await usesOf()).toBe(0);
    const late = await api('placeOrder', { headers: second.shopper.auth, payload: newOrderBody(second.lines, { totalPrice: '120.00', couponCode: once.code }) });
    expect(late.status, late.text).toBe(201);
    expect(await usesOf()).toBe(1);
  });

  it('a code kept on the cart that stops applying is left out of the summary, with the reason', async () => {
    const coupon = await newCoupon({ minSubtotal: 500 });
    const { shopper } = await shopperWithCart({ price: 600, quantity: 1 });
    await api('applyCoupon', { headers: shopper.auth, body: { code: coupon.code } });
    await api('updateCoupon', { headers: admin.auth, params: { id: coupon._id }, payload: { ...couponBody({ code: coupon.code, minSubtotal: 1000 }) } });
    expect((await summary(shopper)).answer).toMatchObject({ discount: 0, couponCode: null, couponMessage: 'Spend EGP 1,000 to use this code' });
    const removed = await api('removeCoupon', { headers: shopper.auth });
    expect(removed.answer).toMatchObject({ couponCode: null, message: 'Code removed' });
    expect(removed.answer.couponMessage).toBeUndefined();
  });

  it('20 customers racing for a code with 5 uses: exactly 5 orders carry it', async () => {
    const coupon = await newCoupon({ maxUses: 5, value: 20 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWithCart({ price: 100, quantity: 1 })));
    const answers = await Promise.all(
      shoppers.map(({ shopper, lines }) => api('placeOrder', { headers: shopper.auth, payload: newOrderBody(lines, { totalPrice: '110.00', couponCode: coupon.code }) })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.message)).toEqual(Array(15).fill('This code is not valid'));
    const carrying = await app.db.select().from(orders).where(eq(orders.couponId, coupon._id));
    expect(carrying).toHaveLength(5);
    const [row] = await app.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row!.uses).toBe(5);
  });

  it('the admin creates, edits, pauses and deletes codes: unique in any case, each change audited', async () => {
    const coupon = await newCoupon({ code: unique('LAUNCH').replace(/[^A-Za-z0-9-]/g, '').slice(0, 30) });
    const twin = await api('addCoupon', { headers: admin.auth, payload: couponBody({ code: coupon.code.toLowerCase() }) });
    expect(twin.status).toBe(409);
    expect(twin.message).toBe('A discount code with this name already exists');
    const bad = await api('addCoupon', { headers: admin.auth, payload: couponBody({ value: 150 }) });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('A percent must be a whole number from 1 to 100');
    const paused = await api('updateCoupon', { headers: admin.auth, params: { id: coupon._id }, payload: couponBody({ code: coupon.code, active: false }) });
    expect(paused.answer).toMatchObject({ active: false, message: 'Discount code has been saved' });
    const deleted = await api('deleteCoupon', { headers: admin.auth, params: { id: coupon._id } });
    expect(deleted.status).toBe(200);
    expect((await api('deleteCoupon', { headers: admin.auth, params: { id: coupon._id } })).status).toBe(404);
    const trail = await app.db.select().from(auditEntries).where(eq(auditEntries.entityId, coupon._id));
    expect(trail.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });
});

describe('guest checkout', () => {
  let smtp: TestSmtpServer;
  let mailing: MailingApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <orders@shop.test>' });
  });
  afterAll(async () => {
    await mailing.app.close();
    await smtp.close();
  });

  async function guestLines(price = 400, stock: number | null = 3) {
    const product = await createProduct({ price, sizes: [{ size: 'M', stock }, { size: 'L', stock: 1 }] });
    return { product, lines: [{ product: product._id, size: 'M', quantity: 2 }] };
  }

  it('quotes a browser cart: the lines as the shop has them, those gone, and the figures', async () => {
    const { product, lines } = await guestLines(400);
    const gone = '00000000-0000-4000-8000-000000000000';
    const quote = await api('cartQuote', { body: { lines: [...lines, { product: gone, size: 'M', quantity: 1 }], governorate: 'Aswan', way: 'cash' } });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.answer).toMatchObject({ subtotal: 800, shipping: 85, codFee: 15, total: 900, missing: [gone] });
    expect(quote.answer.items!.map((item) => [item.product._id, item.size, item.quantaty])).toEqual([[product._id, 'M', 2]]);
  });

  it('places a cash order: token once, the order read with it (and only with it), the mail with its link to the guest\'s address', async () => {
    const { product, lines } = await guestLines(400);
    const email = mailOf('guest');
    const placed = await api('guestOrder', { app: mailing.app, body: { ...billing({ email }), lines, totalPrice: 830 } });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.answer).toMatchObject({ user: null, email, subtotal: 800, shipping: 30, totalPrice: 830, message: 'Your order has been placed' });
    const { _id: id, guestToken } = placed.answer;
    expect(guestToken.length).toBeGreaterThanOrEqual(40);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.guestTokenHash).not.toContain(guestToken);

    expect((await api('getGuestOrder', { params: { id }, headers: { 'x-order-token': guestToken } })).answer).toMatchObject({ _id: id, totalPrice: 830 });
    expect((await api('getGuestOrder', { params: { id }, headers: { 'x-order-token': `${guestToken.slice(0, -2)}xx` } })).status).toBe(404);
    expect((await api('getGuestOrder', { params: { id } })).status).toBe(404);
    expect((await api('getProduct', { params: { x: product._id } })).answer.sizes).toEqual([{ size: 'M', stock: 1 }, { size: 'L', stock: 1 }]);

    const [mail] = await smtp.messagesTo(email);
    expect(mail!.text).toContain(`https://shop.example/orders/${id}?token=${guestToken}`);
    expect(mail!.text).toContain('Subtotal: EGP 800');
    expect(mail!.text).toContain('Shipping: EGP 30');
  });

  it('refuses a card, a line over stock, a changed cart and a wrong total, writing nothing', async () => {
    const { product, lines } = await guestLines(400, 1);
    const before = await app.db.select().from(orders).where(eq(orders.email, 'nobody-guest@example.com'));
    const body = { ...billing({ email: 'nobody-guest@example.com' }), lines: [{ ...lines[0]!, quantity: 1 }] };
    const card = await api('guestOrder', { body: { ...body, wayForPayment: 'credit' } });
    expect(card.status).toBe(400);
    expect(card.message).toBe('Guests pay cash on delivery; please log in to pay by card');
    const over = await api('guestOrder', { body: { ...body, lines: [{ product: product._id, size: 'M', quantity: 2 }] } });
    expect(over.status).toBe(409);
    expect(over.message).toBe('Only 1 left in size M');
    const gone = await api('guestOrder', { body: { ...body, lines: [{ product: product._id, size: 'XL', quantity: 1 }] } });
    expect(gone.status).toBe(409);
    expect(gone.message).toBe('Your cart has changed, please review it');
    const wrongTotal = await api('guestOrder', { body: { ...body, totalPrice: 30 } });
    expect(wrongTotal.status).toBe(409);
    expect(await app.db.select().from(orders).where(eq(orders.email, 'nobody-guest@example.com'))).toEqual(before);
    expect((await api('getProduct', { params: { x: product._id } })).answer.sizes[0]).toEqual({ size: 'M', stock: 1 });
  });

  it('makes an account from the confirmation page: it owns the order, is signed in, and the link still works', async () => {
    const { lines } = await guestLines(100, null);
    const email = mailOf('claim');
    const placed = await api('guestOrder', { body: { ...billing({ email, firstName: 'Salma', secondName: 'Adel' }), lines } });
    const { _id: id, guestToken } = placed.answer;
    const headers = { 'x-order-token': guestToken };
    expect((await api('claimGuestOrder', { params: { id }, body: { password: 'short' }, headers })).status).toBe(400);
    const claimed = await api('claimGuestOrder', { params: { id }, body: { password: 'a-good-password' }, headers });
    expect(claimed.status, claimed.text).toBe(201);
    expect(claimed.answer).toMatchObject({ email, username: expect.stringMatching(/^Salma Adel/), message: 'Your account has been created and this order is in it' });
    const auth = { authorization: `Bearer ${claimed.answer.token}` };
    const mine = await api('userOrders', { headers: auth, params: { userId: claimed.answer._id } });
    expect(mine.answer.map((order) => order._id)).toEqual([id]);
    expect((await api('claimGuestOrder', { params: { id }, body: { password: 'a-good-password' }, headers })).status).toBe(409);
    expect((await api('getGuestOrder', { params: { id }, headers })).answer.user).toBe(claimed.answer._id);
  });

  it('counts a code\'s per-customer limit by the guest\'s email', async () => {
    const coupon = await newCoupon({ maxUsesPerCustomer: 1, kind: 'fixed', value: 50 });
    const email = mailOf('twice');
    const { lines } = await guestLines(100, null);
    const body = { ...billing({ email }), lines: [{ ...lines[0]!, quantity: 1 }], couponCode: coupon.code };
    expect((await api('guestOrder', { body })).status).toBe(201);
    const second = await api('guestOrder', { body });
    expect(second.status).toBe(400);
    expect(second.message).toBe('You have already used this code');
  });

  it('is limited per client address and per email', async () => {
    const limited = await buildAppWith({ GUEST_ORDER_RATE_LIMIT: '2' });
    try {
      const { lines } = await guestLines(100, null);
      const one = (email: string, remoteAddress: string) =>
        api('guestOrder', { app: limited, remoteAddress, body: { ...billing({ email }), lines: [{ ...lines[0]!, quantity: 1 }] } });
      const sameEmail = mailOf('limit');
      expect((await one(sameEmail, '10.0.0.1')).status).toBe(201);
      expect((await one(sameEmail, '10.0.0.2')).status).toBe(201);
      expect((await one(sameEmail, '10.0.0.3')).status).toBe(429);
      expect((await one(mailOf('other'), '10.0.0.4')).status).toBe(201);
      expect((await one(mailOf('other'), '10.0.0.4')).status).toBe(201);
      expect((await one(mailOf('other'), '10.0.0.4')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a browser cart merged at login', () => {
  it('adds each line to the server cart, up to its size\'s stock, and leaves out what no longer exists', async () => {
    const shopper = await createUser();
    const product: Product = await createProduct({ price: 100, sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: null }] });
    await createCartItem(shopper.user, product, 2, 'M');
    const merged = await api('mergeCart', {
      headers: shopper.auth,
      body: { lines: [{ product: product._id, size: 'M', quantity: 2 }, { product: product._id, size: 'L', quantity: 4 }, { product: '00000000-0000-4000-8000-000000000000', size: 'M', quantity: 1 }] },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.answer.map((item) => [item.size, item.quantaty]).sort()).toEqual([['L', 4], ['M', 3]]);
  });
});
