import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { stockChangedSince } from '@shop/core/messages';
import type { SizeToSave } from '@shop/core/contract/catalog';
import { conflict } from '../errors.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, productSizes } from '../../db/schema.ts';
import type { SizeBack } from '../events.ts';

/**
 * Sets a product's sizes to the given list, in its order. Sizes still listed keep their row (and the cart lines in
 * them); a size no longer listed is removed, and the cart lines in it with it.
 *
 * A size sent with the stock its form loaded (`loadedStock`, shop-core's contract/catalog.ts) and that same stock is left as it is now, so
 * the pieces sold while the form was open stay sold; one whose stock the admin changed is refused (409, the figure
 * now) when its stock is no longer the loaded one. A size sent without it is set to the stock sent. Only rows whose
 * stock or position changes are written.
 *
 * Locks follow the checkout's order (modules/orders/stock.ts): cart lines first, then the product's sizes in
 * (product, size) order, so a save and a checkout of the same sizes never wait on each other in a circle.
 *
 * Answers the sizes this save brought back: sold out (0) before, above 0 or no longer tracked after; a size that was
 * not listed before counts as sold out (decision 040: shoppers may be waiting for it).
 */
export async function writeSizes(db: Db, productId: string, sizes: readonly SizeToSave[]): Promise<SizeBack[]> {
  const listed = sizes.map(({ size }) => size);
  await db.delete(cartItems).where(and(eq(cartItems.productId, productId), notInArray(cartItems.size, listed)));
  const current = await db
    .select({ size: productSizes.size, position: productSizes.position, stock: productSizes.stock })
    .from(productSizes)
    .where(eq(productSizes.productId, productId))
    .orderBy(asc(productSizes.size))
    .for('update');
  const stored = new Map(current.map((row) => [row.size, row]));

  const rows = sizes.map(({ size, stock, loadedStock }, position) => {
    const now = stored.get(size);
    if (!now || loadedStock === undefined) return { productId, size, position, stock };
    if (stock === loadedStock) return { productId, size, position, stock: now.stock };
    if (now.stock !== loadedStock) throw conflict(stockChangedSince(size, now.stock));
    return { productId, size, position, stock };
  });

  await db.delete(productSizes).where(and(eq(productSizes.productId, productId), notInArray(productSizes.size, listed)));
  const changed = rows.filter((row) => {
    const now = stored.get(row.size);
    return !now || now.position !== row.position || now.stock !== row.stock;
  });
  if (changed.length === 0) return [];
  await db
    .insert(productSizes)
    .values(changed)
    .onConflictDoUpdate({
      target: [productSizes.productId, productSizes.size],
      set: { position: sql`excluded.position`, stock: sql`excluded.stock` },
    });
  return changed.filter((row) => (stored.get(row.size)?.stock ?? 0) === 0 && row.stock !== 0).map(({ size }) => ({ productId, size }));
}
