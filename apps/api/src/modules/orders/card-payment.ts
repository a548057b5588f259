import { refundUnusedPayments } from '../payments/refunds.ts';
import type { OrderContext } from './context.ts';
import type { Governorate } from '@shop/core/constants';
import { cartAmount } from './pricing.ts';

/**
 * Opens a card payment for what the caller's cart costs now (delivered where the checkout says, with its code), whatever the client says. The checkout asks for a new
 * payment only when it has none it can still use: an older paid one is orphaned, and its refund is queued first.
 */
export async function startCardPayment(ctx: Pick<OrderContext, 'db' | 'payments' | 'jobs'>, userId: string, choice: { governorate?: Governorate; couponCode?: string } = {}) {
  const amount = await cartAmount(ctx.db, userId, choice);
  await refundUnusedPayments(ctx, userId);
  const intent = await ctx.payments.createIntent(userId, amount);
  return { intent, amount };
}
