import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { productColumns, products, users, wishlistItems } from '../../db/schema.ts';
import { notFound } from '../../modules/errors.ts';
import { isUuid } from '../../modules/ids.ts';
import type { Page } from '../../modules/paging.ts';
import { toProduct, toUser } from '../../modules/wire.ts';

export async function findUser(db: Db, idOrUsername: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(isUuid(idOrUsername) ? eq(users.id, idOrUsername) : sql`lower(${users.username}) = lower(${idOrUsername})`);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return user;
}

export async function listUsers(db: Db, page: Page) {
  const [rows, [total]] = await Promise.all([
    // the index is (created_at desc nulls last, id desc nulls last): the ORDER BY must say the same to use it
    db.select().from(users).orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(users),
  ]);
  return { users: rows.map(toUser), total: total?.value ?? 0 };
}

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
