import { refundUnusedPayments } from '../payments/refunds.ts';
import type { OrderContext } from './context.ts';
import { cartAmount } from './orders.ts';

/**
 * Opens a card payment for what the caller's cart costs now, whatever the client says. The checkout asks for a new
 * payment only when it has none it can still use: an older paid one is orphaned, and its refund is queued first.
 */
export async function startCardPayment(ctx: Pick<OrderContext, 'db' | 'payments' | 'jobs'>, userId: string) {
  const amount = await cartAmount(ctx.db, userId);
  await refundUnusedPayments(ctx, userId);
  const intent = await ctx.payments.createIntent(userId, amount);
  return { intent, amount };
}
