// Returns and exchanges (PRODUCT section 9, issue 46, decision 065): the settings of the window, a product marked not
// returnable, and the returns themselves.
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_SETTINGS } from '@shop/core/brand';
import type { Product } from '@shop/core/contract/catalog';
import { cairoDate } from '@shop/core/report-dates';
import type { App } from '../src/app.ts';
import { auditEntries, orders, returns } from '../src/db/schema.ts';
import { api } from './client.ts';
import { buildMailingApp, startSmtpServer } from './mail-server.ts';
import { billing, buildAppWith, sourcePages, createAdmin, createCartItem, createProduct, createStaff, createUser, getApp, newOrderBody } from './helpers.ts';

const fieldsOf = (product: Product) => ({
  name: product.name, description: product.description, price: product.price, disCountPrecent: product.disCountPrecent,
  gender: product.gender, category: product.category,
});

describe("a product's page says when it cannot be returned", () => {
  it('in English and Arabic, and says nothing of a returnable one', async () => {
    const app = await buildAppWith({}, { pages: await sourcePages() });
    try {
      const page = async (product: Product, lang: string) =>
        (await app.inject({ method: 'GET', url: `/products/${encodeURIComponent(product.name)}`, headers: { cookie: `lang=${lang}` } })).body;
      const kept = await createProduct({ returnable: false });
      expect(await page(kept, 'en')).toContain('This piece cannot be returned or exchanged');
      expect(await page(kept, 'ar')).toContain('لا يمكن إرجاع هذه القطعة أو استبدالها');
      expect(await page(await createProduct(), 'en')).not.toContain('cannot be returned');
    } finally {
      await app.close();
    }
  });
});

describe('settings: returns { days, defectiveDays, exchanges }', () => {
  it('reads 14, 30 and exchanges on by default; an admin changes each on its own', async () => {
    const admin = await createAdmin();
    expect((await api('getSettings')).answer.returns).toEqual({ days: 14, defectiveDays: 30, exchanges: true });
    try {
      const changed = await api('updateSettings', { token: admin.token, body: { returns: { days: 30 } } });
      expect(changed.status).toBe(200);
      expect(changed.answer.returns).toEqual({ days: 30, defectiveDays: 30, exchanges: true });
      const off = await api('updateSettings', { token: admin.token, body: { returns: { exchanges: false, defectiveDays: '60' } } });
      expect(off.answer.returns).toEqual({ days: 30, defectiveDays: 60, exchanges: false });
    } finally {
      await api('updateSettings', { token: admin.token, body: { returns: DEFAULT_RETURN_SETTINGS } });
    }
  });

  it.each([
    [{ days: 13 }, 'Days to return must be a whole number from 14 to 365', 'يجب أن تكون أيام الإرجاع عددًا صحيحًا من ١٤ إلى ٣٦٥'],
    [{ days: 14.5 }, 'Days to return must be a whole number from 14 to 365', 'يجب أن تكون أيام الإرجاع عددًا صحيحًا من ١٤ إلى ٣٦٥'],
    [{ defectiveDays: 29 }, 'Days to return a defective piece must be a whole number from 30 to 365', 'يجب أن تكون أيام إرجاع القطعة المعيبة عددًا صحيحًا من ٣٠ إلى ٣٦٥'],
    [{ defectiveDays: 366 }, 'Days to return a defective piece must be a whole number from 30 to 365', 'يجب أن تكون أيام إرجاع القطعة المعيبة عددًا صحيحًا من ٣٠ إلى ٣٦٥'],
    [{ exchanges: 'yes' }, 'Exchanges on or off must be true or false', 'يجب أن يكون الاستبدال مفعّلًا أو غير مفعّل (true أو false)'],
    ['none', 'Returns must be an object', 'يجب أن تكون إعدادات الإرجاع كائنًا'],
  ])('refuses %j with 400 in English and Arabic, and changes nothing', async (returns, english, arabic) => {
    const admin = await createAdmin();
    const before = (await api('getSettings')).answer.returns;
    const refused = await api('updateSettings', { token: admin.token, payload: { returns } });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(english);
    const inArabic = await api('updateSettings', { token: admin.token, payload: { returns }, headers: { 'accept-language': 'ar' } });
    expect(inArabic.message).toBe(arabic);
    expect((await api('getSettings')).answer.returns).toEqual(before);
  });
});

