// The accounts' mail, as jobs of the queue (decision 026) like an order's: a password reset link, and the note to an
// address an account's email leaves. Each is queued in the transaction that owes it (the reset's request, the email's
// change), so a crash after the answer loses none; the job builds and sends it (jobs.ts), retried as an order's mail
// is. A reset's token is made when its mail is built, and only its hash is kept (passwords.ts): the job
// carries the email, never a token; a try that failed makes a new token on the next, the unsent one never used.
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** What an account's mail is about, in the language it was asked for in. */
export type AccountMailAsk = (
  | { kind: 'password-reset'; email: string }
  | { kind: 'email-changed'; previousEmail: string; email: string; username: string }
) & { lang: 'en' | 'ar' };

export type AccountMailJob = AccountMailAsk & {
  /** when it was asked for: the mail's own id (its Message-ID, its outbox file) is made from it */
  queuedAt: string;
  /** the try this job is (each try after a failure is a job of its own) */
  attempt?: number;
};

export async function queueAccountMail(queue: JobQueue, db: Db, ask: AccountMailAsk): Promise<void> {
  await queue.add(db, 'account-mail', { ...ask, queuedAt: new Date().toISOString() });
}
