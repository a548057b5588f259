import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { SizeStock } from '@shop/core/schemas';
import type { Db } from './client.ts';
import { productSizes } from './schema.ts';

/**
 * Sets a product's sizes to the given list, in its order. Sizes still listed keep their row (and the cart lines in
 * them); a size no longer listed is removed, and its cart lines with it (cart_items_product_size_fk cascades).
 */
export async function writeSizes(db: Db, productId: string, sizes: readonly SizeStock[]) {
  await db.delete(productSizes).where(and(eq(productSizes.productId, productId), notInArray(productSizes.size, sizes.map(({ size }) => size))));
  await db
    .insert(productSizes)
    .values(sizes.map(({ size, stock }, position) => ({ productId, size, position, stock })))
    .onConflictDoUpdate({
      target: [productSizes.productId, productSizes.size],
      set: { position: sql`excluded.position`, stock: sql`excluded.stock` },
    });
}
