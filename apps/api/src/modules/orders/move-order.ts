// A person's move of an order (decision 012): the admin's moves (PUT /api/orders/status/{id}), the admin's and the
// customer's cancel (PUT /api/orders/cancel/{id}). One transaction checks who asks against the order as it is now (its
// row locked) and hands the move to the lifecycle (lifecycle.ts), which writes it, gives a canceled order back and
// claims its card payment for a refund; the refund job follows the move's event, and calls the provider after the
// commit, once, for the one move that claimed it.
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { refusedCustomerCancel, refusedMove, type PlacedStatus } from '@shop/core/order-status';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { recordChange, type Actor } from '../audit/audit.ts';
import { firstRefundOutcome } from '../payments/refunds.ts';
import type { OrderContext } from './context.ts';
import { confirmByMove } from './confirmation.ts';
import { moveTo } from './lifecycle.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Who asks: an admin (or staff, named by `actor` for the history and the audit trail) may make any allowed move; a
 * customer may only cancel their own order while it is accepted.
 */
export type Mover = { role: 'admin'; actor?: Actor } | { role: 'customer'; userId: string };

export interface Refund {
  paymentId: string;
  amountPiastres: number;
  /** 'pending': the first try failed (or is late); the payment stays `refunding` and the queue tries again. */
  status: 'refunded' | 'pending';
}

export interface MovedOrder {
  order: OrderRow;
  /** the card payment given back by this move, when it canceled a paid card order */
  refund: Refund | null;
}

export async function moveOrder(ctx: OrderContext, orderId: string, to: PlacedStatus, by: Mover): Promise<MovedOrder> {
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  const { order, claimed, stockChanged } = await ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    // Two moves of one order at once: the second waits here, then checks its move against the first one's result.
    const [current] = await inTx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw notFound(MESSAGES.orderNotFound);
    if (by.role === 'customer' && current.userId !== by.userId) throw forbidden(MESSAGES.notYours);
    const refused = by.role === 'customer' ? (to === 'canceled' ? refusedCustomerCancel(current.status) : MESSAGES.adminOnly) : refusedMove(current.status, to);
    if (refused) throw conflict(refused);

    const moved = await moveTo(ctx.jobs, inTx, current, to, by.role === 'customer' ? { by: 'customer' } : { by: 'staff', username: by.actor?.username });
    // a person of the shop moving a pending cash order on has confirmed it (PRODUCT section 9)
    const confirmed = by.role === 'admin' ? await confirmByMove(inTx, current, to, by.actor?.username) : null;
    if (by.role === 'admin' && by.actor) await recordChange(inTx, by.actor, { entity: 'order', entityId: current.id, action: 'move', before: { status: current.status }, after: { status: to } });
    return { order: confirmed ?? moved.order, claimed: moved.refund, stockChanged: moved.stockChanged };
  });

  if (stockChanged) ctx.catalogChanged();
  const refund: Refund | null = claimed
    ? { paymentId: claimed.id, amountPiastres: claimed.amountPiastres, status: await firstRefundOutcome(ctx.db, claimed.id) }
    : null;
  return { order, refund };
}

/** The sentence the mover reads after the move. */
export function movedMessage(moved: MovedOrder, done: string): string {
  if (moved.refund?.status === 'refunded') return MESSAGES.orderCanceledRefunded;
  if (moved.refund?.status === 'pending') return MESSAGES.orderCanceledRefundPending;
  return done;
}
