import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** What the accounts' workflows reach besides the database. The app's plugins provide each (routes/auth, routes/users). */
export interface AccountContext {
  db: Db;
  /** the job queue: the accounts' mail is queued with what owes it (account-mail.ts) */
  jobs: JobQueue;
}