describe("a product's returnable", () => {
  it('is left out of a returnable product; the admin marks one not returnable and back, in the audit trail', async () => {
    const admin = await createAdmin();
    const product = await createProduct();
    expect((await api('getProduct', { params: { x: product._id } })).answer).not.toHaveProperty('returnable');
    const marked = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), returnable: false } });
    expect(marked.status).toBe(200);
    expect(marked.answer.returnable).toBe(false);
    expect((await api('getProduct', { params: { x: product._id } })).answer.returnable).toBe(false);
    // left out: kept
    expect((await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), price: 321 } })).answer.returnable).toBe(false);
    const back = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), returnable: 'true' } });
    expect(back.answer).not.toHaveProperty('returnable');
    const audit = await api('listAudit', { token: admin.token, query: { entity: 'product' } });
    expect(audit.answer.some((entry) => entry.entityId === product._id && (entry.after as { returnable?: boolean } | null)?.returnable === false)).toBe(true);
  });

  it('is added not returnable from the add form; a bad value is 400 in both languages; staff may not change it', async () => {
    const admin = await createAdmin();
    const model = await createProduct();
    const added = await api('addProduct', { token: admin.token, payload: { ...fieldsOf(model), name: `${model.name} 2`, returnable: false, imageUrls: ['https://cdn.example.com/t.webp'] } });
    expect(added.status).toBe(201);
    expect(added.answer.returnable).toBe(false);
    const bad = await api('updateProduct', { params: { x: model._id }, token: admin.token, payload: { ...fieldsOf(model), returnable: 'perhaps' } });
    expect([bad.status, bad.message]).toEqual([400, 'Returnable must be true or false']);
    const badAr = await api('updateProduct', { params: { x: model._id }, token: admin.token, payload: { ...fieldsOf(model), returnable: 'perhaps' }, headers: { 'accept-language': 'ar' } });
    expect(badAr.message).toBe('يجب أن تكون قابلية الإرجاع true أو false');
    const staff = await createStaff();
    const refused = await api('updateProduct', { params: { x: model._id }, token: staff.token, body: { ...fieldsOf(model), returnable: false } });
    expect(refused.status).toBe(403);
  });
});

// ---- the returns themselves ------------------------------------------------------------------------------------

type Shopper = Awaited<ReturnType<typeof createUser>>;
const DAY = 24 * 3600 * 1000;

/** A product in M and L, five of each. */
const twoSizes = (overrides: Parameters<typeof createProduct>[0] = {}) =>
  createProduct({ price: 400, sizes: [{ size: 'M', stock: 5 }, { size: 'L', stock: 5 }], ...overrides });

async function deliver(orderId: string, app?: App) {
  const admin = await createAdmin();
  for (const status of ['shipped', 'delivered'] as const) {
    const moved = await api('moveOrder', { ...(app ? { app } : {}), params: { id: orderId }, body: { status }, token: admin.token });
    expect(moved.status, moved.text).toBe(200);
  }
}

/** A customer's cash order of `quantity` pieces in M, placed as the checkout places it, then delivered. */
async function deliveredOrder(quantity = 2, product?: Product) {
  const shopper = await createUser();
  const item = product ?? (await twoSizes());
  await createCartItem(shopper.user, item, quantity, 'M');
  const placed = await api('placeOrder', { token: shopper.token, body: newOrderBody([{ product: item, quantity }]) });
  expect(placed.status, placed.text).toBe(201);
  await deliver(placed.answer._id);
  return { shopper, product: item, order: placed.answer };
}

/** The order delivered `days` days ago. */
async function deliveredDaysAgo(orderId: string, days: number) {
  const app = await getApp();
  const [row] = await app.db.select({ history: orders.history }).from(orders).where(eq(orders.id, orderId));
  const at = new Date(Date.now() - days * DAY).toISOString();
  await app.db.update(orders).set({ history: row!.history.map((change) => (change.status === 'delivered' ? { ...change, at } : change)) }).where(eq(orders.id, orderId));
}

