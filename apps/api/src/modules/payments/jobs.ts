// The payments' jobs: money given back. A refund is money owed: tried for about four days before it waits for an admin.
import { defineJob, type QueuedJob } from '../jobs/queue.ts';
import type { ShopContext } from '../shop-context.ts';
import { refundFor, runExtraPaymentJob, runRefundJob, type ExtraPaymentJob, type RefundJob } from './refunds.ts';

const REFUND_MAX_ATTEMPTS = 25;

/**
 * Follows `order.moved`: a canceled order whose payment the move claimed for a refund (modules/orders/lifecycle.ts)
 * gets its refund, one job per payment. The other refunds are queued by the workflow that owes them (refunds.ts).
 */
export const refundJob = defineJob({
  task: 'refund',
  maxAttempts: REFUND_MAX_ATTEMPTS,
  follows: ['order.moved'],
  jobsFor(event): QueuedJob<RefundJob>[] {
    if (event.name !== 'order.moved' || event.payload.to !== 'canceled' || !event.payload.refundPaymentId) return [];
    return [refundFor({ paymentId: event.payload.refundPaymentId, orderId: event.payload.orderId })];
  },
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
