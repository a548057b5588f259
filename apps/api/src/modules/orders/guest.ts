// Guest checkout (PRODUCT section 8, decision 038): an order from the lines of a cart kept in the browser, paid in cash
// on delivery, read back with a token. The token is derived from the order's id with the server's secret, so the
// order's mails can carry its link without keeping it anywhere; the order keeps only its SHA-256.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { GuestOrderBody, Order } from '@shop/core/contract/orders';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import { createUser } from '../accounts/users.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { OrderContext } from './context.ts';
import { findOrder } from './orders.ts';
import { writeOrder } from './place-order.ts';
import { emailKey } from '@shop/core/email-key';
import { joined } from './holds.ts';
import { linesOf } from './pricing.ts';

/** The token of a guest's order: an HMAC of its id, URL-safe. */
export function guestTokenOf(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`guest-order:${orderId}`).digest('base64url');
}

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Places a guest's order in one transaction, as a customer's is (stock, delivery, code, total), and answers it with
 * its token, which is shown once and mailed as a link. Cash only: a card payment is bound to an account. Its lines are
 * capped, and what its address and mailbox hold unpaid bounded (holds.ts, decision 051).
 */
export async function placeGuestOrder(
  ctx: Pick<OrderContext, 'db' | 'jobs' | 'catalogChanged'>,
  secret: string,
  body: GuestOrderBody,
  lang: 'en' | 'ar',
  from: { clientIp: string; maxPieces: number },
): Promise<{ order: Order; guestToken: string }> {
  if (body.wayForPayment !== 'cash') throw invalid(MESSAGES.guestPaysCash);
  const lines = joined(body.lines, 'guest');
  const id = randomUUID();
  const guestToken = guestTokenOf(secret, id);
  const { order, stockTaken } = await ctx.db.transaction(async (tx) => {
    const { rows, missing } = await linesOf(tx as unknown as Db, lines);
    if (missing.length > 0) throw conflict(MESSAGES.cartChanged);
    return writeOrder(ctx.jobs, tx as unknown as Db, {
      id,
      rows,
      billing: body,
      way: 'cash',
      code: body.couponCode ? { value: body.couponCode, kept: false } : null,
      buyer: { userId: null, email: body.email },
      clientTotal: body.totalPrice,
      lang,
      guestTokenHash: hashOf(guestToken),
      holder: { ...from, emailKey: emailKey(body.email) },
    });
  });
  if (stockTaken) ctx.catalogChanged();
  return { order, guestToken };
}

/** The guest's order with its token; any other token, or an order that has none, is 404 (no probing). */
export async function readGuestOrder(db: Db, orderId: string, token: string): Promise<Order> {
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  const [row] = await db.select({ hash: orders.guestTokenHash }).from(orders).where(eq(orders.id, orderId));
  const given = Buffer.from(hashOf(token));
  if (!row?.hash || given.length !== row.hash.length || !timingSafeEqual(given, Buffer.from(row.hash))) throw notFound(MESSAGES.orderNotFound);
  return (await findOrder(db, orderId)).order;
}

/** A username from the order's names, made unique with a number when taken ("Mona Ali", "Mona Ali 2"). */
async function freeUsername(db: Db, order: Order): Promise<string> {
  const base = `${order.firstName} ${order.secondName}`.replace(/[\s/?#%\\\p{Cf}]+/gu, ' ').trim().slice(0, 34) || 'Customer';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base} ${n}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, candidate.toLowerCase()));
    if (!taken) return candidate;
  }
}

/**
 * Makes an account from a guest's order (its token, a password): the order's email and names, and the order becomes
 * the account's. 409 when the order has an account already or the email is registered (the shopper logs in instead).
 */
export async function claimGuestOrder(db: Db, orderId: string, token: string, password: string) {
  const order = await readGuestOrder(db, orderId, token);
  if (order.user) throw conflict(MESSAGES.guestOrderOwned);
  return db.transaction(async (tx) => {
    const user = await createUser(tx as unknown as Db, { username: await freeUsername(tx as unknown as Db, order), email: order.email, password });
    const claimed = await tx
      .update(orders)
      .set({ userId: user.id })
      .where(and(eq(orders.id, orderId), isNull(orders.userId)))
      .returning({ id: orders.id });
    if (claimed.length === 0) throw conflict(MESSAGES.guestOrderOwned);
    return user;
  });
}
