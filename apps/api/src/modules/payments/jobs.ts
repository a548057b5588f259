// The payments' jobs: money given back. A refund is money owed: tried for about four days before it waits for an admin.
import { defineJob } from '../jobs/queue.ts';
import type { ShopContext } from '../shop-context.ts';
import { runExtraPaymentJob, runRefundJob, type PaymobExtraPaymentJob, type RefundJob } from './refunds.ts';

const REFUND_MAX_ATTEMPTS = 25;

export const refundJob = defineJob({
  task: 'refund',
  maxAttempts: REFUND_MAX_ATTEMPTS,
  run: (ctx: Pick<ShopContext, 'db' | 'jobs' | 'payments'>, job: RefundJob) => runRefundJob(ctx, job),
});

/** a second Paymob payment for an order another one already paid: its money back (Paymob refunds or voids once), and the shopper told */
export const extraPaymentJob = defineJob({
  task: 'paymob-extra-payment',
  maxAttempts: REFUND_MAX_ATTEMPTS,
  run: async (ctx: Pick<ShopContext, 'db' | 'jobs' | 'paymob'>, job: PaymobExtraPaymentJob) => {
    if (!ctx.paymob) throw new Error('a Paymob payment is owed back but Paymob is not configured (PAYMOB_* settings)');
    await runExtraPaymentJob({ ...ctx, paymob: ctx.paymob }, job);
  },
});

export const paymentJobs = [refundJob, extraPaymentJob];
