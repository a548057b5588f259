// An order's mail as a job (decision 026): the workflow that made the news queues it in its own transaction (placing,
// a move, a refund's outcome), and the job builds the message when it runs, from the order as it is then. A job that
// runs twice (its worker died after sending) writes the same outbox file and the same Message-ID: the shopper's
// mail program shows it once.
import { eq } from 'drizzle-orm';
import type { Order } from '@shop/core/contract/orders';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import type { JobQueue, QueuedJob } from '../jobs/queue.ts';
import { toOrder } from '../wire.ts';
import type { MailMessage } from './mailer.ts';
import { orderPlacedMail, orderStatusMail, type Mail, type MailLanguage, type MailShop, type OrderMailStatus } from './templates.ts';

export type OrderMailEvent = 'placed' | OrderMailStatus;

export interface OrderMailJob {
  orderId: string;
  event: OrderMailEvent;
  /** a cancel's refund, as its first try left it: the money is back on the card, or on its way */
  refund?: { amount: number; pending: boolean };
  /** when the news was made: names the message (its outbox file, its Message-ID) */
  queuedAt: string;
  /** the try this job makes: after a failed one, the next is a job of its own, due after MAIL_RETRY_DELAYS */
  attempt?: number;
}

/** An order's mail as a job: one per order and event. */
export function orderMail(orderId: string, event: OrderMailEvent, refund?: OrderMailJob['refund']): QueuedJob<OrderMailJob> {
  return { payload: { orderId, event, ...(refund ? { refund } : {}), queuedAt: new Date().toISOString() }, key: `order-mail:${orderId}:${event}` };
}

/** Queues an order's mail in the caller's transaction. */
export async function queueOrderMail(queue: JobQueue, tx: Db, orderId: string, event: OrderMailEvent, refund?: OrderMailJob['refund']): Promise<void> {
  const { payload, ...options } = orderMail(orderId, event, refund);
  await queue.add(tx, 'order-mail', payload, options);
}

/**
 * Who an order's mail goes to, read when the mail is built. The account's own address, never the billing email the
 * order carries: that one is typed by whoever placed the order (issue 25). An order without an account (a guest
 * checkout, PRODUCT section 8) goes to the address it was given, with its token's link. The order's page is under its
 * owner's username; its mails are in the language the shopper checked out in (orders.lang, decision 018).
 */
export async function orderMailRecipient(db: Db, orderId: string): Promise<{ to: string; order: Order; lang: MailLanguage; guest: boolean } | null> {
  const [row] = await db
    .select({ order: orders, accountEmail: users.email, username: users.username })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const order = toOrder(row.order, row.username ?? undefined);
  return { to: row.accountEmail ?? order.email, order, lang: row.order.lang, guest: row.order.userId === null && row.order.guestTokenHash !== null };
}

/**
 * The message a job sends, built from the order now; null when the order is gone (its account was deleted since).
 * `shopFor` answers the shop in the mail's language, and the sender to write on it (none: MAIL_FROM's).
 */
export async function orderMailMessage(
  db: Db,
  job: OrderMailJob,
  shopFor: (lang: MailLanguage) => Promise<{ shop: MailShop; from?: Mail['from'] }>,
  guestTokenOf?: (orderId: string) => string,
  confirmLinkOf?: (orderId: string) => string,
  withShipment?: (order: Order) => Promise<Order>,
): Promise<MailMessage | null> {
  const recipient = await orderMailRecipient(db, job.orderId);
  if (!recipient) return null;
  // a shipped order's mail says who carries it and links the courier's tracking page (PRODUCT section 9)
  if (withShipment && job.event === 'shipped') recipient.order = await withShipment(recipient.order);
  const { shop, from } = await shopFor(recipient.lang);
  // a guest's order is read with its token: the mail carries the link with it (modules/orders/guest.ts)
  const token = recipient.guest ? guestTokenOf?.(job.orderId) : undefined;
  const mail =
    job.event === 'placed'
      ? orderPlacedMail(recipient.order, shop, recipient.lang, token, recipient.order.confirmation?.status === 'pending' ? confirmLinkOf?.(job.orderId) : undefined)
      : orderStatusMail(recipient.order, { status: job.event, refund: job.refund?.amount, refundPending: job.refund?.pending }, shop, recipient.lang, token);
  const id = `${job.queuedAt.replace(/[:.]/g, '-')}-order-${job.orderId}-${job.event}`;
  return { ...mail, to: recipient.to, ...(from ? { from } : {}), id };
}
