// The catalog's jobs: a size back in stock, told to each shopper who asked (decision 040).
import { defineJob } from '../jobs/queue.ts';
import { backInStockMessage } from '../mail/back-in-stock-mail.ts';
import { MAIL_MAX_ATTEMPTS } from '../mail/jobs.ts';
import { mailTries } from '../mail/mail-job.ts';
import type { ShopContext } from '../shop-context.ts';
import { tellWaitingAsk, waitingAsks, type BackInStockMailJob } from './back-in-stock.ts';

/**
 * Follows `stock.back`: one mail job for each ask still waiting on a size that came back, keyed per ask, so a size that
 * comes back twice before its job ran still gives one job (and the job mails an ask once). One try, in the transaction
 * that marks its ask told: nothing is sent for an ask told already, or whose size sold out again since (it waits for
 * the next time). Retried as an order's mail is.
 */
export const backInStockMailJob = defineJob({
  task: 'back-in-stock-mail',
  maxAttempts: MAIL_MAX_ATTEMPTS,
  follows: ['stock.back'],
  async jobsFor(event, tx) {
    if (event.name !== 'stock.back') return [];
    return (await waitingAsks(tx, event.payload.sizes)).map((requestId) => ({ payload: { requestId }, key: `back-in-stock-mail:${requestId}` }));
  },
  run: mailTries('back-in-stock-mail', async (ctx: Pick<ShopContext, 'db' | 'jobs' | 'mail' | 'log'>, job: BackInStockMailJob, attempt) => {
    const told = await tellWaitingAsk(ctx.db, job.requestId, async (ask) => {
      const { shop, from } = await ctx.mail.shopFor(ask.lang);
      const outcome = await ctx.mail.tryOnce(backInStockMessage(ask, shop, from), attempt);
      return { told: outcome.sent, outcome };
    });
    if (typeof told === 'object') return told.outcome;
    if (told === 'sold-out-again') ctx.log.info({ requestId: job.requestId }, 'back-in-stock mail not sent: the size sold out again; the ask waits');
    return { sent: true };
  }),
});

export const catalogJobs = [backInStockMailJob];