const asking = (shopper: Shopper, orderId: string, body: object, headers: Record<string, string> = {}) =>
  api('requestReturn', { params: { id: orderId }, token: shopper.token, payload: body, headers });

const line = (product: Product, quantity = 1, reason = 'too-small', more: object = {}) => ({ product: product._id, size: 'M', quantity, reason, ...more });

async function stockOf(product: Product, size = 'M') {
  return (await api('getProduct', { params: { x: product._id } })).answer.sizes.find((each) => each.size === size)!.stock;
}

describe('POST /api/orders/{id}/returns', () => {
  it("answers the return requested with its number and the pieces' refund; the order's returns list it", async () => {
    const { shopper, product, order } = await deliveredOrder(2);
    const asked = await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1)], note: 'A little tight' });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.answer).toMatchObject({
      order: order._id, orderNumber: order.number, kind: 'refund', status: 'requested', note: 'A little tight', message: 'Your return has been requested',
      lines: [{ product: product._id, name: product.name, size: 'M', quantity: 1, reason: 'too-small', refund: 400 }],
      refund: { amount: 400, status: 'none', way: 'by-hand', dueAt: null, overdue: false },
    });
    expect(asked.answer.number).toBeGreaterThanOrEqual(1001);
    const listed = await api('orderReturns', { params: { id: order._id }, token: shopper.token });
    expect(listed.answer.map((each) => each._id)).toEqual([asked.answer._id]);
  });

  it('refuses more pieces than are left to return, counting the returns asked before (not the rejected ones)', async () => {
    const { shopper, product, order } = await deliveredOrder(2);
    expect((await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1)] })).status).toBe(201);
    const more = await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 2)] });
    expect([more.status, more.message]).toEqual([409, 'That is more pieces than are left to return from this order']);
    const moreAr = await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 2)] }, { 'accept-language': 'ar' });
    expect(moreAr.message).toBe('هذا أكثر من القطع المتبقية للإرجاع من هذا الطلب');
    const last = await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1)] });
    expect(last.status).toBe(201);
    // rejected: its piece may be asked again
    const admin = await createAdmin();
    expect((await api('decideReturn', { params: { id: last.answer._id }, token: admin.token, body: { status: 'rejected', note: 'Worn' } })).status).toBe(200);
    expect((await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1)] })).status).toBe(201);
  });

  it.each([
    ['an order not delivered', 'Only a delivered order can be returned', 'لا يمكن إرجاع إلا طلب تم توصيله'],
    ['a piece past the days to return it', 'The days to return this order have passed', 'انتهت أيام إرجاع هذا الطلب'],
    ['a product marked not returnable', 'This piece cannot be returned: the shop marks it not returnable', 'لا يمكن إرجاع هذه القطعة: المتجر يحددها غير قابلة للإرجاع'],
    ['a piece not in the order', 'This piece is not in the order', 'هذه القطعة ليست في الطلب'],
    ['an exchange to a size out of stock', 'The size to exchange it for is not in stock', 'المقاس المطلوب للاستبدال غير متوفر'],
  ])('refuses %s with 409 in English and Arabic', async (kind, english, arabic) => {
    let { shopper, product, order } = await deliveredOrder(1);
    let body: object = { kind: 'refund', lines: [line(product)] };
    if (kind === 'an order not delivered') {
      product = await twoSizes();
      await createCartItem(shopper.user, product, 1, 'M');
      order = (await api('placeOrder', { token: shopper.token, body: newOrderBody([{ product, quantity: 1 }]) })).answer;
      body = { kind: 'refund', lines: [line(product)] };
    }
    if (kind === 'a piece past the days to return it') await deliveredDaysAgo(order._id, 15);
    if (kind === 'a product marked not returnable') {
      ({ shopper, product, order } = await deliveredOrder(1, await twoSizes({ returnable: false })));
      body = { kind: 'refund', lines: [line(product)] };
    }
    if (kind === 'a piece not in the order') body = { kind: 'refund', lines: [{ ...line(product), size: 'L' }] };
    if (kind === 'an exchange to a size out of stock') {
      ({ shopper, product, order } = await deliveredOrder(1, await createProduct({ price: 400, sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: 0 }] })));
      body = { kind: 'exchange', lines: [line(product, 1, 'too-small', { exchangeSize: 'L' })] };
    }
    const refused = await asking(shopper, order._id, body);
    expect([refused.status, refused.message]).toEqual([409, english]);
    expect((await asking(shopper, order._id, body, { 'accept-language': 'ar' })).message).toBe(arabic);
    expect((await api('orderReturns', { params: { id: order._id }, token: shopper.token })).answer).toEqual([]);
  });

  it('gives a defective or wrong piece the longer window: 15 days after delivery yes, 31 no', async () => {
    const { shopper, product, order } = await deliveredOrder(2);
    await deliveredDaysAgo(order._id, 15);
    expect((await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1, 'changed-mind')] })).status).toBe(409);
    expect((await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1, 'defective')] })).status).toBe(201);
    await deliveredDaysAgo(order._id, 31);
    expect((await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1, 'wrong-item')] })).message).toBe('The days to return this order have passed');
  });

  it('refuses an exchange while exchanges are off, without a size, or to the same size (in both languages)', async () => {
    const admin = await createAdmin();
    const { shopper, product, order } = await deliveredOrder(1);
    const noSize = await asking(shopper, order._id, { kind: 'exchange', lines: [line(product)] });
    expect([noSize.status, noSize.message]).toEqual([400, 'Choose the size to exchange it for']);
    expect((await asking(shopper, order._id, { kind: 'exchange', lines: [line(product)] }, { 'accept-language': 'ar' })).message).toBe('اختر المقاس الذي تريد الاستبدال به');
    const same = await asking(shopper, order._id, { kind: 'exchange', lines: [line(product, 1, 'too-small', { exchangeSize: 'M' })] });
    expect([same.status, same.message]).toEqual([400, 'Choose a size other than the one you have']);
    expect((await asking(shopper, order._id, { kind: 'exchange', lines: [line(product, 1, 'too-small', { exchangeSize: 'M' })] }, { 'accept-language': 'ar' })).message).toBe('اختر مقاسًا غير الذي لديك');
    await api('updateSettings', { token: admin.token, body: { returns: { exchanges: false } } });
    try {
      const off = await asking(shopper, order._id, { kind: 'exchange', lines: [line(product, 1, 'too-small', { exchangeSize: 'L' })] });
      expect([off.status, off.message]).toEqual([409, 'This shop does not exchange sizes: ask for a refund instead']);
      expect((await asking(shopper, order._id, { kind: 'exchange', lines: [line(product, 1, 'too-small', { exchangeSize: 'L' })] }, { 'accept-language': 'ar' })).message).toBe('لا يستبدل هذا المتجر المقاسات: اطلب استرداد المبلغ بدلًا من ذلك');
    } finally {
      await api('updateSettings', { token: admin.token, body: { returns: { exchanges: true } } });
    }
  });

  it("is the order's customer's or its guest's: another customer 403, no token or a wrong one 404", async () => {
    const { shopper, product, order } = await deliveredOrder(1);
    const other = await createUser();
    expect((await asking(other, order._id, { kind: 'refund', lines: [line(product)] })).status).toBe(403);
    expect((await api('requestReturn', { params: { id: order._id }, payload: { kind: 'refund', lines: [line(product)] } })).status).toBe(404);
    expect((await api('orderReturns', { params: { id: order._id }, token: other.token })).status).toBe(403);

    // a guest's cash order, asked and read with its token
    const item = await twoSizes();
    const placed = await api('guestOrder', { body: { ...billing(), lines: [{ product: item._id, size: 'M', quantity: 1 }], totalPrice: 430 } });
    expect(placed.status, placed.text).toBe(201);
    await deliver(placed.answer._id);
    const token = placed.answer.guestToken;
    const wrong = await api('requestReturn', { params: { id: placed.answer._id }, payload: { kind: 'exchange', lines: [{ ...line(item, 1, 'too-large'), exchangeSize: 'L' }] }, headers: { 'x-order-token': `${token.slice(0, -2)}xx` } });
    expect(wrong.status).toBe(404);
    const guest = await api('requestReturn', { params: { id: placed.answer._id }, payload: { kind: 'exchange', lines: [{ ...line(item, 1, 'too-large'), exchangeSize: 'L' }] }, headers: { 'x-order-token': token } });
    expect(guest.status, guest.text).toBe(201);
    expect(guest.answer).toMatchObject({ kind: 'exchange', lines: [{ size: 'M', exchangeSize: 'L', refund: 0 }], refund: { amount: 0, status: 'none' } });
    expect((await api('orderReturns', { params: { id: placed.answer._id }, headers: { 'x-order-token': token } })).answer).toHaveLength(1);
    expect((await api('orderReturns', { params: { id: shopper.user._id } })).status).toBe(404);
  });

  it('grants one of two requests made at once for the last piece left to return', async () => {
    for (let round = 0; round < 3; round++) {
      const { shopper, product, order } = await deliveredOrder(1);
      const answers = await Promise.all([1, 2].map(() => asking(shopper, order._id, { kind: 'refund', lines: [line(product)] })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.message).toBe('That is more pieces than are left to return from this order');
      const app = await getApp();
      expect(await app.db.select().from(returns).where(eq(returns.orderId, order._id))).toHaveLength(1);
    }
  });
});

