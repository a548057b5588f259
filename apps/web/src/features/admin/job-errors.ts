// Why a job failed, in a sentence the admin can act on (issue 42: Failed jobs showed "connect ECONNREFUSED
// 127.0.0.1:2525" on an Arabic page). The queue keeps the error as the library threw it; the page says what it means,
// in the page's language, and keeps the error itself under "Details" for whoever fixes the cause.
import type { FailedJob } from '@shop/core/contract/jobs';
import type { AdminText } from './i18n/en.ts';

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|timed? ?out|could not be reached|socket/i;
// SMTP's answers to a wrong user or password (535, 534, 530), as nodemailer words them
const SIGN_IN_REFUSED = /\b53[045]\b|invalid login|authenticat/i;
// an SMTP answer of 4xx: the server asks to be tried later (busy, greylisting, a sending limit)
const TRY_LATER = /(?:^|[:\s])4\d\d[\s-]/;
const REFUSED = /(?:^|[:\s])5\d\d[\s-]/;

const MAIL_TASKS = new Set<FailedJob['task']>(['order-mail', 'account-mail', 'back-in-stock-mail', 'cart-reminder']);

/** The failed job's cause as a sentence of the admin's catalog. */
export function jobFailure(job: Pick<FailedJob, 'task' | 'lastError'>): AdminText {
  const error = job.lastError;
  if (MAIL_TASKS.has(job.task)) {
    if (UNREACHABLE.test(error)) return 'The mail server could not be reached.';
    if (SIGN_IN_REFUSED.test(error)) return 'The mail server refused the shop’s user name or password (SMTP_URL).';
    if (TRY_LATER.test(error)) return 'The mail server asked to be tried later (busy or over a sending limit).';
    if (REFUSED.test(error)) return 'The mail server refused the message.';
    return 'The mail could not be sent.';
  }
  if (job.task === 'refund' || job.task === 'paymob-extra-payment') {
    if (UNREACHABLE.test(error)) return 'The payment provider could not be reached.';
    if (/takes no payment after its order/.test(error)) return 'The payment provider set up now cannot give this payment back.';
    return 'The payment provider refused to give the money back.';
  }
  if (job.task === 'payment-hold') return 'The unpaid order could not be released.';
  return 'The job could not be done.';
}
