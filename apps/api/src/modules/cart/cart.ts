import { and, asc, eq, sql } from 'drizzle-orm';
import { ONE_SIZE, QUANTITY_MAX } from '@shop/core/constants';
import { MESSAGES, onlyLeft, sizeNotOffered } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { cartCoupons, cartItems, productColumns, productSizes, products } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { toCartItem } from '../wire.ts';

/** The caller's cart lines with their products and the stock left in each line's size (null: not tracked). */
export async function cartRows(db: Db, userId: string) {
  return db
    .select({ item: cartItems, product: productColumns, stock: productSizes.stock })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productSizes, and(eq(productSizes.productId, cartItems.productId), eq(productSizes.size, cartItems.size)))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export type CartRow = Awaited<ReturnType<typeof cartRows>>[number];

/** Deletes the caller's cart and answers its lines, with their products and each size's stock, oldest line first. */
export async function takeCart(db: Db, userId: string): Promise<CartRow[]> {
  const taken = db.$with('taken').as(db.delete(cartItems).where(eq(cartItems.userId, userId)).returning());
  return db
    .with(taken)
    .select({
      item: {
        id: taken.id, userId: taken.userId, productId: taken.productId, size: taken.size, quantity: taken.quantity, createdAt: taken.createdAt,
        updatedAt: taken.updatedAt, lang: taken.lang,
      },
      product: productColumns,
      stock: productSizes.stock,
    })
    .from(taken)
    .innerJoin(products, eq(products.id, taken.productId))
    .innerJoin(productSizes, and(eq(productSizes.productId, taken.productId), eq(productSizes.size, taken.size)))
    .orderBy(asc(taken.createdAt), asc(taken.id));
}

export async function listCart(db: Db, userId: string) {
  const rows = await cartRows(db, userId);
  return rows.map((row) => toCartItem(row.item, row.product));
}

