// Confirming cash orders (PRODUCT section 9, issue 44): a cash order starts pending (a paid one needs none, and none
// while the brand's switch is off); staff log calls (confirmed, declined: canceled with its stock back, no answer); a
// person of the shop moving a pending order on confirms it; the queue lists the pending ones oldest first with each
// phone's history; the shopper answers from her mail's link (a wrong token, another order's, a replayed answer change
// nothing); the queue cancels what is left unconfirmed past the brand's hours. SPEC's client sends no new field.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/core/contract/catalog';
import { orders, productSizes } from '../src/db/schema.ts';
import { confirmTokenOf } from '../src/modules/orders/confirmation.ts';
import { guestTokenOf } from '../src/modules/orders/guest.ts';
import { api } from './client.ts';
import { billing, createAdmin, createCartItem, createProduct, createStaff, createUser, getApp, getTestContext, newOrderBody } from './helpers.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** Eight digits no other test run is likely to have written: a phone number of its own for each test's shopper. */
let phones = 0;
const digits8 = () => String(((Date.now() % 1_000_000) * 100 + (++phones % 100)) % 100_000_000).padStart(8, '0');

let staff: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  [staff, admin] = await Promise.all([createStaff(), createAdmin()]);
});
afterAll(async () => {
  // leave the shared shop's switch as a fresh shop has it
  await api('updateSettings', { token: admin.token, body: { orders: { confirmCash: true, confirmWithinHours: 48 } } });
});

/** A cash order placed as SPEC's client places it (no new field), from a product of 5 pieces in M. */
async function cashOrder(shopper: Shopper, phoneNumber = `010${digits8()}`, product?: Product) {
  const item = product ?? (await createProduct({ price: 200, sizes: [{ size: 'M', stock: 5 }] }));
  await createCartItem(shopper.user, item, 1, 'M');
  const placed = await api('placeOrder', { token: shopper.token, body: newOrderBody([{ product: item, quantity: 1 }], { phoneNumber }) });
  expect(placed.status, placed.text).toBe(201);
  return { order: placed.answer, product: item };
}

/** The pieces left in M, as the database holds them (the catalog's cached answer may lag a change no shopper would see) */
async function stockOf(product: Product) {
  const [row] = await (await getApp()).db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, product._id), eq(productSizes.size, 'M')));
  return row!.stock;
}

