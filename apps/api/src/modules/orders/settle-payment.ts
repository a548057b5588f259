// What a payment provider's word does to the order awaiting it (PRODUCT section 4, decisions 043 and 050), in the
// shop's words only: the provider's adapter (modules/payments/adapters/) turns its answer into a PaymentEvent. A
// callback is a hint, never proof: the adapter asks the provider about the transaction it names; the hold's end and
// the return address ask the provider about the order. Only the provider's own answer is applied, and only to the
// order whose payment (kept at checkout) it is of. A provider may say the same thing twice or out of order: each
// transaction is applied in one transaction of ours against the order as it is now (its row locked), so only the first
// word that can move it does.
//   paid      awaiting-payment → accepted (its mail queued, its pieces kept); a payment that comes after the order
//             was released is given back (refund job), the order stays released; a second payment for an order
//             another transaction already paid (or for one canceled before it was paid) is given back too
//             (paymob-extra-payment job), the order as it is
//   pending   a kiosk reference: kept on the order for the shopper to pay with
//   failed    awaiting-payment → payment-failed: its pieces back on the shelf, its code's use given back
// The moves themselves (and giving an unpaid order back) are the lifecycle's (lifecycle.ts).
// A paid transaction of the order's payment whose amount, currency or way is not the order's payment is given back
// and changes nothing else. Anything else (a transaction of another payment, a refund's own transaction, an order
// already past the step) changes nothing.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { MESSAGES } from '@shop/core/messages';
import { orders, payments } from '../../db/schema.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import {
  firstDelivery,
  isPaymentOf,
  orderOfReference,
  paymentsOfOrder,
  recordOrderPaid,
  recordOrderUnpaid,
  recordPaidTooLate,
  recordPaymentEvent,
  recordPending,
} from '../payments/payments.ts';
import type { OrderPayments, PaymentEvent, WebhookOutcome } from '../payments/port.ts';
import { queueExtraPaymentRefund, queueRefund } from '../payments/refunds.ts';
import type { ShopContext } from '../shop-context.ts';
import { readGuestOrder } from './guest.ts';
import { moveTo } from './lifecycle.ts';

export type SettleContext = Pick<ShopContext, 'db' | 'jobs' | 'payments' | 'catalogChanged' | 'log'>;

export type Settled = 'placed' | 'pending' | 'released' | 'refunding' | 'ignored';

type OrderRow = typeof orders.$inferSelect;

/** The provider's payments made after their order; an order awaiting one with another provider configured is an error. */
function orderPaymentsOf(ctx: SettleContext): OrderPayments {
  if (!ctx.payments.orderPayments) throw new Error(`an order awaits its payment but the payment provider (${ctx.payments.name}) takes none after its order`);
  return ctx.payments.orderPayments;
}

/**
 * A provider's callback, checked by its adapter: applied once (a callback the provider may deliver twice, by its id),
 * to the payment it names (made before its order: its record) or to the order it is for. 'duplicate' and 'ignored':
 * nothing new came of it.
 */
export async function settleWebhook(ctx: SettleContext, outcome: Exclude<WebhookOutcome, { kind: 'refused' }>): Promise<Settled | 'recorded' | 'duplicate'> {
  if (outcome.deliveryId && !(await firstDelivery(ctx.db, outcome.deliveryId))) return 'duplicate';
  if (outcome.kind === 'other') return 'recorded';
  if (!outcome.event) return 'ignored';
  if (outcome.event.paymentId) {
    await recordPaymentEvent(ctx.db, outcome.event);
    return 'recorded';
  }
  return settleEvent(ctx, outcome.event);
}