describe('PUT /api/returns/{id}: the shop decides', () => {
  it('approves, receives (the piece back in stock once) and, for a cash order, makes its refund due in 7 days; records it; closes; each step audited', async () => {
    const staff = await createStaff();
    const admin = await createAdmin();
    const { shopper, product, order } = await deliveredOrder(2);
    const asked = (await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1, 'not-as-pictured')] })).answer;
    const decide = (body: object, token = staff.token, headers: Record<string, string> = {}) => api('decideReturn', { params: { id: asked._id }, token, payload: body, headers });

    const early = await decide({ status: 'received' });
    expect([early.status, early.message]).toEqual([409, 'This return cannot take that step now']);
    expect((await decide({ status: 'closed' }, staff.token, { 'accept-language': 'ar' })).message).toBe('لا يمكن أن ينتقل طلب الإرجاع هذا إلى تلك الخطوة الآن');
    const approved = await decide({ status: 'approved', note: 'Send it back' });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.answer).toMatchObject({ status: 'approved', message: 'The return has been approved' });
    expect((await decide({ status: 'approved' })).status).toBe(409);

    const before = await stockOf(product);
    const received = await decide({ status: 'received' });
    expect(received.answer).toMatchObject({ status: 'received', restocked: true, refund: { amount: 400, status: 'due', way: 'by-hand', overdue: false } });
    const due = new Date(received.answer.refund.dueAt!).getTime();
    expect(Math.abs(due - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(await stockOf(product)).toBe(before! + 1);
    expect((await decide({ status: 'received' })).status).toBe(409);
    expect(await stockOf(product)).toBe(before! + 1);

    const closing = await decide({ status: 'closed' });
    expect([closing.status, closing.message]).toEqual([409, 'Record the refund before closing the return']);
    const refund = (body: object, headers: Record<string, string> = {}) => api('recordReturnRefund', { params: { id: asked._id }, token: staff.token, payload: body, headers });
    expect((await refund({ method: 'cheque', reference: 'x' })).message).toBe('Method must be one of wallet, instapay, bank, cash');
    const recorded = await refund({ method: 'instapay', reference: 'IPN-2231' });
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.answer).toMatchObject({ message: 'The refund has been recorded', refund: { status: 'refunded', method: 'instapay', reference: 'IPN-2231' } });
    const twice = await refund({ method: 'cash', reference: 'again' });
    expect([twice.status, twice.message]).toEqual([409, 'This refund is already recorded']);
    expect((await refund({ method: 'cash', reference: 'again' }, { 'accept-language': 'ar' })).message).toBe('تم تسجيل هذا الاسترداد بالفعل');
    expect((await decide({ status: 'closed' })).answer).toMatchObject({ status: 'closed', message: 'The return has been closed' });
    expect((await api('orderReturns', { params: { id: order._id }, token: shopper.token })).answer[0]!.history.map((step) => step.status)).toEqual(['requested', 'approved', 'received', 'closed']);

    const app = await getApp();
    const audit = await app.db.select().from(auditEntries).where(eq(auditEntries.entityId, order._id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['move', 'move', 'return-approved', 'return-closed', 'return-received', 'return-refund'].sort());
    expect(audit.find((entry) => entry.action === 'return-approved')!.after).toMatchObject({ return: asked.number, status: 'approved', note: 'Send it back' });
    expect((await api('decideReturn', { params: { id: asked._id }, token: shopper.token, body: { status: 'closed' } })).status).toBe(403);
    expect((await api('decideReturn', { params: { id: '00000000-0000-4000-8000-000000000000' }, token: admin.token, body: { status: 'closed' } })).message).toBe('Return not found');
  });

  it('leaves the stock as it is when received with restock: false; a card order\'s refund is not recorded by hand', async () => {
    const staff = await createStaff();
    const { shopper, product, order } = await deliveredOrder(1);
    const asked = (await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1, 'defective')] })).answer;
    await api('decideReturn', { params: { id: asked._id }, token: staff.token, body: { status: 'approved' } });
    const before = await stockOf(product);
    const received = await api('decideReturn', { params: { id: asked._id }, token: staff.token, body: { status: 'received', restock: false } });
    expect(received.answer.restocked).toBe(false);
    expect(await stockOf(product)).toBe(before);
    // the whole order back, defective: the delivery too (EGP 30)
    expect(received.answer.refund.amount).toBe(430);
  });

  it("an approved exchange holds its new size's piece; received, the old size's comes back", async () => {
    const staff = await createStaff();
    const { shopper, product, order } = await deliveredOrder(1);
    const asked = (await asking(shopper, order._id, { kind: 'exchange', lines: [line(product, 1, 'too-small', { exchangeSize: 'L' })] })).answer;
    const [m, l] = [await stockOf(product, 'M'), await stockOf(product, 'L')];
    await api('decideReturn', { params: { id: asked._id }, token: staff.token, body: { status: 'approved' } });
    expect([await stockOf(product, 'M'), await stockOf(product, 'L')]).toEqual([m, l! - 1]);
    const received = await api('decideReturn', { params: { id: asked._id }, token: staff.token, body: { status: 'received' } });
    expect(received.answer.refund.status).toBe('none');
    expect([await stockOf(product, 'M'), await stockOf(product, 'L')]).toEqual([m! + 1, l! - 1]);
  });

  it('refuses to approve an exchange whose size sold out since it was asked', async () => {
    const admin = await createAdmin();
    const staff = await createStaff();
    const product = await createProduct({ price: 400, sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: 1 }] });
    const { shopper, order } = await deliveredOrder(1, product);
    const asked = (await asking(shopper, order._id, { kind: 'exchange', lines: [line(product, 1, 'too-small', { exchangeSize: 'L' })] })).answer;
    const sizes = (await api('getProduct', { params: { x: product._id } })).answer.sizes.map((size) => ({ ...size, stock: size.size === 'L' ? 0 : size.stock }));
    expect((await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), sizes } })).status).toBe(200);
    const refused = await api('decideReturn', { params: { id: asked._id }, token: staff.token, body: { status: 'approved' } });
    expect([refused.status, refused.message]).toEqual([409, 'The size to exchange it for is not in stock']);
  });
});

