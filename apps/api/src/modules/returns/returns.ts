// Returns and exchanges (PRODUCT section 9, decision 065): the shopper asks for pieces of a delivered order back, the
// shop approves or rejects, receives them (the pieces back in stock, the money back: by the queue through the payment
// provider for a card or wallet order, by hand within 7 days for a cash one) and closes. Every request locks its order's
// row, so two asks for the last piece left to return cannot both be granted; every step of the shop's is audited in its
// own transaction.
import { timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { isShopsFault, returnShare, toEgp, type ReturnedPieces } from '@shop/core/money';
import {
  CASH_REFUND_DAYS, RETURN_MOVES, type Return, type ReturnBody, type ReturnDecision, type ReturnStatus, type RefundMethod,
} from '@shop/core/contract/returns';
import type { Db } from '../../db/client.ts';
import { orders, productSizes, products, returns, type OrderLine, type ReturnLineRow } from '../../db/schema.ts';
import { recordChange, type Actor } from '../audit/audit.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { hashOf } from '../orders/guest.ts';
import { giveBackStock } from '../orders/stock.ts';
import type { Page } from '../paging.ts';
import { readSettings } from '../settings/settings.ts';
import type { ShopContext } from '../shop-context.ts';

const DAY_MS = 24 * 3600 * 1000;

export type ReturnRow = typeof returns.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ReturnsContext = Pick<ShopContext, 'db' | 'jobs' | 'catalogChanged'>;

/** Who asks: the order's customer (signed in), its guest (the order's token), or the shop's staff reading. */
export type Asker = { userId: string } | { guestToken: string } | { staff: true };

/** The returns' task, queued when a card or wallet order's pieces are received (jobs.ts runs it). */
export const RETURN_REFUND_TASK = 'return-refund';

function owns(order: Pick<OrderRow, 'userId' | 'guestTokenHash'>, asker: Asker): boolean {
  if ('staff' in asker) return true;
  if ('userId' in asker) return order.userId === asker.userId;
  if (!order.guestTokenHash) return false;
  const given = Buffer.from(hashOf(asker.guestToken));
  return given.length === order.guestTokenHash.length && timingSafeEqual(given, Buffer.from(order.guestTokenHash));
}

/** The order, for one who may see it: another customer's is 403, a guest's without its token is 404 (no probing). */
async function orderFor(db: Db, orderId: string, asker: Asker, lock: boolean): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(MESSAGES.orderNotFound);
  if (!owns(order, asker)) {
    if ('userId' in asker) throw forbidden(MESSAGES.notYours);
    throw notFound(MESSAGES.orderNotFound);
  }
  return order;
}

/** When the order was delivered: its history's last `delivered`. */
function deliveredAt(order: OrderRow): Date | null {
  const entry = [...order.history].reverse().find((change) => change.status === 'delivered');
  return entry ? new Date(entry.at) : null;
}

/** The order's figures as its refund share needs them (orders stored before the figures were kept: delivery = the rest). */
function paidOrder(order: OrderRow) {
  const lines = order.lines.map((line) => ({ unitPiastres: line.unitPiastres, quantity: line.quantity }));
  const subtotal = lines.reduce((sum, line) => sum + line.unitPiastres * line.quantity, 0);
  const shipping = order.shippingPiastres ?? Math.max(0, order.totalPiastres - subtotal + order.discountPiastres - order.codFeePiastres);
  return { lines, discountPiastres: order.discountPiastres, shippingPiastres: shipping, codFeePiastres: order.codFeePiastres };
}

const piecesOf = (rows: readonly ReturnRow[]): ReturnedPieces[] =>
  rows.flatMap((row) => row.lines.map((line) => ({ line: line.line, quantity: line.quantity, reason: line.reason })));

/** The order's returns that still count (every one not rejected), oldest first. */
async function countedReturns(db: Db, orderId: string): Promise<ReturnRow[]> {
  return db.select().from(returns).where(and(eq(returns.orderId, orderId), ne(returns.status, 'rejected'))).orderBy(asc(returns.createdAt), asc(returns.id));
}

/** Whether a size has `quantity` pieces for an exchange: untracked stock always has. */
async function sizeHas(db: Db, productId: string, size: string, quantity: number): Promise<boolean> {
  const [row] = await db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row !== undefined && (row.stock === null || row.stock >= quantity);
}

/**
 * A shopper's return (POST /api/orders/{id}/returns): checked against every rule under the order's lock, priced by the
 * refund share (decision 065) and written `requested`.
 */