/** Applies one transaction as the provider answered our inquiry about it. */
export async function settleEvent(ctx: SettleContext, event: PaymentEvent): Promise<Settled> {
  // the order's id, or "<order id>.<n>" for a way chosen again on its page (pay-again.ts)
  const reference = orderOfReference(event.orderRef);
  if (reference === null) return 'ignored';
  const paid = event.kind === 'paid';
  const pending = event.kind === 'pending';
  const paidAt = (event.at ?? new Date()).toISOString();

  const { settled, stockChanged } = await ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    const unchanged = { settled: 'ignored' as Settled, stockChanged: false };
    const [order] = await inTx.select().from(orders).where(eq(orders.id, reference)).for('update');
    // the order's payments, one per way the shopper chose (each opened its own provider's order)
    const opened = order ? await paymentsOfOrder(inTx, order.id) : [];
    if (!order || opened.length === 0) return unchanged;
    const { transactionId } = event;
    const payment = opened.find((each) => isPaymentOf(event, each));
    if (!payment) {
      ctx.log.warn({ order: order.id, transaction: transactionId }, 'a transaction of another payment was ignored');
      return unchanged;
    }
    if (event.amountPiastres !== payment.amountPiastres || event.currency !== 'EGP' || event.method === null || event.method !== payment.method) {
      // the provider binds a payment to its amount and ways, so this should not happen; money it took for this order
      // all the same goes back
      if (!paid) {
        ctx.log.warn({ order: order.id, transaction: transactionId }, 'a transaction whose amount, currency or way is not its order’s was ignored');
        return unchanged;
      }
      ctx.log.warn({ order: order.id, transaction: transactionId }, 'a paid transaction whose amount, currency or way is not its order’s is given back');
      await queueExtraPaymentRefund(ctx.jobs, inTx, { orderId: order.id, paymentId: payment.id, transactionId, amountPiastres: event.amountPiastres, method: event.method, paidAt, quiet: true });
      return { settled: 'refunding' as Settled, stockChanged: false };
    }

    if (paid && order.status === 'awaiting-payment') {
      await moveTo(ctx.jobs, inTx, order, 'accepted', { by: 'payment' });
      await recordOrderPaid(inTx, payment.id, transactionId);
      // paid by a way chosen before the last one: the order names the payment that paid it (a cancel refunds it)
      if (order.paymentIntentId !== payment.id) {
        await inTx.update(orders).set({ paymentIntentId: payment.id, paymentMethod: payment.method }).where(eq(orders.id, order.id));
      }
      return { settled: 'placed' as Settled, stockChanged: false };
    }
    if (paid && order.status === 'payment-failed' && (payment.status === 'requires_payment_method' || payment.status === 'failed')) {
      // paid after the order let its pieces go: the money goes back, the order stays as the shopper was told
      await recordPaidTooLate(inTx, payment.id, transactionId);
      await queueRefund(ctx.jobs, inTx, { paymentId: payment.id });
      return { settled: 'refunding' as Settled, stockChanged: false };
    }
    if (paid && transactionId !== payment.transactionId) {
      // money the order does not need: the shopper paid it twice, or paid an order no longer waiting for it
      ctx.log.warn({ order: order.id, transaction: transactionId }, 'a second payment for an order is given back');
      await queueExtraPaymentRefund(ctx.jobs, inTx, { orderId: order.id, paymentId: payment.id, transactionId, amountPiastres: payment.amountPiastres, method: payment.method, paidAt });
      return { settled: 'refunding' as Settled, stockChanged: false };
    }
    if (pending && order.status === 'awaiting-payment') {
      // a kiosk reference of a way the shopper has since left is not shown as her way to pay
      if (!event.payReference || order.paymentIntentId !== payment.id) return unchanged;
      await inTx.update(orders).set({ paymentReference: event.payReference }).where(eq(orders.id, order.id));
      await recordPending(inTx, payment.id, transactionId);
      return { settled: 'pending' as Settled, stockChanged: false };
    }
    // a way the shopper has since left failing lets nothing go: she pays the way she chose last
    if (!paid && !pending && order.status === 'awaiting-payment' && order.paymentIntentId === payment.id) {
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
  const released = await moveTo(jobs, tx, order, 'payment-failed', { by: 'payment' });
  await recordOrderUnpaid(tx, order.id);
  return released.stockChanged;
}

/**
 * The end of an order's hold (the `payment-hold` job): the provider is asked first (a payment whose callback was lost
 * still places the order); an order still unpaid is released. The provider unreachable: the job throws and is tried
 * again later, the pieces held meanwhile, so a paid order is never released on a guess.
 */
export async function endHold(ctx: SettleContext, orderId: string): Promise<Settled> {
  const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order?.status !== 'awaiting-payment') return 'ignored';
  const settled = await inquireOrder(ctx, orderId);
  if (settled !== 'pending' && settled !== 'ignored') return settled;
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
 * The shopper back from the provider (GET /api/payments/<provider>/return): the order's page to go on to,
 * `/orders/{id}`, with a guest's token from the address we gave the provider (any other token: 404). A customer's order
 * goes there without one, and the page sends its signed-in customer on to My Orders: the address names no account, so
 * an order's id tells nobody its customer's username. Nothing else in the address is read: an order still awaiting its
 * payment is checked with the provider.
 */
export async function returnPage(ctx: SettleContext, orderId: string, token: string | undefined): Promise<string> {
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  const [row] = await ctx.db.select({ userId: orders.userId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(MESSAGES.orderNotFound);
  if (!row.userId) await readGuestOrder(ctx.db, orderId, token ?? '');
  if (row.status === 'awaiting-payment') await checkWithProvider(ctx, orderId);
  return row.userId ? `/orders/${orderId}` : `/orders/${orderId}?${new URLSearchParams({ token: token ?? '' }).toString()}`;
}

/** Asks the provider about an order awaiting its payment, best effort: the callback or the hold's end settle it otherwise. */
async function checkWithProvider(ctx: SettleContext, orderId: string): Promise<void> {
  try {
    await inquireOrder(ctx, orderId);
  } catch (error) {
    ctx.log.warn({ err: error, order: orderId }, 'the payment provider could not be asked about a payment on the shopper’s return');
  }
}

/**
 * Asks the provider about each payment opened for an order (one per way the shopper chose, newest first) and applies
 * what it says, until one moves the order. Throws when the provider cannot be asked.
 */
async function inquireOrder(ctx: SettleContext, orderId: string): Promise<Settled> {
  const opened = await ctx.db.select({ reference: payments.reference }).from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt), desc(payments.id));
  let outcome: Settled = 'ignored';
  for (const { reference } of opened) {
    const event = await orderPaymentsOf(ctx).inquireOrder(reference ?? orderId);
    if (!event) continue;
    const settled = await settleEvent(ctx, event);
    if (settled !== 'pending' && settled !== 'ignored') return settled;
    if (settled === 'pending') outcome = 'pending';
  }
  return outcome;
}
