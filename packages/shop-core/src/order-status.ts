// An order's life (PRODUCT section 7): accepted → shipped → delivered, or canceled from accepted or shipped.
// The API refuses every other move with one of these sentences; the admin's screen offers only the moves allowed.
// An order paid through Paymob (PRODUCT section 4) is written before its payment, `awaiting-payment`, and becomes
// `accepted` when Paymob says it is paid or `payment-failed` when it is not: those two are not placed orders, and no
// one moves them by hand.
import { RETURN_DAYS_BY_LAW } from './constants.ts';

/** SPEC's statuses: a placed order's. */
export const PLACED_STATUSES = ['accepted', 'shipped', 'delivered', 'canceled'] as const;
export type PlacedStatus = (typeof PLACED_STATUSES)[number];

export const ORDER_STATUSES = [...PLACED_STATUSES, 'awaiting-payment', 'payment-failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every move an order makes, and who makes it: `person` (the shop's staff on the admin's screen; a customer's cancel is
 * one of these, refusedCustomerCancel narrows it), `payment` (the provider's word, modules/orders/settle-payment.ts) or
 * `courier` (the courier's word on its parcel, apps/api/src/modules/delivery: picked up, delivered, back at the shop).
 * The API's one writer of an order's status (apps/api/src/modules/orders/lifecycle.ts) makes no move missing here; a
 * new move (a return) is a line here and a caller of the lifecycle.
 */
export type MoveMaker = 'person' | 'payment' | 'courier';
const MOVES: Record<OrderStatus, Partial<Record<OrderStatus, readonly MoveMaker[]>>> = {
  accepted: { shipped: ['person', 'courier'], canceled: ['person', 'courier'] },
  shipped: { delivered: ['person', 'courier'], canceled: ['person', 'courier'] },
  delivered: {},
  canceled: {},
  'awaiting-payment': { accepted: ['payment'], 'payment-failed': ['payment'] },
  'payment-failed': {},
};

/** Who may move an order from `from` to `to` (none: no one may). */
export function moveMakers(from: OrderStatus, to: OrderStatus): readonly MoveMaker[] {
  return MOVES[from][to] ?? [];
}

export const isPlaced = (status: OrderStatus): status is PlacedStatus => (PLACED_STATUSES as readonly string[]).includes(status);

/** The statuses an admin may move an order to from this one (the `person` moves of the table). */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_STATUSES.filter((to) => moveMakers(from, to).includes('person'));
}

/** Whether a move takes the order's pieces, its code's use and its money back: it did not happen after all. */
export const givesBack = (to: OrderStatus): boolean => to === 'canceled' || to === 'payment-failed';

/** Why an order in `from` cannot move to `to` (a 409's sentence), or null when it can. */
export function refusedMove(from: OrderStatus, to: OrderStatus): string | null {
  if (moveMakers(from, to).includes('person')) return null;
  if (from === 'awaiting-payment') return 'This order is waiting for its payment';
  if (from === 'payment-failed') return 'This order was not paid';
  if (from === to) return `This order is already ${from}`;
  if (to === 'accepted') return `A ${from} order cannot go back to accepted`;
  if (from === 'accepted' && to === 'delivered') return 'An order must be shipped before it is delivered';
  return `A ${from} order cannot be ${to}`;
}

/** A customer cancels their own order only before it leaves the shop. */
export function refusedCustomerCancel(from: OrderStatus): string | null {
  if (from === 'shipped') return 'This order has been shipped and can no longer be canceled';
  return refusedMove(from, 'canceled');
}

/** The admin's button and the toast after it, per move. */
export const MOVE_LABELS: Record<Exclude<PlacedStatus, 'accepted'>, { action: string; done: string }> = {
  shipped: { action: 'Mark as shipped', done: 'Order has been marked as shipped' },
  delivered: { action: 'Mark as delivered', done: 'Order has been marked as delivered' },
  canceled: { action: 'Cancel order', done: 'Order has been canceled' },
};

/** The timeline's words for each status. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  accepted: 'Order placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  'awaiting-payment': 'Awaiting payment',
  'payment-failed': 'Payment failed',
};

/** An order that is still under way: placed or awaiting its payment, not yet delivered, canceled or failed. */
export function isOpen(order: { status: OrderStatus }): boolean {
  return order.status === 'accepted' || order.status === 'shipped' || order.status === 'awaiting-payment';
}

/** When the order was delivered, from its history (the last time it reached `delivered`), or null. */
export function deliveredAt(order: { status: OrderStatus; history: readonly { status: OrderStatus; at: string }[] }): Date | null {
  if (order.status !== 'delivered') return null;
  const change = order.history.findLast((entry) => entry.status === 'delivered');
  return change ? new Date(change.at) : null;
}

/**
 * A delivered order may still be returned within the returns window after its delivery (RETURN_DAYS_BY_LAW until the
 * returns settings exist). A delivered order whose history lacks the delivery counts as returnable: the safe side.
 */
export function isStillReturnable(order: { status: OrderStatus; history: readonly { status: OrderStatus; at: string }[] }, now: Date): boolean {
  if (order.status !== 'delivered') return false;
  const delivered = deliveredAt(order);
  if (!delivered) return true;
  return now.getTime() < delivered.getTime() + RETURN_DAYS_BY_LAW * 24 * 60 * 60 * 1000;
}
