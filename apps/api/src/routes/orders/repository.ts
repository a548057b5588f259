import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_MAX } from '@shop/core/constants';
import { MESSAGES, onlyLeft } from '@shop/core/messages';
import { priceCart, totalsAgree, type CartLine } from '@shop/core/money';
import type { OrderStatus } from '@shop/core/order-status';
import type { NewOrderBody, Order } from '@shop/core/schemas';
import type { Db } from '../../db/client.ts';
import { cartItems, idempotencyKeys, orders, payments, productColumns, products, productSizes, users, type OrderLine } from '../../db/schema.ts';
import { conflict, invalid, notFound, paymentRequired } from '../../modules/errors.ts';
import { isUuid } from '../../modules/ids.ts';
import { fromNearerEnd, type Page } from '../../modules/paging.ts';
import { toOrder, toProductSnapshot } from '../../modules/wire.ts';
import { cartRows } from '../../modules/cart/cart.ts';

export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was already used for a different order',
  inProgress: 'This order is already being placed',
} as const;

export const PAYMENT_MESSAGES = {
  missing: 'Please pay by card before placing the order',
  notFound: 'We could not find your card payment, please pay again',
  notPaid: 'Your card payment has not been completed',
  amountMismatch: 'The amount paid does not match your cart, please pay again',
  used: 'This payment has already been used for an order',
} as const;

type CartRow = Awaited<ReturnType<typeof cartRows>>[number];
const cartRowLine = ({ item, product }: CartRow): CartLine => ({
  pricePiastres: product.pricePiastres,
  discountPercent: product.discountPercent,
  quantity: item.quantity,
});

/**
 * Places the order from the caller's cart, in one transaction: prices come from the database, the client's
 * lists and total must agree with them, a card order needs a verified unused payment of exactly this amount,
 * and the cart is emptied with the same commit.
 */
export async function placeOrder(
  db: Db,
  userId: string,
  body: NewOrderBody,
  idempotency?: { key: string; requestHash: string },
  lang: 'en' | 'ar' = 'en',
) {
  if (body.productId.length !== body.quantaties.length) throw invalid('productId and quantaties must have the same length');
  return db.transaction(async (tx): Promise<{ order: Order; replayed: boolean; stockTaken: boolean }> => {
    if (idempotency) {
      // A second request with the same key waits here on the first one's row, then answers what it answered.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key: idempotency.key, requestHash: idempotency.requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) {
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotency.key)));
        if (!first || first.requestHash !== idempotency.requestHash) throw conflict(IDEMPOTENCY_MESSAGES.reused);
        if (!first.responseBody) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
        return { order: first.responseBody, replayed: true, stockTaken: false };
      }
    }
    // The cart is taken (deleted) as it is read, in one statement: its rows stay locked until the commit, so a second
    // checkout by the same customer waits here and then finds the cart empty; a failure below rolls it back.
    const cart = await takeCart(tx as unknown as Db, userId);
    if (cart.length === 0) throw conflict(MESSAGES.cartEmpty);

    // SPEC's body lists products and quantities, not sizes: a product in two sizes (two lines) is asked for in total.
    const asked = new Map<string, number>();
    body.productId.forEach((id, index) => asked.set(id, (asked.get(id) ?? 0) + body.quantaties[index]!));
    const inCart = new Map<string, number>();
    for (const { item } of cart) inCart.set(item.productId, (inCart.get(item.productId) ?? 0) + item.quantity);
    const changed = inCart.size !== asked.size || [...inCart].some(([productId, quantity]) => asked.get(productId) !== quantity);
    if (changed) throw conflict(MESSAGES.cartChanged);

    const { taken, lowStock: stockTaken } = await takeStock(tx as unknown as Db, cart);

    const priced = priceCart(cart, cartRowLine);
    const lines: OrderLine[] = priced.lines.map(({ item, quantity, unitPiastres }) => ({
      product: toProductSnapshot(item.product),
      size: item.item.size,
      quantity,
      unitPiastres,
      stockTaken: taken.has(sizeKey(item.item.productId, item.item.size)),
    }));
    const total = priced.totalPiastres;
    if (!totalsAgree(body.totalPrice, total, priced.quantity)) throw conflict(MESSAGES.pricesChanged);

    let paymentIntentId: string | null = null;
    if (body.wayForPayment === 'credit') {
      if (!body.paymentIntentId) throw paymentRequired(PAYMENT_MESSAGES.missing);
      const [payment] = await tx.select().from(payments).where(eq(payments.id, body.paymentIntentId)).for('update');
      if (!payment || payment.userId !== userId) throw paymentRequired(PAYMENT_MESSAGES.notFound);
      if (payment.status !== 'succeeded') throw paymentRequired(PAYMENT_MESSAGES.notPaid);
      const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, payment.id));
      if (used) throw conflict(PAYMENT_MESSAGES.used);
      if (payment.amountPiastres !== total) throw conflict(PAYMENT_MESSAGES.amountMismatch);
      paymentIntentId = payment.id;
    }

    const placedAt = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        id: randomUUID(),
        userId,
        createdAt: placedAt,
        status: 'accepted',
        history: [{ status: 'accepted', at: placedAt.toISOString() }],
        firstName: body.firstName,
        secondName: body.secondName,
        email: body.email,
        phoneNumber: body.phoneNumber,
        governorate: body.Governorate,
        city: body.city,
        address: body.address,
        wayForPayment: body.wayForPayment,
        totalPiastres: total,
        lines,
        paymentIntentId,
        lang,
      })
      .returning();
    const answer = toOrder(order!);
    if (idempotency) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, responseBody: answer })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotency.key)));
    }
    return { order: answer, replayed: false, stockTaken };
  });
}

