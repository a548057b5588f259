// The mail's retry policy, for every job that sends one (an order's mail, an account's, a size back in stock): a mail's
// tries follow MAIL_RETRY_DELAYS, each one a job: a failed try queues the next and is done; the last one gives up, and
// the job fails for good (an admin may try it again). The queue's own retries are for a try cut short (the process
// died): it is made again.
import type { RunningJob } from '../jobs/queue.ts';
import type { ShopContext } from '../shop-context.ts';
import type { MailTry } from './mailer.ts';

/** A job's `run` from one try of its mail: the next try queued after a failure, or the job failed for good. */
export function mailTries<Ctx extends Pick<ShopContext, 'db' | 'jobs'>, Payload extends { attempt?: number }>(
  task: string,
  send: (ctx: Ctx, payload: Payload, attempt: number) => Promise<MailTry>,
) {
  return async (ctx: Ctx, payload: Payload, job: RunningJob): Promise<void> => {
    const attempt = payload.attempt ?? 1;
    const outcome = await send(ctx, payload, attempt);
    if (outcome.sent) return;
    if (outcome.retryInMs !== undefined) {
      const runAt = new Date(Date.now() + outcome.retryInMs);
      await ctx.jobs.add(ctx.db, task, { ...payload, attempt: attempt + 1 }, { ...(job.key ? { key: job.key } : {}), runAt });
      return;
    }
    await ctx.jobs.failForGood(ctx.db, job.id);
    throw new Error(`mail not sent, given up after ${attempt} attempts: ${outcome.reason}`);
  };
}
