// The returns' job: a received card or wallet order's share given back through its payment provider (decision 065).
// Queued in the transaction that received the pieces, one per return; a failed try is tried again by the queue, as a
// cancel's refund is (payments/jobs.ts), until it succeeds or an admin sees it among the failed jobs.
import type { Db } from '../../db/client.ts';
import { defineJob } from '../jobs/queue.ts';
import type { ShopContext } from '../shop-context.ts';
import { recordReturnRefundTry, refundOwed, RETURN_REFUND_TASK } from './returns.ts';

const REFUND_MAX_ATTEMPTS = 25;

export interface ReturnRefundJob {
  returnId: string;
}

/**
 * One try: the provider is asked to give the share back (once per return however often asked: the return's id is the
 * provider's idempotency key where it takes one), then the try is recorded; a failure throws for the queue.
 */
export async function runReturnRefund(ctx: Pick<ShopContext, 'db' | 'jobs' | 'payments'>, job: ReturnRefundJob): Promise<void> {
  const owed = await refundOwed(ctx.db, job.returnId);
  if (!owed) return;
  let failure: unknown = null;
  try {
    await ctx.payments.refundPart(owed.paymentId, owed.row.refundPiastres, `return-${owed.row.id}`);
  } catch (error) {
    failure = error;
  }
  await ctx.db.transaction(async (tx) => {
    const recorded = await recordReturnRefundTry(tx as unknown as Db, job.returnId, failure === null);
    // the shopper hears the money is back (decision 065)
    if (recorded && failure === null) await ctx.jobs.publish(tx as unknown as Db, 'return.moved', { returnId: job.returnId, orderId: recorded.orderId, status: 'refunded' });
  });
  if (failure !== null) throw failure;
}

export const returnRefundJob = defineJob({
  task: RETURN_REFUND_TASK,
  maxAttempts: REFUND_MAX_ATTEMPTS,
  run: (ctx: Pick<ShopContext, 'db' | 'jobs' | 'payments'>, job: ReturnRefundJob) => runReturnRefund(ctx, job),
});

export const returnJobs = [returnRefundJob];