const sizeKey = (productId: string, size: string) => `${productId} ${size}`;

/**
 * Takes each tracked line's quantity from its size's stock, inside the order's transaction: one conditional UPDATE per
 * line (`stock >= q`), so two checkouts for the last pieces cannot both succeed, and the CHECK keeps stock from going
 * below zero. Sizes are locked in (product, size) order, the order every writer of stock locks them in (the admin's
 * save, db/sizes.ts; a cancel, giveBackStock), so no two of them wait on each other in a circle. Sizes whose stock is
 * not tracked are not written (no row lock, no contention). Answers the sizes it took from (`taken`: a cancel gives
 * back only those) and whether a shopper would see the change (`lowStock`): a size now at LOW_STOCK_MAX or fewer
 * ("Only N left", sold out). Counts above that may show a little stale in cached catalog answers (decision 010):
 * flushing the catalog cache on every order would cost every catalog read.
 */
async function takeStock(db: Db, cart: CartRow[]): Promise<{ taken: Set<string>; lowStock: boolean }> {
  const tracked = cart
    .filter((row) => row.stock !== null)
    .sort((a, b) => a.item.productId.localeCompare(b.item.productId) || a.item.size.localeCompare(b.item.size));
  if (tracked.length === 0) return { taken: new Set(), lowStock: false };
  // One statement for every line: the sizes are locked in (product, size) order first, then each is taken only where
  // enough is left.
  const wanted = sql.join(tracked.map(({ item }) => sql`(${item.productId}::uuid, ${item.size}::text, ${item.quantity}::int)`), sql`, `);
  const taken = await db.execute<{ product_id: string; size: string; stock: number }>(sql`
    with wanted (product_id, size, quantity) as (values ${wanted}),
    locked as (
      select ps.product_id, ps.size from ${productSizes} ps join wanted w on w.product_id = ps.product_id and w.size = ps.size
      order by ps.product_id, ps.size for update of ps
    )
    update ${productSizes} ps set stock = ps.stock - w.quantity
    from wanted w join locked l on l.product_id = w.product_id and l.size = w.size
    where ps.product_id = w.product_id and ps.size = w.size and ps.stock >= w.quantity
    returning ps.product_id, ps.size, ps.stock`);
  const rows = rowsOf<{ product_id: string; size: string; stock: number }>(taken);
  if (rows.length < tracked.length) {
    for (const { item } of tracked) {
      if (rows.some((row) => row.product_id === item.productId && row.size === item.size)) continue;
      const [now] = await db
        .select({ stock: productSizes.stock })
        .from(productSizes)
        .where(and(eq(productSizes.productId, item.productId), eq(productSizes.size, item.size)));
      // The admin stopped tracking it since the cart was read: nothing to take.
      if (now && now.stock === null) continue;
      throw conflict(onlyLeft(now?.stock ?? 0, item.size));
    }
  }
  return { taken: new Set(rows.map((row) => sizeKey(row.product_id, row.size))), lowStock: rows.some((row) => row.stock <= LOW_STOCK_MAX) };
}

/** The rows of db.execute, which node-postgres answers as a result object and PGlite as one too (`rows`). */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

