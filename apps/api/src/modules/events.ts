// The shop's events: what happened, each with what it carries. A module publishes one in the transaction that made it
// happen (`ctx.jobs.publish`, modules/jobs/queue.ts), which adds, in that same transaction, the jobs that follow it;
// each job is declared by the module it belongs to, with the events it follows (`<module>/jobs.ts`). A new event is a
// line here; a new follower edits only its own module.

import type { ConfirmationStatus } from '@shop/core/contract/orders';
import type { OrderStatus } from '@shop/core/order-status';
import type { ReturnStatus } from '@shop/core/contract/returns';

/** A size whose stock was 0 before a write and is above 0 (or no longer tracked) after it. */
export interface SizeBack {
  productId: string;
  size: string;
}

export interface ShopEvents {
  /**
   * an order written (modules/orders/lifecycle.ts): `accepted` (its mail follows) or `awaiting-payment` (its payment's word
   * moves it); `confirmation` pending: a cash order waiting for its shopper's yes (its deadline and its message follow)
   */
  'order.placed': { orderId: string; status: 'accepted' | 'awaiting-payment'; confirmation: ConfirmationStatus; placedAt: string };
  /**
   * an order moved (modules/orders/lifecycle.ts, the only writer of its status), in the move's transaction. A move that
   * gives the order back (canceled, payment-failed) has given its pieces and its code's use back already; the payment it
   * claimed for a refund, if any, is `refundPaymentId` (payments' refund job follows it, and the cancel's mail waits for
   * the refund's first try: `refund.tried`).
   */
  'order.moved': { orderId: string; from: OrderStatus; to: OrderStatus; refundPaymentId: string | null };
  /** sizes that were sold out and are not any more (an admin's save, an order's pieces given back): decision 040 */
  'stock.back': { sizes: readonly SizeBack[] };
  /** a refund's try for a canceled order, recorded: the money is back (`refunded`) or the queue tries again */
  'refund.tried': { orderId: string; amountPiastres: number; tries: number; refunded: boolean };
  /** a second payment for an order, given back (decision 043): its shopper hears her order stands, paid once */
  'payment.extra-given-back': { orderId: string; amountPiastres: number };
  /** a return asked or moved by the shop, or its money back (`refunded`): its shopper is mailed (decision 065) */
  'return.moved': { returnId: string; orderId: string; status: ReturnStatus | 'refunded' };
}

export type ShopEventName = keyof ShopEvents;
export type ShopEvent = { [N in ShopEventName]: { name: N; payload: ShopEvents[N] } }[ShopEventName];