export async function requestReturn(ctx: Pick<ShopContext, 'db' | 'jobs'>, orderId: string, asker: Asker, body: ReturnBody): Promise<Return> {
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const order = await orderFor(tx, orderId, asker, true);
    const delivered = deliveredAt(order);
    if (order.status !== 'delivered' || !delivered) throw conflict(MESSAGES.returnNotDelivered);
    const settings = (await readSettings(tx)).returns!;
    if (body.kind === 'exchange' && !settings.exchanges) throw conflict(MESSAGES.exchangesOff);

    const earlier = await countedReturns(tx, order.id);
    const asked = new Map<number, number>();
    for (const pieces of piecesOf(earlier)) asked.set(pieces.line, (asked.get(pieces.line) ?? 0) + pieces.quantity);
    const productIds = [...new Set(body.lines.map((line) => line.product).filter(isUuid))];
    const found = productIds.length === 0 ? [] : await tx.select({ id: products.id, returnable: products.returnable }).from(products).where(inArray(products.id, productIds));
    const notReturnable = new Set(found.filter((product) => !product.returnable).map((product) => product.id));
    const now = Date.now();

    const lines: ReturnLineRow[] = [];
    for (const wanted of body.lines) {
      const index = order.lines.findIndex((line) => line.product._id === wanted.product && line.size === wanted.size);
      if (index < 0) throw conflict(MESSAGES.returnNotInOrder);
      const line = order.lines[index]!;
      const days = isShopsFault(wanted.reason) ? Math.max(settings.days, settings.defectiveDays) : settings.days;
      if (now > delivered.getTime() + days * DAY_MS) throw conflict(MESSAGES.returnWindowPassed);
      if (notReturnable.has(wanted.product)) throw conflict(MESSAGES.returnNotReturnable);
      const already = asked.get(index) ?? 0;
      if (already + wanted.quantity > line.quantity) throw conflict(MESSAGES.returnTooMany);
      asked.set(index, already + wanted.quantity);
      let exchangeSize: string | undefined;
      if (body.kind === 'exchange') {
        if (!wanted.exchangeSize) throw invalid(MESSAGES.exchangeSizeRequired);
        if (wanted.exchangeSize === wanted.size) throw invalid(MESSAGES.exchangeSizeSame);
        if (!(await sizeHas(tx, wanted.product, wanted.exchangeSize, wanted.quantity))) throw conflict(MESSAGES.exchangeSizeOutOfStock);
        exchangeSize = wanted.exchangeSize;
      }
      lines.push({
        line: index,
        product: line.product._id,
        name: line.product.name,
        ...(line.product.nameAr ? { nameAr: line.product.nameAr } : {}),
        size: line.size,
        quantity: wanted.quantity,
        reason: wanted.reason,
        ...(exchangeSize ? { exchangeSize } : {}),
        refundPiastres: 0,
      });
    }

    // an exchange gives no money back: the new size is the shopper's for the old
    if (body.kind === 'refund') {
      const givenBack = earlier.reduce((sum, row) => sum + row.refundPiastres, 0);
      const share = returnShare(paidOrder(order), piecesOf(earlier), lines, givenBack);
      share.lines.forEach((part, index) => (lines[index]!.refundPiastres = part.piastres));
      // the delivery given back rides on the first line, so the lines' parts sum to the return's refund
      if (lines[0]) lines[0].refundPiastres += share.deliveryPiastres;
    }
    const refundPiastres = lines.reduce((sum, line) => sum + line.refundPiastres, 0);
    const by = 'staff' in asker ? 'staff' : 'userId' in asker ? 'customer' : 'guest';
    const [row] = await tx
      .insert(returns)
      .values({ orderId: order.id, kind: body.kind, lines, note: body.note ?? '', refundPiastres, history: [{ status: 'requested', at: new Date(now).toISOString(), by }] })
      .returning();
    await ctx.jobs.publish(tx, 'return.moved', { returnId: row!.id, orderId: order.id, status: 'requested' });
    return toReturn(row!, order.number, order.wayForPayment);
  });
}

/** An order's returns, oldest first, for one who may see the order. */
export async function returnsOfOrder(db: Db, orderId: string, asker: Asker): Promise<Return[]> {
  const order = await orderFor(db, orderId, asker, false);
  const rows = await db.select().from(returns).where(eq(returns.orderId, order.id)).orderBy(asc(returns.createdAt), asc(returns.id));
  return rows.map((row) => toReturn(row, order.number, order.wayForPayment));
}

const overdueFirst = sql`case when ${returns.refundStatus} = 'due' and ${returns.refundDueAt} < now() then 0 else 1 end`;

