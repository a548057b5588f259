import { eq } from 'drizzle-orm';
import type { Order } from '@shop/core/schemas';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import type { MailLanguage } from './templates.ts';

/**
 * Who an order's mail goes to, read when the mail is built. The account's own address, never the billing email the
 * order carries: that one is typed by whoever placed the order (issue 25). An order without an account (a guest
 * checkout, PRODUCT section 8, not built yet) would go to the address it was given. The order's page is under its
 * owner's username, which the order itself may not carry; its mails are in the language the shopper checked out in
 * (orders.lang, decision 018).
 */
export async function orderMailRecipient(db: Db, order: Order): Promise<{ to: string; order: Order; lang: MailLanguage }> {
  const [row] = await db
    .select({ accountEmail: users.email, username: users.username, lang: orders.lang })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, order._id));
  if (!row) throw new Error(`order ${order._id} not found`);
  const username = order.username ?? row.username;
  return { to: row.accountEmail ?? order.email, order: username ? { ...order, username } : order, lang: row.lang };
}
