// The orders' reads: a customer's own, one by id, the admin's list a page at a time.
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { toEgp, type CartLine } from '@shop/core/money';
import type { OrderStatus } from '@shop/core/order-status';
import type { ConfirmationStatus, Order } from '@shop/core/contract/orders';
import { readOrderNumber } from '@shop/core/order-number';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { orders, payments, users } from '../../db/schema.ts';
import type { CartRow } from '../cart/cart.ts';
import { invalid, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { fromNearerEnd, type Page } from '../paging.ts';
import { toOrder } from '../wire.ts';

/** A cart line as the money rules price it. */
export const cartRowLine = ({ item, product }: CartRow): CartLine => ({
  pricePiastres: product.pricePiastres,
  discountPercent: product.discountPercent,
  quantity: item.quantity,
});

// The indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST), drizzle-kit's spelling of .desc(). ORDER BY must say
// the same, or PostgreSQL sorts every order for each page instead of reading the index in order (the columns are NOT NULL).
const newestFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];
const oldestFirst = [sql`${orders.createdAt} asc nulls first`, sql`${orders.id} asc nulls first`];

/** Past this offset the count is taken first, so a page beyond the middle can be read from the other end. */
const DEEP_OFFSET = 1000;

/** The card payment read with an order: a canceled order's refund is how its payment stands (decision 026). */
const paymentColumns = { status: payments.status, amountPiastres: payments.amountPiastres };

/** A refund as the wire says it: back on the card (`refunded`), or on its way while the queue tries again. */
function refundOf(payment: { status: string; amountPiastres: number } | null): Order['refund'] {
  if (payment?.status === 'refunded') return { amount: toEgp(payment.amountPiastres), status: 'refunded' };
  if (payment?.status === 'refunding') return { amount: toEgp(payment.amountPiastres), status: 'pending' };
  return undefined;
}

export async function ordersOf(db: Db, userId: string) {
  const rows = await db
    .select({ order: orders, payment: paymentColumns })
    .from(orders)
    .leftJoin(payments, eq(payments.id, orders.paymentIntentId))
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst);
  return rows.map((row) => toOrder(row.order, undefined, refundOf(row.payment)));
}

/** One order, with its refund and its customer's username: its owner's id for the caller's check, and the wire object. */
export async function findOrder(db: Db, orderId: string): Promise<{ userId: string | null; order: Order }> {
  const [row] = isUuid(orderId)
    ? await db
        .select({ order: orders, username: users.username, payment: paymentColumns })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(payments, eq(payments.id, orders.paymentIntentId))
        .where(eq(orders.id, orderId))
    : [];
  if (!row) throw notFound(MESSAGES.orderNotFound);
  return { userId: row.order.userId, order: toOrder(row.order, row.username ?? undefined, refundOf(row.payment)) };
}

/**
 * Every order, or those in one status (read from the (status, created_at) index), a page at a time; with `search`, the
 * one whose number it names (its unique index), as a shopper quotes it: "1001", "#1001", "١٠٠١".
 */
export async function listAllOrders(db: Db, page: Page, status?: OrderStatus, search?: string, confirmation?: ConfirmationStatus) {
  if (confirmation) return listByConfirmation(db, page, confirmation, status);
  const number = search === undefined ? null : readOrderNumber(search);
  if (search !== undefined && number === null) throw invalid(MESSAGES.orderSearchNotNumber);
  const inStatus = and(status ? eq(orders.status, status) : undefined, number === null ? undefined : eq(orders.number, number));
  const countAll = async () => (await db.select({ value: count() }).from(orders).where(inStatus))[0]?.value ?? 0;
  const rows = (order: SQL[], limit: number, offset: number) =>
    db
      .select({ order: orders, username: users.username, payment: paymentColumns })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(payments, eq(payments.id, orders.paymentIntentId))
      .where(inStatus)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const answer = (found: Awaited<ReturnType<typeof rows>>, total: number) => ({
    orders: found.map((row) => toOrder(row.order, row.username ?? undefined, refundOf(row.payment))),
    total,
  });
  if (page.offset < DEEP_OFFSET) {
    const [found, total] = await Promise.all([rows(newestFirst, page.limit, page.offset), countAll()]);
    return answer(found, total);
  }
  // The admin's "oldest first" asks for the last pages: they are read from the old end of the index.
  const total = await countAll();
  const slice = fromNearerEnd(page, total);
  if (!slice) return answer([], total);
  return answer(slice.reversed ? (await rows(oldestFirst, slice.limit, slice.offset)).reverse() : await rows(newestFirst, slice.limit, slice.offset), total);
}

/**
 * The orders whose confirmation is in `confirmation` (PRODUCT section 9), oldest first: `pending` is the confirmation
 * queue, placed orders still waiting for their answer (read from the partial index orders_confirmation_pending_idx).
 */
async function listByConfirmation(db: Db, page: Page, confirmation: ConfirmationStatus, status?: OrderStatus) {
  const inStatus = confirmation === 'pending' ? 'accepted' : status;
  const where = and(eq(orders.confirmationStatus, confirmation), inStatus ? eq(orders.status, inStatus) : undefined);
  const [found, [counted]] = await Promise.all([
    db
      .select({ order: orders, username: users.username })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(orders.createdAt, orders.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { orders: found.map((row) => toOrder(row.order, row.username ?? undefined)), total: counted?.value ?? 0 };
}

/** The numbers of these orders (ids that are no order's are left out): what a list that names orders by id shows. */
export async function orderNumbers(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(orderIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** A number taken from the orders' sequence ahead of the order's row, for what names the order before it is written. */
export async function takeOrderNumber(db: Db): Promise<number> {
  const [row] = await queryRows<{ number: string | number }>(db, sql`select nextval(pg_get_serial_sequence('orders', 'number')) as number`);
  return Number(row!.number);
}