/** The dashboard's list: the overdue cash refunds first (the most overdue first), then oldest first; by status. */
export async function listReturns(db: Db, page: Page, status?: ReturnStatus): Promise<{ returns: Return[]; total: number }> {
  const where: SQL | undefined = status ? eq(returns.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: returns, orderNumber: orders.number, way: orders.wayForPayment })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(overdueFirst, asc(sql`case when ${returns.refundStatus} = 'due' then ${returns.refundDueAt} end`), asc(returns.createdAt), asc(returns.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(returns).where(where),
  ]);
  return { returns: rows.map(({ row, orderNumber, way }) => toReturn(row, orderNumber, way)), total: total?.total ?? 0 };
}

/** A return locked for a step, with its order (locked too: the order's pieces and money move with it). */
async function lockedReturn(tx: Db, returnId: string): Promise<{ row: ReturnRow; order: OrderRow }> {
  if (!isUuid(returnId)) throw notFound(MESSAGES.returnNotFound);
  const [row] = await tx.select().from(returns).where(eq(returns.id, returnId));
  if (!row) throw notFound(MESSAGES.returnNotFound);
  // the order first, as a shopper's request locks it, then the return: no two steps wait on each other in a circle
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
  const [locked] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
  return { row: locked!, order: order! };
}

/** Holds an exchange's new sizes: one conditional UPDATE per line, refused whole when one has too few left. */
async function holdExchange(tx: Db, lines: readonly ReturnLineRow[]): Promise<ReturnLineRow[]> {
  const held: ReturnLineRow[] = [];
  for (const line of [...lines].sort((a, b) => a.product.localeCompare(b.product) || (a.exchangeSize ?? '').localeCompare(b.exchangeSize ?? ''))) {
    if (!line.exchangeSize) {
      held.push(line);
      continue;
    }
    const [size] = await tx
      .select({ stock: productSizes.stock })
      .from(productSizes)
      .where(and(eq(productSizes.productId, line.product), eq(productSizes.size, line.exchangeSize)))
      .for('update');
    if (!size) throw conflict(MESSAGES.exchangeSizeOutOfStock);
    if (size.stock === null) {
      held.push({ ...line, exchangeHeld: false });
      continue;
    }
    if (size.stock < line.quantity) throw conflict(MESSAGES.exchangeSizeOutOfStock);
    await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
      .where(and(eq(productSizes.productId, line.product), eq(productSizes.size, line.exchangeSize)));
    held.push({ ...line, exchangeHeld: true });
  }
  return lines.map((line) => held.find((each) => each.line === line.line && each.exchangeSize === line.exchangeSize) ?? line);
}

/** The returned pieces as order lines to give back: only those the order took from tracked stock. */
function piecesBack(order: OrderRow, lines: readonly ReturnLineRow[]): OrderLine[] {
  return lines.flatMap((line) => {
    const ordered = order.lines[line.line];
    return ordered ? [{ ...ordered, quantity: line.quantity }] : [];
  });
}

const STEP_MESSAGES = {
  approved: MESSAGES.returnApproved,
  rejected: MESSAGES.returnRejected,
  received: MESSAGES.returnReceived,
  closed: MESSAGES.returnClosed,
} as const;

/**
 * A step of the shop's (PUT /api/returns/{id}): along RETURN_MOVES, else 409. Approving an exchange holds its new sizes;
 * receiving puts the pieces back (unless `restock: false`) and starts the money back; closing waits for a cash refund
 * to be recorded. Audited in the step's transaction.
 */
export async function decideReturn(ctx: ReturnsContext, returnId: string, decision: ReturnDecision, actor: Actor): Promise<{ answer: Return; message: string }> {
  let stockChanged = false;
  const answer = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { row, order } = await lockedReturn(tx, returnId);
    const to = decision.status;
    if (!RETURN_MOVES[row.status].includes(to)) throw conflict(MESSAGES.returnStepRefused);
    const now = new Date();
    const change: Partial<typeof returns.$inferInsert> = { status: to };
    if (to === 'approved' && row.kind === 'exchange') {
      change.lines = await holdExchange(tx, row.lines);
      stockChanged = true;
    }
    if (to === 'received') {
      const restock = decision.restock ?? true;
      change.restocked = restock;
      change.receivedAt = now;
      if (restock) {
        const given = await giveBackStock(tx, piecesBack(order, row.lines));
        if (given.back.length > 0) await ctx.jobs.publish(tx, 'stock.back', { sizes: given.back });
        stockChanged = true;
      }
      if (row.kind === 'refund' && row.refundPiastres > 0) {
        if (order.wayForPayment === 'cash') {
          change.refundStatus = 'due';
          change.refundDueAt = new Date(now.getTime() + CASH_REFUND_DAYS * DAY_MS);
        } else {
          change.refundStatus = 'pending';
          await ctx.jobs.add(tx, RETURN_REFUND_TASK, { returnId: row.id }, { key: `${RETURN_REFUND_TASK}:${row.id}` });
        }
      }
    }
    if (to === 'closed' && row.refundStatus === 'due') throw conflict(MESSAGES.refundFirst);
    const history = [...row.history, { status: to, at: now.toISOString(), by: actor.username, ...(decision.note ? { note: decision.note } : {}) }];
    const [updated] = await tx.update(returns).set({ ...change, history }).where(eq(returns.id, row.id)).returning();
    await recordChange(tx, actor, {
      entity: 'order',
      entityId: order.id,
      action: `return-${to}`,
      before: { return: row.number, status: row.status },
      after: { return: row.number, status: to, ...(decision.note ? { note: decision.note } : {}), ...(change.restocked === undefined ? {} : { restocked: change.restocked }) },
    });
    await ctx.jobs.publish(tx, 'return.moved', { returnId: row.id, orderId: order.id, status: to });
    return toReturn(updated!, order.number, order.wayForPayment);
  });
  if (stockChanged) ctx.catalogChanged();
  return { answer, message: STEP_MESSAGES[decision.status] };
}

