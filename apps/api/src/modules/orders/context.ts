import type { OrderStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/schemas';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from '../payments/providers.ts';

/**
 * What placing and moving orders reach besides the database: each workflow runs its transaction, then tells these
 * what the commit changed. The app's plugins provide them (routes/orders builds the context).
 */
export interface OrderContext {
  db: Db;
  /** drops the catalog's cached answers: a size ran low, sold out or came back (plugins/app/catalog-cache.ts) */
  catalogChanged(): void;
  /** the card payment provider (modules/payments/providers.ts) */
  payments: PaymentProvider;
  /** the customer's mail (plugins/app/mail.ts): each call returns at once, the message goes out in the background */
  mail: OrderMail;
  log: { error(fields: object, message: string): void };
}

export interface OrderMail {
  orderPlaced(order: Order): void;
  /** `refund`: the EGP amount a cancel gave back to the card */
  orderStatusChanged(order: Order, change: { status: Exclude<OrderStatus, 'accepted'>; refund?: number | undefined }): void;
}