/** Deletes the caller's cart and answers its lines, with their products and each size's stock, oldest line first. */
async function takeCart(db: Db, userId: string): Promise<CartRow[]> {
  const taken = db.$with('taken').as(db.delete(cartItems).where(eq(cartItems.userId, userId)).returning());
  return db
    .with(taken)
    .select({
      item: {
        id: taken.id, userId: taken.userId, productId: taken.productId, size: taken.size, quantity: taken.quantity, createdAt: taken.createdAt,
      },
      product: productColumns,
      stock: productSizes.stock,
    })
    .from(taken)
    .innerJoin(products, eq(products.id, taken.productId))
    .innerJoin(productSizes, and(eq(productSizes.productId, taken.productId), eq(productSizes.size, taken.size)))
    .orderBy(asc(taken.createdAt), asc(taken.id));
}

/**
 * Gives back the pieces an order took (its lines with `stockTaken`) to their sizes, those still there and tracked;
 * answers whether a shopper would see it. A line without `stockTaken` gives nothing: either its size was not tracked
 * when it was ordered, or it was stored before orders recorded it, and then nothing says the pieces were taken
 * (decision 011). The sizes are locked in (product, size) order, as the checkout locks them.
 */
export async function giveBackStock(db: Db, lines: readonly OrderLine[]): Promise<boolean> {
  const given = new Map<string, { productId: string; size: string; quantity: number }>();
  for (const line of lines) {
    if (line.stockTaken !== true) continue;
    const key = sizeKey(line.product._id, line.size);
    const entry = given.get(key) ?? { productId: line.product._id, size: line.size, quantity: 0 };
    given.set(key, { ...entry, quantity: entry.quantity + line.quantity });
  }
  if (given.size === 0) return false;
  const back = sql.join([...given.values()].map(({ productId, size, quantity }) => sql`(${productId}::uuid, ${size}::text, ${quantity}::int)`), sql`, `);
  const result = await db.execute<{ stock: number; quantity: number }>(sql`
    with back (product_id, size, quantity) as (values ${back}),
    locked as (
      select ps.product_id, ps.size from ${productSizes} ps join back b on b.product_id = ps.product_id and b.size = ps.size
      where ps.stock is not null
      order by ps.product_id, ps.size for update of ps
    )
    update ${productSizes} ps set stock = ps.stock + b.quantity
    from back b join locked l on l.product_id = b.product_id and l.size = b.size
    where ps.product_id = b.product_id and ps.size = b.size and ps.stock is not null
    returning ps.stock, b.quantity`);
  return rowsOf<{ stock: number; quantity: number }>(result).some((row) => row.stock - row.quantity <= LOW_STOCK_MAX);
}

// The indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST), drizzle-kit's spelling of .desc(). ORDER BY must say
// the same, or PostgreSQL sorts every order for each page instead of reading the index in order (the columns are NOT NULL).
const newestFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];
const oldestFirst = [sql`${orders.createdAt} asc nulls first`, sql`${orders.id} asc nulls first`];

/** Past this offset the count is taken first, so a page beyond the middle can be read from the other end. */
const DEEP_OFFSET = 1000;

export async function ordersOf(db: Db, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(...newestFirst);
  return rows.map((row) => toOrder(row));
}

export async function findOrder(db: Db, orderId: string) {
  const [row] = isUuid(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!row) throw notFound(MESSAGES.orderNotFound);
  return row;
}

/** Every order, or those in one status (read from the (status, created_at) index), a page at a time. */
export async function listAllOrders(db: Db, page: Page, status?: OrderStatus) {
  const inStatus = status ? eq(orders.status, status) : undefined;
  const countAll = async () => (await db.select({ value: count() }).from(orders).where(inStatus))[0]?.value ?? 0;
  const rows = (order: SQL[], limit: number, offset: number) =>
    db
      .select({ order: orders, username: users.username })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(inStatus)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const answer = (found: Awaited<ReturnType<typeof rows>>, total: number) => ({
    orders: found.map((row) => toOrder(row.order, row.username)),
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

/** What the caller's cart costs now, shipping included, in piastres: the amount a card is charged. */
export async function cartAmount(db: Db, userId: string): Promise<number> {
  const cart = await cartRows(db, userId);
  if (cart.length === 0) throw conflict(MESSAGES.cartEmpty);
  return priceCart(cart, cartRowLine).totalPiastres;
}
