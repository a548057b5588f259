import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { SizeStock } from '@shop/core/schemas';
import type { Db } from './client.ts';
import { cartItems, productSizes } from './schema.ts';

/**
 * Sets a product's sizes to the given list, in its order. Sizes still listed keep their row (and the cart lines in
 * them); a size no longer listed is removed, and the cart lines in it with it.
 */
export async function writeSizes(db: Db, productId: string, sizes: readonly SizeStock[]) {
  const listed = sizes.map(({ size }) => size);
  await db.delete(cartItems).where(and(eq(cartItems.productId, productId), notInArray(cartItems.size, listed)));
  await db.delete(productSizes).where(and(eq(productSizes.productId, productId), notInArray(productSizes.size, listed)));
  await db
    .insert(productSizes)
    .values(sizes.map(({ size, stock }, position) => ({ productId, size, position, stock })))
    .onConflictDoUpdate({
      target: [productSizes.productId, productSizes.size],
      set: { position: sql`excluded.position`, stock: sql`excluded.stock` },
    });
}
