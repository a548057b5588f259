// Every change of an order's status goes through moveOrder: the admin's moves (PUT /api/orders/status/{id}), the
// admin's and the customer's cancel (PUT /api/orders/cancel/{id}). One transaction checks the move against the
// order as it is now (its row locked), writes the status and its history entry, gives the stock back and claims
// the card payment for a refund; the provider is called after the commit, once, by the one move that claimed it.
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { refusedCustomerCancel, refusedMove, type PlacedStatus } from '@shop/core/order-status';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import { recordChange, type Actor } from '../audit/audit.ts';
import { claimForRefund } from '../payments/payments.ts';
import { firstRefundOutcome, queueRefund } from '../payments/refunds.ts';
import type { OrderContext } from './context.ts';
import { giveBackStock } from './stock.ts';
import { releaseCouponUse } from '../coupons/coupons.ts';

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
    // Two moves of one order at once: the second waits here, then checks its move against the first one's result.
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw notFound(MESSAGES.orderNotFound);
    if (by.role === 'customer' && current.userId !== by.userId) throw forbidden(MESSAGES.notYours);
    const refused = by.role === 'customer' ? (to === 'canceled' ? refusedCustomerCancel(current.status) : MESSAGES.adminOnly) : refusedMove(current.status, to);
    if (refused) throw conflict(refused);

    const change = { status: to, at: new Date().toISOString(), ...(by.role === 'customer' ? { by: 'customer' } : by.actor ? { by: by.actor.username } : {}) };
    const [moved] = await tx
      .update(orders)
      .set({ status: to, isCanceled: to === 'canceled', history: sql`${orders.history} || ${JSON.stringify([change])}::jsonb` })
      .where(eq(orders.id, current.id))
      .returning();
    if (by.role === 'admin' && by.actor) await recordChange(tx as unknown as Db, by.actor, { entity: 'order', entityId: current.id, action: 'move', before: { status: current.status }, after: { status: to } });
    const inTx = tx as unknown as Db;
    if (to !== 'canceled') {
      if (to !== 'accepted') await queueOrderMail(ctx.jobs, inTx, moved!.id, to);
      return { order: moved!, claimed: null, stockChanged: false };
    }
    // the order did not happen: its pieces go back on the shelf and its code's use back to the code
    if (moved!.couponId) await releaseCouponUse(inTx, moved!.couponId);
    const given = await giveBackStock(inTx, moved!.lines);
    if (given.back.length > 0) await ctx.jobs.publish(inTx, 'stock.back', { sizes: given.back });
    const stockChanged = given.lowStock;
    const claimed = moved!.paymentIntentId ? await claimForRefund(inTx, moved!.paymentIntentId) : null;
    // a paid card order's cancel mail waits for its refund's first try, to say whether the money is back
    if (claimed) await queueRefund(ctx.jobs, inTx, { paymentId: claimed.id, orderId: moved!.id });
    else await queueOrderMail(ctx.jobs, inTx, moved!.id, 'canceled');
    return { order: moved!, claimed, stockChanged };
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
