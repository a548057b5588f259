// What Paymob's word on a payment does to the order awaiting it (PRODUCT section 4, decisions 043 and 050). A callback
// is a hint, never proof: it names a transaction, and Paymob is asked about it by its id (routes/payments); the hold's
// end and the return address ask Paymob about the order. Only Paymob's own answer is applied, and only to the order
// whose Paymob order (kept at checkout) Paymob puts the transaction in. Paymob may say the same thing twice or out of
// order: each transaction is applied in one transaction of ours against the order as it is now (its row locked), so
// only the first word that can move it does.
//   paid      awaiting-payment → accepted (its mail queued, its pieces kept); a payment that comes after the order
//             was released is given back (refund job), the order stays released; a second payment for an order
//             another transaction already paid (or for one canceled before it was paid) is given back too
//             (paymob-extra-payment job), the order as it is
//   pending   a kiosk reference: kept on the order for the shopper to pay with
//   failed    awaiting-payment → payment-failed: its pieces back on the shelf, its code's use given back
// A paid transaction of the order's Paymob order whose amount, currency or way is not the order's payment is given
// back and changes nothing else. Anything else (a transaction of another Paymob order, a refund's own transaction,
// an order already past the step) changes nothing.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { MESSAGES } from '@shop/core/messages';
import type { PaymobMethod } from '@shop/core/constants';
import { orders, payments } from '../../db/schema.ts';
import { releaseCouponUse } from '../coupons/coupons.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import { paymentOfOrder } from '../payments/payments.ts';
import { isOfOrder, yes, type PaymobClient, type PaymobTransaction } from '../payments/paymob.ts';
import { queueExtraPaymentRefund, queueRefund } from '../payments/refunds.ts';
import type { ShopContext } from '../shop-context.ts';
import { readGuestOrder } from './guest.ts';
import { giveBackStock } from './stock.ts';

export type SettleContext = Pick<ShopContext, 'db' | 'jobs' | 'catalogChanged' | 'log'> & { paymob: PaymobClient };

export type Settled = 'placed' | 'pending' | 'released' | 'refunding' | 'ignored';

type OrderRow = typeof orders.$inferSelect;

/** When Paymob says a transaction was made (ISO), or now when it says nothing we can read. */
function paidAt(transaction: PaymobTransaction): string {
  const at = new Date(transaction.created_at);
  return Number.isNaN(at.getTime()) ? new Date().toISOString() : at.toISOString();
}

/** The way a Paymob integration takes payments by, when it is one of the shop's. */
function methodOfIntegration(integrations: Partial<Record<PaymobMethod, number>>, id: number): PaymobMethod | null {
  return (Object.entries(integrations) as [PaymobMethod, number | undefined][]).find(([, integration]) => integration === id)?.[0] ?? null;
}

/**
 * A callback's transaction (its signature checked): Paymob is asked what it is, by its id, and its answer applied. Nothing
 * else in the callback is read. Throws PaymobError when Paymob could not be asked (the callback is answered 503 and
 * Paymob sends it again; the hold's end asks too).
 */
export async function settleCallback(ctx: SettleContext, transactionId: unknown): Promise<Settled> {
  if ((typeof transactionId !== 'number' && typeof transactionId !== 'string') || !/^\d{1,20}$/.test(String(transactionId))) return 'ignored';
  const transaction = await ctx.paymob.transaction(String(transactionId));
  return transaction ? settleTransaction(ctx, transaction) : 'ignored';
}

