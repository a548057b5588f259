// The accounts' jobs: their mail (account-mail.ts), sent with the mail's retry policy.
import { createHash } from 'node:crypto';
import { defineJob } from '../jobs/queue.ts';
import { MAIL_MAX_ATTEMPTS } from '../mail/jobs.ts';
import { mailTries } from '../mail/mail-job.ts';
import type { MailTry } from '../mail/mailer.ts';
import { emailChangedMail, passwordResetMail } from '../mail/templates.ts';
import type { ShopContext } from '../shop-context.ts';
import type { AccountMailJob } from './account-mail.ts';
import { issueResetToken } from './passwords.ts';

/**
 * One try of an account's mail: a password reset link (a token stored for the account the email names, none and
 * nothing sent when no account has it), or the note to the address an account's email left, naming the new one.
 */
async function sendAccountMail(ctx: Pick<ShopContext, 'db' | 'jobs' | 'mail' | 'config'>, job: AccountMailJob, attempt: number): Promise<MailTry> {
  // its own id (a second run of the job is the same mail): when it was asked for, what, and to whom (hashed)
  const idFor = (to: string) => `${job.queuedAt.replace(/[:.]/g, '-')}-${job.kind}-${createHash('sha256').update(to).digest('hex').slice(0, 16)}`;
  const { shop, from } = await ctx.mail.shopFor(job.lang);
  if (job.kind === 'email-changed') {
    const mail = emailChangedMail(job.username, job.email, shop, job.lang);
    return ctx.mail.tryOnce({ ...mail, to: job.previousEmail, ...(from ? { from } : {}), id: idFor(job.previousEmail) }, attempt);
  }
  const issued = await issueResetToken(ctx.db, job.email);
  if (!issued) return { sent: true };
  const link = `${ctx.config.publicUrl}/reset-password?token=${issued.token}`;
  const mail = passwordResetMail(issued.account.username, link, shop, job.lang);
  return ctx.mail.tryOnce({ ...mail, to: issued.account.email, ...(from ? { from } : {}), id: idFor(issued.account.email) }, attempt);
}

/** a password reset link, or the note to an address an account's email left: retried as an order's mail is */
export const accountMailJob = defineJob({ task: 'account-mail', maxAttempts: MAIL_MAX_ATTEMPTS, run: mailTries('account-mail', sendAccountMail) });

export const accountJobs = [accountMailJob];