describe('the confirmation on the order', () => {
  it('starts pending for cash, not-needed for a paid order and while the switch is off; SPEC\'s admin moves it on and confirms it', async () => {
    const shopper = await createUser();
    const { order } = await cashOrder(shopper);
    expect(order.confirmation).toEqual({ status: 'pending', at: null, by: null, attempts: [] });

    // SPEC's status move, with no new field: the staff member who ships a pending order has confirmed it
    const shipped = await api('moveOrder', { token: staff.token, params: { id: order._id }, body: { status: 'shipped' } });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.answer.status).toBe('shipped');
    expect(shipped.answer.confirmation).toMatchObject({ status: 'confirmed', by: staff.user.username });
    expect(shipped.answer.confirmation!.at).not.toBeNull();

    const off = await api('updateSettings', { token: admin.token, body: { orders: { confirmCash: false } } });
    expect(off.status, off.text).toBe(200);
    expect(off.answer.orders).toEqual({ confirmCash: false, confirmWithinHours: 48 });
    try {
      const { order: unasked } = await cashOrder(shopper);
      expect(unasked.confirmation!.status).toBe('not-needed');
    } finally {
      await api('updateSettings', { token: admin.token, body: { orders: { confirmCash: true } } });
    }
    const refused = await api('updateSettings', { token: admin.token, body: { orders: { confirmWithinHours: 0 } } });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Hours to confirm must be at least 1');
  });

  it('staff log calls: no answer is an attempt, confirmed settles it, and a second answer is a 409', async () => {
    const { order } = await cashOrder(await createUser());
    const none = await api('logConfirmation', { token: staff.token, params: { id: order._id }, body: { outcome: 'no-answer', note: 'rang twice' } });
    expect(none.status, none.text).toBe(200);
    expect(none.answer.message).toBe('No answer: the call is logged');
    expect(none.answer.confirmation).toMatchObject({ status: 'pending', attempts: [{ channel: 'call', outcome: 'no-answer', by: staff.user.username, note: 'rang twice' }] });

    const yes = await api('logConfirmation', { token: staff.token, params: { id: order._id }, body: { outcome: 'confirmed', note: '' }, headers: { 'accept-language': 'ar' } });
    expect(yes.status).toBe(200);
    expect(yes.answer.message).toBe('تم تأكيد الطلب');
    expect(yes.answer.confirmation).toMatchObject({ status: 'confirmed', by: staff.user.username });
    expect(yes.answer.confirmation!.attempts).toHaveLength(2);
    expect(yes.answer.status).toBe('accepted');

    const again = await api('logConfirmation', { token: staff.token, params: { id: order._id }, body: { outcome: 'declined', note: '' } });
    expect(again.status).toBe(409);
    expect(again.message).toBe('This order has been answered already');

    const customer = await createUser();
    const notStaff = await api('logConfirmation', { token: customer.token, params: { id: order._id }, body: { outcome: 'confirmed', note: '' } });
    expect(notStaff.status).toBe(403);
    const bad = await api('logConfirmation', { token: staff.token, params: { id: order._id }, payload: { outcome: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  it('a declined call cancels the order through the lifecycle: its stock back once, canceled by the staff member', async () => {
    const { order, product } = await cashOrder(await createUser());
    expect(await stockOf(product)).toBe(4);
    const no = await api('logConfirmation', { token: staff.token, params: { id: order._id }, body: { outcome: 'declined', note: 'changed her mind' } });
    expect(no.status, no.text).toBe(200);
    expect(no.answer).toMatchObject({ status: 'canceled', isCanceled: true, message: 'The order is declined and canceled' });
    expect(no.answer.confirmation).toMatchObject({ status: 'declined', by: staff.user.username });
    expect(no.answer.history.at(-1)).toMatchObject({ status: 'canceled', by: staff.user.username });
    expect(await stockOf(product)).toBe(5);
    const twice = await api('logConfirmation', { token: staff.token, params: { id: order._id }, body: { outcome: 'declined', note: '' } });
    expect(twice.status).toBe(409);
    expect(await stockOf(product)).toBe(5);
  });

  it('GET /api/orders?confirmation=pending lists the queue oldest first, with each phone\'s history (staff and admin answers only)', async () => {
    const phone = `011${digits8()}`;
    const shopper = await createUser();
    // the same shopper's number written as the world writes it: three earlier orders, delivered, refused at the door, canceled
    const delivered = await cashOrder(shopper, phone);
    for (const status of ['shipped', 'delivered'] as const) await api('moveOrder', { token: staff.token, params: { id: delivered.order._id }, body: { status } });
    const refused = await cashOrder(shopper, `+20 ${phone.slice(1)}`);
    await api('moveOrder', { token: staff.token, params: { id: refused.order._id }, body: { status: 'shipped' } });
    await api('moveOrder', { token: staff.token, params: { id: refused.order._id }, body: { status: 'canceled' } });
    const canceled = await cashOrder(shopper, `2${phone}`);
    await api('cancelOrder', { token: shopper.token, params: { id: canceled.order._id } });

    const first = await cashOrder(shopper, phone);
    const second = await cashOrder(await createUser());
    const app = await getApp();
    // the first is older (the queue is oldest first, whatever else was placed meanwhile)
    await app.db.update(orders).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(orders.id, first.order._id));

    const queue = await api('listOrders', { token: staff.token, query: { confirmation: 'pending', limit: 100 } });
    expect(queue.status, queue.text).toBe(200);
    const ids = queue.answer.map((order) => order._id);
    expect(ids.indexOf(first.order._id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.order._id)).toBeLessThan(ids.indexOf(second.order._id));
    expect(ids).not.toContain(delivered.order._id);
    expect(queue.answer.every((order) => order.confirmation?.status === 'pending' && order.status === 'accepted')).toBe(true);
    const queued = queue.answer.find((order) => order._id === first.order._id)!;
    expect(queued.customerHistory).toEqual({ delivered: 1, refused: 1, canceled: 1 });

    const one = await api('getOrder', { token: admin.token, params: { orderId: first.order._id } });
    expect(one.answer.customerHistory).toEqual({ delivered: 1, refused: 1, canceled: 1 });
    const own = await api('getOrder', { token: shopper.token, params: { orderId: first.order._id } });
    expect(own.status).toBe(200);
    expect(own.answer.customerHistory).toBeUndefined();
    expect(own.answer.confirmation!.status).toBe('pending');
  });
});

describe("the shopper's link: POST /api/orders/{id}/confirm", () => {
  it('confirms with the token of that order only: a wrong token, a guest token and another order\'s are 404; a replay is a 409', async () => {
    const { order } = await cashOrder(await createUser());
    const { order: other } = await cashOrder(await createUser());
    const { config } = await getTestContext();
    const confirm = (token: string, answer: 'confirm' | 'cancel' = 'confirm') => api('confirmOrder', { params: { id: order._id }, body: { token, answer } });

    for (const token of ['x'.repeat(43), confirmTokenOf(config.jwtSecret, other._id), guestTokenOf(config.jwtSecret, order._id)]) {
      const refused = await confirm(token);
      expect(refused.status).toBe(404);
      expect(refused.message).toBe('Order not found');
    }
    expect((await api('getOrder', { token: admin.token, params: { orderId: order._id } })).answer.confirmation!.status).toBe('pending');

    const token = confirmTokenOf(config.jwtSecret, order._id);
    const yes = await confirm(token);
    expect(yes.status, yes.text).toBe(200);
    expect(yes.answer).toMatchObject({ status: 'accepted', message: 'The order is confirmed' });
    expect(yes.answer.confirmation).toMatchObject({ status: 'confirmed', by: 'customer', attempts: [{ channel: 'link', outcome: 'confirmed', by: 'customer' }] });

    const replayed = await confirm(token);
    expect(replayed.status).toBe(409);
    const cancelAfter = await confirm(token, 'cancel');
    expect(cancelAfter.status).toBe(409);
    expect((await api('getOrder', { token: admin.token, params: { orderId: order._id } })).answer).toMatchObject({ status: 'accepted', confirmation: { status: 'confirmed' } });
  });

  it("a guest's cancel from the link is her own cancel: canceled, its stock back; the placed mail carries the link", async () => {
    const app = await getApp();
    const product = await createProduct({ price: 150, sizes: [{ size: 'M', stock: 2 }] });
    const placed = await api('guestOrder', { body: { ...billing({ email: `guest-${digits8()}-${Math.random().toString(36).slice(2, 8)}@example.com` }), lines: [{ product: product._id, size: 'M', quantity: 1 }] } });
    expect(placed.status, placed.text).toBe(201);
    const id = placed.answer._id;
    expect(placed.answer.confirmation!.status).toBe('pending');
    expect(await stockOf(product)).toBe(1);

    // the link is derived when the mail is built, never stored; the placed mail (in the order's language) carries it
    const token = confirmTokenOf(app.config.jwtSecret, id);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
    expect(JSON.stringify(row)).not.toContain(token);
    await app.jobs.idle();
    const [placedMail] = readdirSync(app.config.mail.outboxDir).filter((file) => file.includes(`order-${id}-placed`));
    const mail = await simpleParser(readFileSync(path.join(app.config.mail.outboxDir, placedMail!)));
    expect(mail.text).toContain(`please confirm your order, or cancel it`);
    expect(mail.text).toContain(`${app.config.publicUrl}/orders/${id}/confirm?token=${token}`);
    expect(mail.html).toContain(`${app.config.publicUrl}/orders/${id}/confirm?token=${token}`);

    const no = await api('confirmOrder', { params: { id }, body: { token, answer: 'cancel' } });
    expect(no.status, no.text).toBe(200);
    expect(no.answer).toMatchObject({ status: 'canceled', message: 'The order is canceled' });
    expect(no.answer.history.at(-1)).toMatchObject({ status: 'canceled', by: 'customer' });
    expect(no.answer.confirmation).toMatchObject({ status: 'declined', by: 'customer' });
    expect(await stockOf(product)).toBe(2);
    expect((await api('confirmOrder', { params: { id }, body: { token, answer: 'cancel' } })).status).toBe(409);
    expect(await stockOf(product)).toBe(2);
  });
});

describe('the deadline: the queue cancels an order left unconfirmed past the brand\'s hours', () => {
  it('queues its cancel at placed + confirmWithinHours; when due, cancels it with its stock back and mails the shopper; an answered one stays', async () => {
    const app = await getApp();
    await api('updateSettings', { token: admin.token, body: { orders: { confirmWithinHours: 6 } } });
    const left = await cashOrder(await createUser());
    const answered = await cashOrder(await createUser());
    await api('updateSettings', { token: admin.token, body: { orders: { confirmWithinHours: 48 } } });
    await api('logConfirmation', { token: staff.token, params: { id: answered.order._id }, body: { outcome: 'confirmed', note: '' } });

    const task = app.jobs.queue.taskName('confirmation-deadline');
    const due = async (orderId: string) =>
      (
        (await app.db.execute(sql`select jobs.run_at from graphile_worker._private_jobs jobs join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
          where tasks.identifier = ${task} and jobs.key = ${`confirmation-deadline:${orderId}`}`)) as unknown as { rows: { run_at: Date }[] }
      ).rows[0]?.run_at;
    const runAt = await due(left.order._id);
    expect(Math.abs(new Date(runAt!).getTime() - (new Date(left.order.createdAt).getTime() + 6 * 3_600_000))).toBeLessThan(2_000);

    await app.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where key in (${`confirmation-deadline:${left.order._id}`}, ${`confirmation-deadline:${answered.order._id}`})`);
    await app.jobs.idle();

    const canceled = (await api('getOrder', { token: admin.token, params: { orderId: left.order._id } })).answer;
    expect(canceled).toMatchObject({ status: 'canceled', confirmation: { status: 'declined', by: 'system' } });
    expect(canceled.history.at(-1)).toMatchObject({ status: 'canceled', by: 'system' });
    expect(await stockOf(left.product)).toBe(5);
    // the shopper is told: the cancel's mail follows the move (written to the outbox, no SMTP in the tests)
    expect(readdirSync(app.config.mail.outboxDir).filter((file) => file.includes(`order-${left.order._id}-canceled`))).toHaveLength(1);
    expect((await api('getOrder', { token: admin.token, params: { orderId: answered.order._id } })).answer.status).toBe('accepted');
  });
});
