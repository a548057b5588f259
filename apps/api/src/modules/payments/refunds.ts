// Every refund is a job (decision 026), queued in the transaction that owes it: a cancel of a paid card order (with
// the order's id, so the shopper is mailed), a paid payment no order took (the cart changed; the checkout refused the
// order). The job asks the processor, then records the try and the mail it owes in one transaction; a failed try is
// tried again by the queue with no shopper action, until it succeeds or an admin sees it among the failed jobs.
import type { Db } from '../../db/client.ts';
import type { JobQueue, QueuedJob } from '../jobs/queue.ts';
import { claimIfUnused, claimUnusedPayments, findPayment, firstDelivery, paymentOfOrder, recordRefundTry } from './payments.ts';
import type { ShopContext } from '../shop-context.ts';

export interface RefundJob {
  paymentId: string;
  /** the canceled order the money was paid for: its shopper hears of the refund */
  orderId?: string;
  /** a checkout's payment that may yet be used: refunded only if it is still paid, this customer's, and no order took it */
  ifUnusedBy?: string;
}

/**
 * A transaction that paid an order already paid by another (the shopper paid twice: two tabs, a card after a kiosk
 * reference), or that was not the order's payment: no payment row holds it (a payment row keeps the transaction that
 * paid it), so the job carries what giving it back needs.
 */
export interface ExtraPaymentJob {
  orderId: string;
  /** the order's payment the transaction is of (absent on jobs queued before an order had several: its current one) */
  paymentId?: string;
  transactionId: string;
  /** what the mail names; what goes back is what Paymob says the transaction paid */
  amountPiastres: number;
  method: string | null;
  /** when the provider says it was paid (ISO): Paymob voids it the same day in Cairo, refunds it after */
  paidAt: string;
  /** money that was not the order's payment (another amount, currency or way): given back with no "paid twice" mail */
  quiet?: boolean;
}

/** Queues the giving back of a second payment in the caller's transaction: once per transaction. */
export async function queueExtraPaymentRefund(jobs: JobQueue, tx: Db, job: ExtraPaymentJob): Promise<void> {
  await jobs.add(tx, 'paymob-extra-payment', job, { key: `paymob-extra-payment:${job.transactionId}` });
}

/**
 * A second payment given back (Paymob voids it the day it was paid, refunds it after), then the shopper told: her order
 * stands, paid once. She is told once per transaction, by the first run that finds it given back, whether that run
 * gave it back or an earlier one did and died before telling her (its answer from the provider lost, or the process
 * killed): the transaction is marked as told in the mail's own transaction (decision 043). Nothing goes back for a
 * transaction the provider does not put in the order's own payment (decision 050): the job fails, for an admin to see.
 */
export async function runExtraPaymentJob(ctx: RefundContext, job: ExtraPaymentJob): Promise<void> {
  const orderPayments = ctx.payments.orderPayments;
  if (!orderPayments) throw new Error(`a payment is owed back but the payment provider (${ctx.payments.name}) takes no payment after its order`);
  const payment = job.paymentId ? await findPayment(ctx.db, job.paymentId) : await paymentOfOrder(ctx.db, job.orderId);
  const providerOrderRef = payment?.paymobOrderId ?? null;
  await orderPayments.giveBack({
    transactionId: job.transactionId,
    orderId: job.orderId,
    providerOrderRef,
    method: job.method,
    paidAt: new Date(job.paidAt),
  });
  if (job.quiet) return;
  await ctx.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx as unknown as Db, `paymob-paid-twice:${job.transactionId}`))) return;
    await ctx.jobs.publish(tx as unknown as Db, 'payment.extra-given-back', { orderId: job.orderId, amountPiastres: job.amountPiastres });
  });
}

/** What a refund job reaches: the database, the queue (for the mail), the processor. */
export type RefundContext = Pick<ShopContext, 'db' | 'jobs' | 'payments'>;

/**
 * Queues a payment's refund in the caller's transaction: one job per payment, and one more per payment for a refused
 * checkout's (a refusal again only moves its time; it never replaces a cancel's refund).
 */
export async function queueRefund(jobs: JobQueue, tx: Db, job: RefundJob, runAt?: Date): Promise<void> {
  const { payload, ...options } = refundFor(job, runAt);
  await jobs.add(tx, 'refund', payload, options);
}

/** A payment's refund as a job, keyed as queueRefund keys it. */
export function refundFor(job: RefundJob, runAt?: Date): QueuedJob<RefundJob> {
  return { payload: job, key: `${job.ifUnusedBy ? 'refund-if-unused' : 'refund'}:${job.paymentId}`, ...(runAt ? { runAt } : {}) };
}

/**
 * A paid payment that no order took belongs to a cart that has since changed (the checkout reuses a paid payment
 * while the total is the same). When the customer starts paying for a new total, the old money goes back: the unused
 * payments are claimed and their refunds queued in one transaction, so a payment that a concurrent checkout took is
 * never refunded.
 */
export async function refundUnusedPayments(ctx: Pick<RefundContext, 'db' | 'jobs'>, userId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimUnusedPayments(tx as unknown as Db, userId);
    for (const paymentId of claimed) await queueRefund(ctx.jobs, tx as unknown as Db, { paymentId });
    return claimed.length;
  });
}

/**
 * One try of a refund. The processor is asked first (it refunds a payment once however often it is asked); then the
 * try is recorded, with `refund.tried` for a canceled order's (its shopper's mail follows it: after the first try,
 * the cancel's mail, saying whether the money is back or on its way; after a later try that succeeded, a mail saying
 * it is back). A failed try throws, for the queue to try again.
 */
export async function runRefundJob(ctx: RefundContext, job: RefundJob): Promise<void> {
  const { ifUnusedBy } = job;
  if (ifUnusedBy && !(await ctx.db.transaction((tx) => claimIfUnused(tx as unknown as Db, job.paymentId, ifUnusedBy)))) return;
  const payment = await findPayment(ctx.db, job.paymentId);
  // refunded by an earlier run of this job, or never claimed for a refund: nothing is owed
  if (payment?.status !== 'refunding') return;
  let failure: unknown = null;
  try {
    await ctx.payments.refund(job.paymentId);
  } catch (error) {
    failure = error;
  }
  await ctx.db.transaction(async (tx) => {
    const recorded = await recordRefundTry(tx as unknown as Db, job.paymentId, failure === null);
    if (!recorded || !job.orderId) return;
    await ctx.jobs.publish(tx as unknown as Db, 'refund.tried', { orderId: job.orderId, amountPiastres: recorded.amountPiastres, tries: recorded.tries, refunded: failure === null });
  });
  if (failure !== null) throw failure;
}

/**
 * How a cancel's refund stands once its first try is recorded, waited for up to `waitMs` (the cancel's answer says
 * it): refunded, or pending (the try failed, or has not happened yet).
 */
export async function firstRefundOutcome(db: Db, paymentId: string, waitMs = 5_000): Promise<'refunded' | 'pending'> {
  const until = Date.now() + waitMs;
  for (;;) {
    const payment = await findPayment(db, paymentId);
    if (payment?.status === 'refunded') return 'refunded';
    if ((payment?.refundAttempts ?? 0) > 0 || Date.now() >= until) return 'pending';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
