// An order's pieces: taken from their sizes' stock when it is placed, given back when it is canceled (decision 011).
import { and, eq, sql } from 'drizzle-orm';
import { LOW_STOCK_MAX } from '@shop/core/constants';
import { onlyLeft } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { productSizes, type OrderLine } from '../../db/schema.ts';
import type { CartRow } from '../cart/cart.ts';
import type { SizeBack } from '../events.ts';
import { conflict } from '../errors.ts';

export const sizeKey = (productId: string, size: string) => `${productId} ${size}`;

/**
 * Takes each tracked line's quantity from its size's stock, inside the order's transaction: one conditional UPDATE per
 * line (`stock >= q`), so two checkouts for the last pieces cannot both succeed, and the CHECK keeps stock from going
 * below zero. Sizes are locked in (product, size) order, the order every writer of stock locks them in (the admin's
 * save, modules/catalog/sizes.ts; a cancel, giveBackStock), so no two of them wait on each other in a circle. Sizes whose stock is
 * not tracked are not written (no row lock, no contention). Answers the sizes it took from (`taken`: a cancel gives
 * back only those) and whether a shopper would see the change (`lowStock`): a size now at LOW_STOCK_MAX or fewer
 * ("Only N left", sold out). Counts above that may show a little stale in cached catalog answers (decision 011):
 * flushing the catalog cache on every order would cost every catalog read.
 */
export async function takeStock(db: Db, cart: CartRow[]): Promise<{ taken: Set<string>; lowStock: boolean }> {
  const tracked = cart
    .filter((row) => row.stock !== null)
    .sort((a, b) => a.item.productId.localeCompare(b.item.productId) || a.item.size.localeCompare(b.item.size));
  if (tracked.length === 0) return { taken: new Set(), lowStock: false };
  // One statement for every line: the sizes are locked in (product, size) order first, then each is taken only where
  // enough is left.
  const wanted = sql.join(tracked.map(({ item }) => sql`(${item.productId}::uuid, ${item.size}::text, ${item.quantity}::int)`), sql`, `);
  const rows = await queryRows<{ product_id: string; size: string; stock: number }>(
    db,
    sql`
    with wanted (product_id, size, quantity) as (values ${wanted}),
    locked as (
      select ps.product_id, ps.size from ${productSizes} ps join wanted w on w.product_id = ps.product_id and w.size = ps.size
      order by ps.product_id, ps.size for update of ps
    )
    update ${productSizes} ps set stock = ps.stock - w.quantity
    from wanted w join locked l on l.product_id = w.product_id and l.size = w.size
    where ps.product_id = w.product_id and ps.size = w.size and ps.stock >= w.quantity
    returning ps.product_id, ps.size, ps.stock`,
  );
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

/**
 * Gives back the pieces an order took (its lines with `stockTaken`) to their sizes, those still there and tracked;
 * answers whether a shopper would see it. A line without `stockTaken` gives nothing: either its size was not tracked
 * when it was ordered, or it was stored before orders recorded it, and then nothing says the pieces were taken
 * (decision 011). The sizes are locked in (product, size) order, as the checkout locks them. `back`: the sizes that
 * were sold out and are not any more (decision 040: shoppers may be waiting for them).
 */
export async function giveBackStock(db: Db, lines: readonly OrderLine[]): Promise<{ lowStock: boolean; back: SizeBack[] }> {
  const given = new Map<string, { productId: string; size: string; quantity: number }>();
  for (const line of lines) {
    if (line.stockTaken !== true) continue;
    const key = sizeKey(line.product._id, line.size);
    const entry = given.get(key) ?? { productId: line.product._id, size: line.size, quantity: 0 };
    given.set(key, { ...entry, quantity: entry.quantity + line.quantity });
  }
  if (given.size === 0) return { lowStock: false, back: [] };
  const back = sql.join([...given.values()].map(({ productId, size, quantity }) => sql`(${productId}::uuid, ${size}::text, ${quantity}::int)`), sql`, `);
  const rows = await queryRows<{ product_id: string; size: string; stock: number; quantity: number }>(
    db,
    sql`
    with back (product_id, size, quantity) as (values ${back}),
    locked as (
      select ps.product_id, ps.size from ${productSizes} ps join back b on b.product_id = ps.product_id and b.size = ps.size
      where ps.stock is not null
      order by ps.product_id, ps.size for update of ps
    )
    update ${productSizes} ps set stock = ps.stock + b.quantity
    from back b join locked l on l.product_id = b.product_id and l.size = b.size
    where ps.product_id = b.product_id and ps.size = b.size and ps.stock is not null
    returning ps.product_id, ps.size, ps.stock, b.quantity`,
  );
  return {
    lowStock: rows.some((row) => row.stock - row.quantity <= LOW_STOCK_MAX),
    back: rows.filter((row) => row.stock - row.quantity === 0 && row.stock > 0).map((row) => ({ productId: row.product_id, size: row.size })),
  };
}
