// An order's lifecycle (decision 058): the only code that writes `orders.status` (ESLint holds it: eslint.config.js).
// An order is written here (`openOrder`) and moved here (`moveTo`), only along shop-core's table of moves
// (order-status.ts), in the caller's transaction with the order's row locked. Each write adds its history entry and
// publishes its event (`order.placed`, `order.moved`: modules/events.ts) in that same transaction, so what follows a move
// (the mail, a refund, a back-in-stock mail) is committed with it or not at all; the followers are declared by their
// own modules (mail/jobs.ts, payments/jobs.ts, catalog/jobs.ts). A move that gives the order back (canceled,
// payment-failed) gives back, here and only here, its pieces (and tells the shoppers waiting for a size that came back),
// its code's use, and the payment it was paid with (claimed for a refund; the refund follows the event).
// Who may ask for a move is the caller's business (move-order.ts: the admin and the customer; settle-payment.ts: the
// payment's word); the table says which moves exist at all.
import { eq, sql } from 'drizzle-orm';
import { givesBack, moveMakers, refusedMove, type OrderStatus } from '@shop/core/order-status';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { releaseCouponUse } from '../coupons/coupons.ts';
import { conflict } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { claimForRefund } from '../payments/payments.ts';
import { giveBackStock } from './stock.ts';

type OrderRow = typeof orders.$inferSelect;

/** An order's row as its writer hands it over: everything but its status, which the lifecycle gives it. */
export type OrderDraftRow = Omit<typeof orders.$inferInsert, 'status' | 'history' | 'isCanceled'> & { createdAt: Date };

/**
 * Who moves the order, as its history names them: a person of the shop's staff (by username, when known), the
 * customer herself, the payment's word (`system`), the shop itself on a person's behalf (`system`: the queue's
 * cancel of a cash order left unconfirmed past the brand's hours, confirmation.ts), or a courier's word on its parcel
 * (by the courier's name, `bosta`; a parcel back at the shop is a cancel with the reason `returned`: modules/delivery).
 */
export type MovedBy =
  | { by: 'staff'; username?: string }
  | { by: 'customer' }
  | { by: 'payment' }
  | { by: 'system' }
  | { by: 'courier'; courier: string; reason?: 'returned' };

const makerOf = (who: MovedBy) => (who.by === 'payment' ? 'payment' : who.by === 'courier' ? 'courier' : 'person');

export interface Move {
  order: OrderRow;
  /** the order's payment, claimed for a refund by this move (a canceled paid card order's): its refund is queued */
  refund: { id: string; amountPiastres: number } | null;
  /** whether a shopper would see the shelf change (a size low or back): the caller drops the catalog's cache after the commit */
  stockChanged: boolean;
}

/**
 * Writes a new order in the caller's transaction: `accepted`, or `awaiting-payment` when its payment comes after it
 * (PRODUCT section 4), its first history entry at its `createdAt`, and `order.placed` published.
 */
export async function openOrder(jobs: JobQueue, tx: Db, row: OrderDraftRow, { awaitingPayment }: { awaitingPayment: boolean }): Promise<OrderRow> {
  const status = awaitingPayment ? 'awaiting-payment' : 'accepted';
  const [order] = await tx
    .insert(orders)
    .values({ ...row, status, history: [{ status, at: row.createdAt.toISOString() }] })
    .returning();
  await jobs.publish(tx, 'order.placed', { orderId: order!.id, status, confirmation: order!.confirmationStatus, placedAt: row.createdAt.toISOString() });
  return order!;
}

/**
 * Moves an order (`current`: its row as read under the caller's lock) to `to`, if the table has that move for whoever
 * makes it; else a 409 with the table's sentence. Writes the status and its history entry, gives a canceled or
 * unpaid order back, and publishes `order.moved`, all in the caller's transaction.
 */
export async function moveTo(jobs: JobQueue, tx: Db, current: OrderRow, to: OrderStatus, who: MovedBy): Promise<Move> {
  if (!moveMakers(current.status, to).includes(makerOf(who))) throw conflict(refusedMove(current.status, to) ?? `A ${current.status} order cannot be ${to}`);

  const by = who.by === 'payment' || who.by === 'system' ? 'system' : who.by === 'customer' ? 'customer' : who.by === 'courier' ? who.courier : who.username;
  const reason = who.by === 'courier' ? who.reason : undefined;
  const change = { status: to, at: new Date().toISOString(), ...(by ? { by } : {}), ...(reason ? { reason } : {}) };
  const backed = givesBack(to);
  const [order] = await tx
    .update(orders)
    .set({
      status: to,
      isCanceled: to === 'canceled',
      // the order no longer holds a use of its code (coupons.ts counts a buyer's uses by the orders that carry it)
      ...(backed ? { couponId: null } : {}),
      history: sql`${orders.history} || ${JSON.stringify([change])}::jsonb`,
    })
    .where(eq(orders.id, current.id))
    .returning();
  const given = backed ? await giveBack(jobs, tx, current) : { refund: null, stockChanged: false };
  await jobs.publish(tx, 'order.moved', { orderId: current.id, from: current.status, to, refundPaymentId: given.refund?.id ?? null });
  return { order: order!, ...given };
}

/**
 * The steps that give an order back, written once: its pieces back on the shelf (shoppers waiting for a size that came
 * back are told: `stock.back`, decision 040), its code's use back to the code, and a paid payment claimed for its
 * refund (only a payment that succeeded is claimed: an order that was never paid owes nothing).
 */
async function giveBack(jobs: JobQueue, tx: Db, order: OrderRow): Promise<Omit<Move, 'order'>> {
  if (order.couponId) await releaseCouponUse(tx, order.couponId);
  const given = await giveBackStock(tx, order.lines);
  if (given.back.length > 0) await jobs.publish(tx, 'stock.back', { sizes: given.back });
  const refund = order.paymentIntentId ? await claimForRefund(tx, order.paymentIntentId) : null;
  return { refund, stockChanged: given.lowStock || given.back.length > 0 };
}
