// The orders' jobs: an order awaiting its payment at the end of its hold, and the checkouts' old keys dropped.
import { defineJob } from '../jobs/queue.ts';
import type { ShopContext } from '../shop-context.ts';
import { cancelUnconfirmed, confirmationDeadline } from './confirmation.ts';
import { pruneOrderKeys } from './order-keys.ts';
import { endHold } from './settle-payment.ts';

/** an order awaiting its payment, at the end of its hold: placed if the provider says it was paid, else released */
export const paymentHoldJob = defineJob({
  task: 'payment-hold',
  maxAttempts: 25,
  run: async (ctx: Pick<ShopContext, 'db' | 'jobs' | 'payments' | 'catalogChanged' | 'log'>, job: { orderId: string }) => {
    await endHold(ctx, job.orderId);
  },
});

/** every night at 03:00 UTC (05:00 in Cairo): the checkouts' Idempotency-Keys older than a week dropped */
export const pruneKeysJob = defineJob({
  task: 'prune-keys',
  maxAttempts: 5,
  schedule: '0 3 * * *',
  run: async (ctx: Pick<ShopContext, 'db' | 'log'>) => {
    const pruned = await pruneOrderKeys(ctx.db);
    ctx.log.info(pruned, 'checkout keys older than a week dropped');
  },
});

/**
 * A cash order placed waiting for its confirmation (PRODUCT section 9) is canceled when the brand's hours are up, unless
 * it was answered or moved on by then (confirmation.ts): added with the order, due at its deadline.
 */
export const confirmationDeadlineJob = defineJob({
  task: 'confirmation-deadline',
  maxAttempts: 10,
  follows: ['order.placed'],
  async jobsFor(event, tx) {
    if (event.name !== 'order.placed' || event.payload.confirmation !== 'pending') return [];
    const { orderId, placedAt } = event.payload;
    return [{ payload: { orderId }, key: `confirmation-deadline:${orderId}`, runAt: await confirmationDeadline(tx, new Date(placedAt)) }];
  },
  run: async (ctx: Pick<ShopContext, 'db' | 'jobs' | 'catalogChanged' | 'log'>, job: { orderId: string }) => {
    if (await cancelUnconfirmed(ctx, job.orderId)) ctx.log.info({ orderId: job.orderId }, 'a cash order left unconfirmed past the brand\'s hours is canceled');
  },
});

export const orderJobs = [paymentHoldJob, pruneKeysJob, confirmationDeadlineJob];
