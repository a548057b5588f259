// The shop's events: what happened, each with what it carries. A module publishes one in the transaction that made it
// happen (`ctx.jobs.publish`, modules/jobs/queue.ts), which adds, in that same transaction, the jobs that follow it;
// each job is declared by the module it belongs to, with the events it follows (`<module>/jobs.ts`). A new event is a
// line here; a new follower edits only its own module.

/** A size whose stock was 0 before a write and is above 0 (or no longer tracked) after it. */
export interface SizeBack {
  productId: string;
  size: string;
}

export interface ShopEvents {
  /** sizes that were sold out and are not any more (an admin's save, an order's pieces given back): decision 040 */
  'stock.back': { sizes: readonly SizeBack[] };
  /** a refund's try for a canceled order, recorded: the money is back (`refunded`) or the queue tries again */
  'refund.tried': { orderId: string; amountPiastres: number; tries: number; refunded: boolean };
  /** a second payment for an order, given back (decision 043): its shopper hears her order stands, paid once */
  'payment.extra-given-back': { orderId: string; amountPiastres: number };
}

export type ShopEventName = keyof ShopEvents;
export type ShopEvent = { [N in ShopEventName]: { name: N; payload: ShopEvents[N] } }[ShopEventName];
