// A customer's wishlist: the products they keep, each added or taken out with one toggle.
import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { productColumns, products, wishlistItems } from '../../db/schema.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { toProduct, toUser } from '../wire.ts';

export async function wishlistOf(db: Db, userId: string) {
  const rows = await db
    .select({ product: productColumns })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((row) => toProduct(row.product));
}

export async function userWithWishlist(db: Db, user: Parameters<typeof toUser>[0]) {
  return { ...toUser(user), wishlist: await wishlistOf(db, user.id) };
}

/** Adds the product to the wishlist, or takes it out if it is there. */
export async function toggleWishlist(db: Db, userId: string, productId: string): Promise<'added' | 'removed'> {
  const [product] = isUuid(productId) ? await db.select({ id: products.id }).from(products).where(eq(products.id, productId)) : [];
  if (!product) throw notFound(MESSAGES.productNotFound);
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length > 0) return 'removed';
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  return 'added';
}