describe('GET /api/returns', () => {
  it('lists overdue cash refunds first, then oldest first; filters by status; counted', async () => {
    const staff = await createStaff();
    const made: string[] = [];
    for (let n = 0; n < 3; n++) {
      const { shopper, product, order } = await deliveredOrder(1);
      made.push((await asking(shopper, order._id, { kind: 'refund', lines: [line(product)] })).answer._id);
    }
    // the newest is received and its refund overdue
    const last = made[2]!;
    await api('decideReturn', { params: { id: last }, token: staff.token, body: { status: 'approved' } });
    await api('decideReturn', { params: { id: last }, token: staff.token, body: { status: 'received' } });
    const app = await getApp();
    await app.db.update(returns).set({ refundDueAt: sql`now() - interval '1 day'` }).where(eq(returns.id, last));
    const all = await api('listReturns', { token: staff.token, query: { limit: 100 } });
    expect(all.status).toBe(200);
    const ids = all.answer.map((each) => each._id);
    expect(ids[0]).toBe(last);
    expect(all.answer[0]!.refund.overdue).toBe(true);
    expect(ids.indexOf(made[0]!)).toBeLessThan(ids.indexOf(made[1]!));
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const received = await api('listReturns', { token: staff.token, query: { status: 'received', limit: 100 } });
    expect(received.answer.every((each) => each.status === 'received')).toBe(true);
    const bad = await api('listReturns', { token: staff.token, query: { status: 'lost' } as never });
    expect([bad.status, bad.message]).toEqual([400, 'status must be one of requested, approved, rejected, received, closed']);
  });
});

