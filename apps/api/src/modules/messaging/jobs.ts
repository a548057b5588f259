// The messaging channel's job (PRODUCT section 9, decision 063): a pending cash order's shopper asked to confirm it, by
// WhatsApp. A job that follows `order.placed`, never part of the checkout's transaction beyond its own row: WhatsApp
// being away, slow or refusing never touches the shopper's checkout; the try fails, the queue tries again with its
// backoff, and one that used up its tries waits among the dashboard's Failed jobs, the order untouched.
import { defineJob } from '../jobs/queue.ts';
import { orderToAsk, recordMessageSent } from '../orders/confirmation.ts';
import type { ShopContext } from '../shop-context.ts';

/** What one run did: sent, or why nothing was (said in the log, never an error). */
export type AskOutcome = 'sent' | 'not-configured' | 'not-pending';

/**
 * Asks the order's shopper to confirm it, once: an order answered meanwhile (her link, a call), canceled, or asked
 * already is left alone. The message is recorded on the order (`{ channel: 'whatsapp', outcome: 'sent' }`) as soon as
 * the service took it.
 */
export async function askToConfirm(ctx: Pick<ShopContext, 'db' | 'messaging'>, orderId: string): Promise<AskOutcome> {
  const channel = ctx.messaging;
  if (!channel) return 'not-configured';
  const order = await orderToAsk(ctx.db, orderId, channel.channel);
  if (!order) return 'not-pending';
  const { messageId } = await channel.requestConfirmation({
    orderId: order.id,
    number: order.number,
    totalPiastres: order.totalPiastres,
    phoneNumber: order.phoneNumber,
    lang: order.lang,
  });
  await recordMessageSent(ctx.db, order.id, channel.channel, messageId);
  return 'sent';
}

/**
 * The messaging jobs of a shop: with a channel configured, a pending cash order placed adds its message's job (one per
 * order: its key), in the checkout's transaction, to run after the commit; without one, none is added (the checkout
 * pays nothing for a channel it does not have). The task is known either way, so a job queued before a restart without
 * the channel waits, and runs when it is back.
 */
export function messagingJobs({ channelConfigured }: { channelConfigured: boolean }) {
  const confirmationMessageJob = defineJob({
    task: 'whatsapp-confirmation',
    // the queue's backoff (e^n seconds) over 12 tries covers about a day of WhatsApp being away; the order's deadline
    // (48 hours by default) still cancels it if nobody answers
    maxAttempts: 12,
    follows: channelConfigured ? ['order.placed'] : [],
    jobsFor(event) {
      if (event.name !== 'order.placed' || event.payload.confirmation !== 'pending' || event.payload.status !== 'accepted') return [];
      const { orderId } = event.payload;
      return [{ payload: { orderId }, key: `whatsapp-confirmation:${orderId}` }];
    },
    run: async (ctx: Pick<ShopContext, 'db' | 'messaging' | 'log'>, job: { orderId: string }) => {
      const outcome = await askToConfirm(ctx, job.orderId);
      if (outcome !== 'sent') ctx.log.info({ orderId: job.orderId, outcome }, `WhatsApp confirmation not sent: ${outcome}`);
    },
  });
  return [confirmationMessageJob];
}