/** Applies one transaction as Paymob answered our inquiry about it. */
export async function settleTransaction(ctx: SettleContext, transaction: PaymobTransaction): Promise<Settled> {
  if (yes(transaction.has_parent_transaction) || yes(transaction.is_refund) || yes(transaction.is_void)) return 'ignored';
  // Paymob's own answer: the reference our intention gave it, our order's id
  const reference = transaction.order?.merchant_order_id;
  if (typeof reference !== 'string' || !isUuid(reference)) return 'ignored';
  const paid = yes(transaction.success) && !yes(transaction.pending) && !yes(transaction.is_voided) && !yes(transaction.is_refunded);
  const pending = !yes(transaction.success) && yes(transaction.pending);

  const { settled, stockChanged } = await ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    const unchanged = { settled: 'ignored' as Settled, stockChanged: false };
    const [order] = await inTx.select().from(orders).where(eq(orders.id, reference)).for('update');
    const payment = order ? await paymentOfOrder(inTx, order.id) : undefined;
    if (!order || !payment) return unchanged;
    const transactionId = String(transaction.id);
    if (!isOfOrder(transaction, payment)) {
      ctx.log.warn({ order: order.id, transaction: transactionId }, 'a Paymob transaction of another Paymob order was ignored');
      return unchanged;
    }
    const expectedIntegration = payment.method ? ctx.paymob.settings.integrations[payment.method] : undefined;
    if (Number(transaction.amount_cents) !== payment.amountPiastres || transaction.currency !== 'EGP' || Number(transaction.integration_id) !== expectedIntegration) {
      // Paymob binds an intention to its amount and ways, so this should not happen; money it took for this order all
      // the same goes back
      if (!paid) {
        ctx.log.warn({ order: order.id, transaction: transactionId }, 'a Paymob transaction whose amount, currency or way is not its order’s was ignored');
        return unchanged;
      }
      ctx.log.warn({ order: order.id, transaction: transactionId }, 'a paid Paymob transaction whose amount, currency or way is not its order’s is given back');
      await queueExtraPaymentRefund(ctx.jobs, inTx, {
        orderId: order.id,
        transactionId,
        amountPiastres: Number(transaction.amount_cents),
        method: methodOfIntegration(ctx.paymob.settings.integrations, Number(transaction.integration_id)),
        paidAt: paidAt(transaction),
        quiet: true,
      });
      return { settled: 'refunding' as Settled, stockChanged: false };
    }

    if (paid && order.status === 'awaiting-payment') {
      await inTx
        .update(orders)
        .set({ status: 'accepted', history: sql`${orders.history} || ${JSON.stringify([{ status: 'accepted', at: new Date().toISOString(), by: 'system' }])}::jsonb` })
        .where(eq(orders.id, order.id));
      await inTx.update(payments).set({ status: 'succeeded', transactionId, updatedAt: new Date() }).where(eq(payments.id, payment.id));
      await queueOrderMail(ctx.jobs, inTx, order.id, 'placed');
      return { settled: 'placed' as Settled, stockChanged: false };
    }
    if (paid && order.status === 'payment-failed' && (payment.status === 'requires_payment_method' || payment.status === 'failed')) {
      // paid after the order let its pieces go: the money goes back, the order stays as the shopper was told
      await inTx.update(payments).set({ status: 'refunding', transactionId, updatedAt: new Date() }).where(eq(payments.id, payment.id));
      await queueRefund(ctx.jobs, inTx, { paymentId: payment.id });
      return { settled: 'refunding' as Settled, stockChanged: false };
    }
    if (paid && transactionId !== payment.transactionId) {
      // money the order does not need: the shopper paid it twice, or paid an order no longer waiting for it
      ctx.log.warn({ order: order.id, transaction: transactionId }, 'a second Paymob payment for an order is given back');
      await queueExtraPaymentRefund(ctx.jobs, inTx, {
        orderId: order.id,
        transactionId,
        amountPiastres: payment.amountPiastres,
        method: payment.method,
        paidAt: paidAt(transaction),
      });
      return { settled: 'refunding' as Settled, stockChanged: false };
    }
    if (pending && order.status === 'awaiting-payment') {
      const reference = transaction.data?.bill_reference;
      if (reference === undefined || reference === null || String(reference) === '') return unchanged;
      await inTx.update(orders).set({ paymentReference: String(reference) }).where(eq(orders.id, order.id));
      await inTx.update(payments).set({ transactionId, updatedAt: new Date() }).where(eq(payments.id, payment.id));
      return { settled: 'pending' as Settled, stockChanged: false };
    }
    if (!paid && !pending && order.status === 'awaiting-payment') {
      return { settled: 'released' as Settled, stockChanged: await releaseOrder(ctx.jobs, inTx, order) };
    }
    return unchanged;
  });
  if (stockChanged) ctx.catalogChanged();
  return settled;
}

