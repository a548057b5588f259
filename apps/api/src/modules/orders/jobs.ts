// The orders' jobs: an order awaiting its payment at the end of its hold, and the checkouts' old keys dropped.
import { defineJob } from '../jobs/queue.ts';
import type { ShopContext } from '../shop-context.ts';
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

export const orderJobs = [paymentHoldJob, pruneKeysJob];
