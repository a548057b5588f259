// What the shop's workflows and jobs reach besides their arguments, built once (plugins/app/shop.ts: `app.shop`) and
// handed to the routes and to the job runner. A workflow declares the part it uses (`Pick<ShopContext, 'db' | 'jobs'>`),
// so a test can pass less.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Courier } from './delivery/port.ts';
import type { ProductImages } from './images/storage.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { ShopMail } from './mail/shop-mail.ts';
import type { MessagingChannel } from './messaging/port.ts';
import type { PaymentProvider } from './payments/port.ts';

export interface ShopLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ShopContext {
  db: Db;
  /** the job queue: jobs and events are added in the caller's transaction (modules/jobs/queue.ts) */
  jobs: JobQueue;
  /** the payment provider the configuration names, behind the payment port (modules/payments/port.ts) */
  payments: PaymentProvider;
  /** the channel that asks shoppers to confirm their cash orders (modules/messaging/port.ts): WhatsApp, or none */
  messaging: MessagingChannel | null;
  /** the courier the configuration names, behind the courier port (modules/delivery/port.ts); null: none is set up */
  courier: Courier | null;
  /** drops the catalog's cached answers and pages, in every process of the shop (plugins/app/catalog-cache.ts) */
  catalogChanged(): void;
  /** where product pictures are stored (modules/images/storage.ts) */
  images: ProductImages;
  /** one try of a mail, and the shop a mail comes from (plugins/app/mail.ts) */
  mail: ShopMail;
  log: ShopLog;
  config: Config;
}
