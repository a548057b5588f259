// The mail module's jobs: an order's mail, following the events that tell the news (modules/events.ts): an order
// placed or moved (its lifecycle's), a refund's try, a second payment given back. The accounts' mail and the back-in-stock mail are their modules' jobs; all share the mail's
// retry policy (mail-job.ts).
import { toEgp } from '@shop/core/money';
import { defineJob } from '../jobs/queue.ts';
import { confirmLinkOf } from '../orders/confirmation.ts';
import { guestTokenOf } from '../orders/guest.ts';
import type { ShopContext } from '../shop-context.ts';
import { withShipments } from '../delivery/shipments.ts';
import { mailTries } from './mail-job.ts';
import { orderMail, orderMailMessage, type OrderMailJob } from './order-mail.ts';
import { returnMailOf, sendReturnMail, type ReturnMailJob } from './return-mail.ts';

/** Mail is tried for about a day: the 10th try is ~10 h after the first, then every ~6 h (MAIL_RETRY_DELAYS). */
export const MAIL_MAX_ATTEMPTS = 12;

export const orderMailJob = defineJob({
  task: 'order-mail',
  maxAttempts: MAIL_MAX_ATTEMPTS,
  follows: ['order.placed', 'order.moved', 'refund.tried', 'payment.extra-given-back'],
  jobsFor(event) {
    switch (event.name) {
      // an order placed (not one awaiting its payment: it is placed when the payment's word accepts it)
      case 'order.placed':
        return event.payload.status === 'accepted' ? [orderMail(event.payload.orderId, 'placed')] : [];
      case 'order.moved': {
        const { orderId, from, to, refundPaymentId } = event.payload;
        if (to === 'accepted') return from === 'awaiting-payment' ? [orderMail(orderId, 'placed')] : [];
        if (to === 'shipped' || to === 'delivered') return [orderMail(orderId, to)];
        // a paid card order's cancel mail waits for its refund's first try (`refund.tried`, below)
        if (to === 'canceled') return refundPaymentId ? [] : [orderMail(orderId, 'canceled')];
        return [];
      }
      // a canceled card order's mail waits for its refund's first try, to say whether the money is back; a later try
      // that gets it back says so
      case 'refund.tried': {
        const { orderId, amountPiastres, tries, refunded } = event.payload;
        const amount = toEgp(amountPiastres);
        if (tries === 1) return [orderMail(orderId, 'canceled', { amount, pending: !refunded })];
        return refunded ? [orderMail(orderId, 'refunded', { amount, pending: false })] : [];
      }
      case 'payment.extra-given-back':
        return [orderMail(event.payload.orderId, 'paid-twice', { amount: toEgp(event.payload.amountPiastres), pending: false })];
      default:
        return [];
    }
  },
  run: mailTries('order-mail', async (ctx: Pick<ShopContext, 'db' | 'jobs' | 'mail' | 'config' | 'log' | 'courier'>, job: OrderMailJob, attempt) => {
    const message = await orderMailMessage(
      ctx.db,
      job,
      ctx.mail.shopFor,
      (orderId) => guestTokenOf(ctx.config.jwtSecret, orderId),
      (orderId) => confirmLinkOf(ctx.config.publicUrl, ctx.config.jwtSecret, orderId),
      async (order) => (await withShipments(ctx.db, ctx.courier ?? null, [order]))[0]!,
    );
    if (message) return ctx.mail.tryOnce(message, attempt);
    ctx.log.warn({ orderId: job.orderId, event: job.event }, 'order mail not sent: the order is gone');
    return { sent: true };
  }),
});

/** A return's shopper hears each step (decision 065): asked, approved, rejected, received, closed, the money back. */
export const returnMailJob = defineJob({
  task: 'return-mail',
  maxAttempts: MAIL_MAX_ATTEMPTS,
  follows: ['return.moved'],
  jobsFor: (event) => (event.name === 'return.moved' ? [returnMailOf(event.payload.returnId, event.payload.status)] : []),
  run: mailTries('return-mail', (ctx: Pick<ShopContext, 'db' | 'jobs' | 'mail' | 'config' | 'log'>, job: ReturnMailJob, attempt) => sendReturnMail(ctx, job, attempt)),
});

export const mailJobs = [orderMailJob, returnMailJob];
