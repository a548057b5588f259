import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { PaymentProvider } from '../payments/providers.ts';

/**
 * What placing and moving orders reach besides the database: each workflow runs its transaction, which queues what it
 * owes (mail, refunds: decision 026), then tells the cache what the commit changed. The app's plugins provide them
 * (routes/orders builds the context).
 */
export interface OrderContext {
  db: Db;
  /** drops the catalog's cached answers: a size ran low, sold out or came back (plugins/app/catalog-cache.ts) */
  catalogChanged(): void;
  /** the card payment provider (modules/payments/providers.ts) */
  payments: PaymentProvider;
  /** the job queue (plugins/app/jobs.ts): the shopper's mail and the refunds are its jobs, added in the transaction */
  jobs: JobQueue;
  /** a refused card order's payment is refunded after this long, unless an order takes it meanwhile */
  unusedPaymentRefundAfterMs: number;
  log: { error(fields: object, message: string): void };
}