describe("a return's mail at each step, in the order's language", () => {
  it('mails the shopper when she asks, at each of the shop\'s steps (with its note) and when the money is back', async () => {
    const smtp = await startSmtpServer();
    const { app } = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <orders@shop.test>' });
    try {
      const admin = await createAdmin();
      for (const lang of ['en', 'ar'] as const) {
        const shopper = await createUser();
        const product = await twoSizes();
        await createCartItem(shopper.user, product, 1, 'M');
        const placed = await api('placeOrder', { app, token: shopper.token, body: newOrderBody([{ product, quantity: 1 }]), headers: { 'accept-language': lang } });
        expect(placed.status, placed.text).toBe(201);
        await deliver(placed.answer._id, app);
        const asked = await api('requestReturn', { app, params: { id: placed.answer._id }, token: shopper.token, body: { kind: 'refund', lines: [line(product, 1, 'defective')] } as never });
        expect(asked.status, asked.text).toBe(201);
        for (const [status, note] of [['approved', 'Hand it to the courier'], ['received', '']] as const) {
          expect((await api('decideReturn', { app, params: { id: asked.answer._id }, token: admin.token, body: { status, note } })).status).toBe(200);
        }
        expect((await api('recordReturnRefund', { app, params: { id: asked.answer._id }, token: admin.token, body: { method: 'wallet', reference: 'W-1' } })).status).toBe(200);
        const returnMails = async () => (await smtp.messagesTo(shopper.user.email, 1)).filter((mail) => /return|الإرجاع/.test(mail.subject ?? ''));
        await expect.poll(async () => (await returnMails()).length, { timeout: 15_000 }).toBe(4);
        const subjects = (await returnMails()).map((mail) => mail.subject);
        const number = lang === 'ar' ? /#[٠-٩]+/ : /#\d+/;
        for (const subject of subjects) expect(subject).toMatch(number);
        if (lang === 'en') {
          expect(subjects).toEqual(expect.arrayContaining([
            expect.stringContaining('your return for order'), expect.stringContaining('is requested'), expect.stringContaining('is approved'),
            expect.stringContaining('has arrived'), expect.stringContaining('is refunded'),
          ]));
          const approved = (await returnMails()).find((mail) => mail.subject?.includes('is approved'))!;
          expect(approved.text).toContain('Our note: Hand it to the courier');
          // the whole order back, defective: the delivery too
          expect((await returnMails()).find((mail) => mail.subject?.includes('is refunded'))!.text).toContain('Refund: EGP 430');
        } else {
          expect(subjects.every((subject) => subject!.includes('طلب الإرجاع'))).toBe(true);
          expect(subjects).toEqual(expect.arrayContaining([expect.stringContaining('تم تقديمه'), expect.stringContaining('تم رد مبلغه')]));
        }
      }
    } finally {
      await app.close();
      await smtp.close();
    }
  }, 60_000);
});