/**
 * An order nobody paid, let go inside the caller's transaction (its row locked): payment-failed, its pieces back,
 * shoppers waiting for a size that came back told, its code's use given back. Answers whether the shelf changed.
 */
async function releaseOrder(jobs: JobQueue, tx: Db, order: OrderRow): Promise<boolean> {
  const change = { status: 'payment-failed', at: new Date().toISOString(), by: 'system' };
  await tx
    .update(orders)
    .set({ status: 'payment-failed', couponId: null, history: sql`${orders.history} || ${JSON.stringify([change])}::jsonb` })
    .where(eq(orders.id, order.id));
  await tx.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(eq(payments.orderId, order.id));
  if (order.couponId) await releaseCouponUse(tx, order.couponId);
  const given = await giveBackStock(tx, order.lines);
  if (given.back.length > 0) await jobs.publish(tx, 'stock.back', { sizes: given.back });
  return given.lowStock || given.back.length > 0;
}

/**
 * The end of an order's hold (the `payment-hold` job): Paymob is asked first (a payment whose callback was lost still
 * places the order); an order still unpaid is released. Paymob unreachable: the job throws and is tried again later,
 * the pieces held meanwhile, so a paid order is never released on a guess.
 */
export async function endHold(ctx: SettleContext, orderId: string): Promise<Settled> {
  const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order?.status !== 'awaiting-payment') return 'ignored';
  const transaction = await ctx.paymob.transactionOf(orderId);
  if (transaction) {
    const settled = await settleTransaction(ctx, transaction);
    if (settled !== 'pending' && settled !== 'ignored') return settled;
  }
  const released = await ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    const [current] = await inTx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (current?.status !== 'awaiting-payment') return null;
    return releaseOrder(ctx.jobs, inTx, current);
  });
  if (released === null) return 'ignored';
  if (released) ctx.catalogChanged();
  return 'released';
}

/**
 * The shopper back from Paymob (GET /api/payments/paymob/return): the order's page to go on to, `/orders/{id}`, with a
 * guest's token from the address we gave Paymob (any other token: 404). A customer's order goes there without one, and
 * the page sends its signed-in customer on to My Orders: the address names no account, so an order's id tells nobody
 * its customer's username. Nothing else in the address is read: an order still awaiting its payment is checked with
 * Paymob.
 */
export async function returnPage(ctx: SettleContext, orderId: string, token: string | undefined): Promise<string> {
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  const [row] = await ctx.db.select({ userId: orders.userId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(MESSAGES.orderNotFound);
  if (!row.userId) await readGuestOrder(ctx.db, orderId, token ?? '');
  if (row.status === 'awaiting-payment') await checkWithPaymob(ctx, orderId);
  return row.userId ? `/orders/${orderId}` : `/orders/${orderId}?${new URLSearchParams({ token: token ?? '' }).toString()}`;
}

/** Asks Paymob about an order awaiting its payment, best effort: the callback or the hold's end settle it otherwise. */
async function checkWithPaymob(ctx: SettleContext, orderId: string): Promise<void> {
  try {
    const transaction = await ctx.paymob.transactionOf(orderId);
    if (transaction) await settleTransaction(ctx, transaction);
  } catch (error) {
    ctx.log.warn({ err: error, order: orderId }, 'Paymob could not be asked about a payment on the shopper’s return');
  }
}
