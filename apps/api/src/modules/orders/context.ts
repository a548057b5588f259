import type { ShopContext } from '../shop-context.ts';

/**
 * What placing and moving orders reach besides the database: each workflow runs its transaction, which queues what it
 * owes (mail, refunds: decision 026), then tells the cache what the commit changed. The payment provider, and a
 * refused card order's payment refunded after `config.jobs.unusedPaymentRefundAfterMs` unless an order takes it.
 */
export type OrderContext = Pick<ShopContext, 'db' | 'catalogChanged' | 'payments' | 'jobs' | 'log' | 'config'>;