describe("her export's returns", () => {
  it('carries her returns, with her note', async () => {
    const { shopper, product, order } = await deliveredOrder(1);
    const asked = (await asking(shopper, order._id, { kind: 'refund', lines: [line(product)], note: 'Too short in the sleeves' })).answer;
    const exported = await api('exportAccount', { token: shopper.token });
    expect(exported.status, exported.text).toBe(200);
    const returned = (JSON.parse(exported.text) as { returns: { id: string; note: string; orderId: string }[] }).returns;
    expect(returned.map((row) => [row.id, row.orderId, row.note])).toEqual([[asked._id, order._id, 'Too short in the sleeves']]);
  });
});

describe("the sales report's returns, refunded and revenueNet", () => {
  it('counts a return on the day its pieces are received and its refund on the day it went back; net is placed less refunded', async () => {
    const admin = await createAdmin();
    const today = cairoDate();
    const report = async () => (await api('salesReport', { token: admin.token, query: { from: today, to: today } })).answer;
    const { shopper, product, order } = await deliveredOrder(2);
    const asked = (await asking(shopper, order._id, { kind: 'refund', lines: [line(product, 1)] })).answer;
    await api('decideReturn', { params: { id: asked._id }, token: admin.token, body: { status: 'approved' } });
    const before = await report();
    expect(before.revenueNet).toBeCloseTo(before.totals.revenuePlaced - before.refunded, 2);
    await api('decideReturn', { params: { id: asked._id }, token: admin.token, body: { status: 'received' } });
    const received = await report();
    expect(received.returns).toBe(before.returns + 1);
    expect(received.refunded).toBe(before.refunded);
    await api('recordReturnRefund', { params: { id: asked._id }, token: admin.token, body: { method: 'wallet', reference: 'W-77' } });
    const after = await report();
    expect(after.refunded).toBeCloseTo(before.refunded + 400, 2);
    expect(after.revenueNet).toBeCloseTo(after.totals.revenuePlaced - after.refunded, 2);
  });
});

