import { and, asc, eq, sql } from 'drizzle-orm';
import { QUANTITY_MAX } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { cartItems, productColumns, products } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toCartItem } from '../../lib/wire.ts';


export async function cartRows(db: Db, userId: string) {
  return db
    .select({ item: cartItems, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
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

/** Adding a product already in the cart raises that line's quantity, in one statement, so parallel adds add up. */
export async function addToCart(db: Db, userId: string, productId: string, quantity: number) {
  const [product] = isUuid(productId) ? await db.select({ id: products.id }).from(products).where(eq(products.id, productId)) : [];
  if (!product) throw notFound(MESSAGES.productNotFound);
  const [item] = await db
    .insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${QUANTITY_MAX})` },
    })
    .returning({ id: cartItems.id });
  return cartItemWithProduct(db, userId, item!.id);
}

export async function updateCartItem(db: Db, userId: string, itemId: string, quantity: number) {
  if (!isUuid(itemId)) throw notFound(MESSAGES.cartItemNotFound);
  const updated = await db
    .update(cartItems)
    .set({ quantity })
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
