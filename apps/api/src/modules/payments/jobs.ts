// The payments' jobs: money given back. A refund is money owed: tried for about four days before it waits for an admin.
import { defineJob } from '../jobs/queue.ts';
import type { ShopContext } from '../shop-context.ts';
import { runExtraPaymentJob, runRefundJob, type ExtraPaymentJob, type RefundJob } from './refunds.ts';

const REFUND_MAX_ATTEMPTS = 25;

export const refundJob = defineJob({
  task: 'refund',
  maxAttempts: REFUND_MAX_ATTEMPTS,
  run: (ctx: Pick<ShopContext, 'db' | 'jobs' | 'payments'>, job: RefundJob) => runRefundJob(ctx, job),
});

/**
 * a second payment for an order another one already paid, or money that was not its payment: given back (the provider
 * gives a transaction back once), and the shopper told. Its name is the wire's (failed jobs, backups).
 */
export const extraPaymentJob = defineJob({
  task: 'paymob-extra-payment',
  maxAttempts: REFUND_MAX_ATTEMPTS,
  run: (ctx: Pick<ShopContext, 'db' | 'jobs' | 'payments'>, job: ExtraPaymentJob) => runExtraPaymentJob(ctx, job),
});

export const paymentJobs = [refundJob, extraPaymentJob];