describe('a card order\'s refund, through the payment provider by the queue', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('gives the share back once it is received, a failed try retried by the queue, once', async () => {
    const app = await buildAppWith({});
    apps.push(app);
    const asked: [string, number, string][] = [];
    let toFail = 1;
    app.payments.refundPart = async (paymentId, amount, key) => {
      asked.push([paymentId, amount, key]);
      if (toFail-- > 0) throw new Error('the provider is unreachable');
    };
    const shopper = await createUser();
    const product = await twoSizes({ price: 250 });
    await createCartItem(shopper.user, product, 2, 'M');
    const started = await api('createPayment', { app, token: shopper.token, body: {} });
    const { client_secret: clientSecret, paymentIntentId } = started.answer;
    await api('confirmSandboxPayment', { app, token: shopper.token, body: { client_secret: clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' } });
    const placed = await api('placeOrder', { app, token: shopper.token, body: newOrderBody([{ product, quantity: 2 }], { wayForPayment: 'credit', paymentIntentId }) });
    expect(placed.status, placed.text).toBe(201);
    await deliver(placed.answer._id, app);
    const staff = await createStaff();
    const ret = (await api('requestReturn', { app, params: { id: placed.answer._id }, token: shopper.token, body: { kind: 'refund', lines: [{ product: product._id, size: 'M', quantity: 1, reason: 'too-large' }], note: '' } })).answer;
    expect(ret.refund).toMatchObject({ amount: 250, way: 'provider' });
    await api('decideReturn', { app, params: { id: ret._id }, token: staff.token, body: { status: 'approved', note: '' } });
    const received = await api('decideReturn', { app, params: { id: ret._id }, token: staff.token, body: { status: 'received', note: '' } });
    expect(received.answer.refund.status).toBe('pending');
    const status = async () => (await app.db.select({ status: returns.refundStatus }).from(returns).where(eq(returns.id, ret._id)))[0]!.status;
    await expect.poll(status, { timeout: 20_000 }).toBe('refunded');
    expect(asked).toEqual([[paymentIntentId, 25_000, `return-${ret._id}`], [paymentIntentId, 25_000, `return-${ret._id}`]]);
    await app.jobs.idle();
    expect(asked).toHaveLength(2);
    const [row] = await app.db.select().from(returns).where(eq(returns.id, ret._id));
    expect(row!.refundAttempts).toBe(2);
  });
});