async function cartItemWithProduct(db: Db, userId: string, itemId: string) {
  const [row] = await db
    .select({ item: cartItems, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  if (!row) throw notFound(MESSAGES.cartItemNotFound);
  return toCartItem(row.item, row.product);
}

/** 409 "Only N left in size S" when a line would hold more than its size has left. */
function assertStock(stock: number | null, size: string, quantity: number) {
  if (stock !== null && quantity > stock) throw conflict(onlyLeft(stock, size));
}

/** Adding to the cart is most of a checkout's requests: its two statements are prepared (db/prepared.ts). */
const addQueries = preparedFor((db) => {
  const userId = sql.placeholder('userId');
  const productId = sql.placeholder('productId');
  // the line written and read back with its product in one statement (one round trip, not two)
  const added = db.$with('added').as(
    db
      .insert(cartItems)
      .values({ userId, productId, size: sql.placeholder('size'), quantity: sql.placeholder('quantity'), lang: sql.placeholder('lang') })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.size],
        set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${QUANTITY_MAX})`, updatedAt: sql`now()`, lang: sql`excluded.lang` },
      })
      .returning(),
  );
  return {
    // the product's sizes, each with what the caller's cart already holds in it
    sizes: db
      .select({ size: productSizes.size, stock: productSizes.stock, inCart: cartItems.quantity })
      .from(productSizes)
      .leftJoin(cartItems, and(eq(cartItems.productId, productSizes.productId), eq(cartItems.size, productSizes.size), eq(cartItems.userId, userId)))
      .where(eq(productSizes.productId, productId))
      .prepare('cart_add_sizes'),
    add: db
      .with(added)
      .select({
        item: {
          id: added.id, userId: added.userId, productId: added.productId, size: added.size, quantity: added.quantity, createdAt: added.createdAt,
          updatedAt: added.updatedAt, lang: added.lang,
        },
        product: productColumns,
      })
      .from(added)
      .innerJoin(products, eq(products.id, added.productId))
      .prepare('cart_add'),
  };
});

/**
 * Adding a product already in the cart in the same size raises that line's quantity, in one statement, so parallel
 * adds add up. The size may be left out (SPEC's client) only when the product comes in one size. `lang`: the language
 * the shopper is using, which a reminder of the cart left behind is written in.
 */
export async function addToCart(db: Db, userId: string, productId: string, quantity: number, size: string | undefined, lang: 'en' | 'ar' = 'en') {
  const queries = addQueries(db);
  const sizes = isUuid(productId) ? await queries.sizes.execute({ userId, productId }) : [];
  if (sizes.length === 0) throw notFound(MESSAGES.productNotFound);
  let chosen = sizes.find((entry) => entry.size === size);
  if (size === undefined) {
    if (sizes.length > 1) throw invalid(MESSAGES.chooseSize);
    chosen = sizes[0];
  } else if (!chosen) {
    // SPEC's client never sends a size: a one-size product's "One size" is its only size, whatever it is called.
    if (size === ONE_SIZE && sizes.length === 1) chosen = sizes[0];
    else throw invalid(sizeNotOffered(size));
  }
  const line = chosen!;
  assertStock(line.stock, line.size, Math.min((line.inCart ?? 0) + quantity, QUANTITY_MAX));
  const [row] = await queries.add.execute({ userId, productId, size: line.size, quantity, lang });
  if (!row) throw notFound(MESSAGES.productNotFound);
  return toCartItem(row.item, row.product);
}

export async function updateCartItem(db: Db, userId: string, itemId: string, quantity: number) {
  if (!isUuid(itemId)) throw notFound(MESSAGES.cartItemNotFound);
  const [line] = await db
    .select({ size: cartItems.size, stock: productSizes.stock })
    .from(cartItems)
    .innerJoin(productSizes, and(eq(productSizes.productId, cartItems.productId), eq(productSizes.size, cartItems.size)))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  if (!line) throw notFound(MESSAGES.cartItemNotFound);
  assertStock(line.stock, line.size, quantity);
  const updated = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw notFound(MESSAGES.cartItemNotFound);
  return cartItemWithProduct(db, userId, itemId);
}

export async function removeCartItem(db: Db, userId: string, itemId: string) {
  if (!isUuid(itemId)) throw notFound(MESSAGES.cartItemNotFound);
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw notFound(MESSAGES.cartItemNotFound);
}

export async function clearCart(db: Db, userId: string) {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** The discount code the customer applied to their cart (PRODUCT section 8), or null. */
export async function cartCouponCode(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: cartCoupons.code }).from(cartCoupons).where(eq(cartCoupons.userId, userId));
  return row?.code ?? null;
}

export async function setCartCoupon(db: Db, userId: string, code: string | null): Promise<void> {
  if (code === null) {
    await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
    return;
  }
  await db.insert(cartCoupons).values({ userId, code }).onConflictDoUpdate({ target: cartCoupons.userId, set: { code } });
}

/**
 * A cart kept in the browser, added at login (PRODUCT section 8): each line joins the line of the same product and size,
 * their quantities added up to what the size has left; lines whose product or size no longer exists are left out.
 */
export async function mergeIntoCart(db: Db, userId: string, lines: readonly { product: string; size: string; quantity: number }[]) {
  await db.transaction(async (tx) => {
    for (const line of lines) {
      if (!isUuid(line.product)) continue;
      const [size] = await tx
        .select({ stock: productSizes.stock, inCart: cartItems.quantity })
        .from(productSizes)
        .leftJoin(cartItems, and(eq(cartItems.productId, productSizes.productId), eq(cartItems.size, productSizes.size), eq(cartItems.userId, userId)))
        .where(and(eq(productSizes.productId, line.product), eq(productSizes.size, line.size)));
      if (!size) continue;
      const wanted = Math.min((size.inCart ?? 0) + line.quantity, QUANTITY_MAX, size.stock ?? QUANTITY_MAX);
      if (wanted <= 0) continue;
      await tx
        .insert(cartItems)
        .values({ userId, productId: line.product, size: line.size, quantity: wanted })
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId, cartItems.size], set: { quantity: wanted, updatedAt: sql`now()` } });
    }
  });
  return listCart(db, userId);
}
