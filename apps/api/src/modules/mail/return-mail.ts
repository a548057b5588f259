// A return's mail (PRODUCT section 9, decision 065): its shopper hears each step, in her order's language, with the
// mail's retry policy. Built when the job runs, from the return and the order as they are then.
import { eq } from 'drizzle-orm';
import { toEgp } from '@shop/core/money';
import { returns } from '../../db/schema.ts';
import type { QueuedJob } from '../jobs/queue.ts';
import { guestTokenOf } from '../orders/guest.ts';
import type { ShopContext } from '../shop-context.ts';
import type { MailTry } from './mailer.ts';
import { orderMailRecipient } from './order-mail.ts';
import { returnMail, type ReturnMailStatus } from './templates.ts';

export interface ReturnMailJob {
  returnId: string;
  status: ReturnMailStatus;
  queuedAt: string;
  attempt?: number;
}

/** A return's mail as a job: one per return and step. */
export function returnMailOf(returnId: string, status: ReturnMailStatus): QueuedJob<ReturnMailJob> {
  return { payload: { returnId, status, queuedAt: new Date().toISOString() }, key: `return-mail:${returnId}:${status}` };
}

/** One try of a return's mail; a return or order gone since is nothing to send. */
export async function sendReturnMail(ctx: Pick<ShopContext, 'db' | 'mail' | 'config' | 'log'>, job: ReturnMailJob, attempt: number): Promise<MailTry> {
  const [row] = await ctx.db.select().from(returns).where(eq(returns.id, job.returnId));
  const recipient = row ? await orderMailRecipient(ctx.db, row.orderId) : null;
  if (!row || !recipient) {
    ctx.log.warn({ returnId: job.returnId, status: job.status }, 'return mail not sent: the return or its order is gone');
    return { sent: true };
  }
  const { shop, from } = await ctx.mail.shopFor(recipient.lang);
  const token = recipient.guest ? guestTokenOf(ctx.config.jwtSecret, row.orderId) : undefined;
  const note = [...row.history].reverse().find((step) => step.status === job.status)?.note;
  const mail = returnMail(recipient.order, { status: job.status, refund: toEgp(row.refundPiastres), ...(note ? { note } : {}) }, shop, recipient.lang, token);
  const id = `${job.queuedAt.replace(/[:.]/g, '-')}-return-${job.returnId}-${job.status}`;
  return ctx.mail.tryOnce({ ...mail, to: recipient.to, ...(from ? { from } : {}), id }, attempt);
}
