// The accounts' mail, as jobs of the queue (decision 026) like an order's: a password reset link, and the note to an
// address an account's email leaves. Each is queued in the transaction that owes it (the reset's request, the email's
// change), so a crash after the answer loses none; the job builds and sends it (plugins/app/mail.ts), retried as an
// order's mail is. A reset's token is made when its mail is built, and only its hash is kept (passwords.ts): the job
// carries the email, never a token; a try that failed makes a new token on the next, the unsent one never used.
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';

export type AccountMailJob = (
  | { kind: 'password-reset'; email: string }
  | { kind: 'email-changed'; previousEmail: string; email: string; username: string }
) & {
  lang: 'en' | 'ar';
  /** when it was asked for: the mail's own id (its Message-ID, its outbox file) is made from it */
  queuedAt: string;
  /** the try this job is (each try after a failure is a job of its own) */
  attempt?: number;
};

type Asked = AccountMailJob extends infer Job ? (Job extends unknown ? Omit<Job, 'queuedAt' | 'attempt'> : never) : never;

export async function queueAccountMail(queue: JobQueue, db: Db, job: Asked): Promise<void> {
  await queue.add(db, 'account-mail', { ...job, queuedAt: new Date().toISOString() } as AccountMailJob);
}