/** A received cash order's refund, paid by hand (PUT /api/returns/{id}/refund): recorded once, audited. */
export async function recordCashRefund(ctx: Pick<ShopContext, 'db' | 'jobs'>, returnId: string, paid: { method: RefundMethod; reference: string }, actor: Actor): Promise<Return> {
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { row, order } = await lockedReturn(tx, returnId);
    if (row.refundStatus === 'refunded') throw conflict(MESSAGES.refundAlreadyRecorded);
    if (row.refundStatus !== 'due') throw conflict(MESSAGES.refundNotDue);
    const [updated] = await tx
      .update(returns)
      .set({ refundStatus: 'refunded', refundMethod: paid.method, refundReference: paid.reference, refundedAt: new Date() })
      .where(eq(returns.id, row.id))
      .returning();
    await recordChange(tx, actor, {
      entity: 'order',
      entityId: order.id,
      action: 'return-refund',
      before: { return: row.number, refund: 'due' },
      after: { return: row.number, refund: 'refunded', amount: toEgp(row.refundPiastres), method: paid.method, reference: paid.reference },
    });
    await ctx.jobs.publish(tx, 'return.moved', { returnId: row.id, orderId: order.id, status: 'refunded' });
    return toReturn(updated!, order.number, order.wayForPayment);
  });
}

/** The return a refund job gives back for, with its order's payment (null: nothing left to do). */
export async function refundOwed(db: Db, returnId: string): Promise<{ row: ReturnRow; paymentId: string } | null> {
  const [found] = await db
    .select({ row: returns, paymentId: orders.paymentIntentId })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(eq(returns.id, returnId));
  if (!found || found.row.refundStatus !== 'pending') return null;
  if (!found.paymentId) throw new Error(`return ${found.row.number}: its order has no payment to refund`);
  return { row: found.row, paymentId: found.paymentId };
}

/** One try of a return's refund recorded: refunded, or counted for the queue's next try. */
export async function recordReturnRefundTry(db: Db, returnId: string, refunded: boolean): Promise<{ orderId: string } | null> {
  const [row] = await db
    .update(returns)
    .set({ refundAttempts: sql`${returns.refundAttempts} + 1`, ...(refunded ? { refundStatus: 'refunded' as const, refundedAt: new Date() } : {}) })
    .where(and(eq(returns.id, returnId), eq(returns.refundStatus, 'pending')))
    .returning({ orderId: returns.orderId });
  return row ?? null;
}

export function toReturn(row: ReturnRow, orderNumber: number, way: OrderRow['wayForPayment']): Return {
  const dueAt = row.refundDueAt;
  return {
    _id: row.id,
    number: row.number,
    order: row.orderId,
    orderNumber,
    kind: row.kind,
    status: row.status,
    lines: row.lines.map((line) => ({
      product: line.product,
      name: line.name,
      ...(line.nameAr ? { nameAr: line.nameAr } : {}),
      size: line.size,
      quantity: line.quantity,
      reason: line.reason,
      ...(line.exchangeSize ? { exchangeSize: line.exchangeSize } : {}),
      refund: toEgp(line.refundPiastres),
    })),
    note: row.note,
    refund: {
      amount: toEgp(row.refundPiastres),
      status: row.refundStatus,
      way: way === 'cash' ? 'by-hand' : 'provider',
      dueAt: dueAt ? dueAt.toISOString() : null,
      overdue: row.refundStatus === 'due' && dueAt !== null && dueAt.getTime() < Date.now(),
      method: row.refundMethod,
      reference: row.refundReference,
      at: row.refundedAt ? row.refundedAt.toISOString() : null,
    },
    restocked: row.restocked,
    history: row.history,
    createdAt: row.createdAt.toISOString(),
  };
}

