// The home page's bestsellers rail (decision 054): what the shop's customers bought most lately, read from the order
// lines the sales report reads (order_sales, by its created_at index), so a product counts from its order on.
import { and, desc, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { HOME_PRODUCT_COUNT } from '@shop/core/constants';
import type { Product } from '@shop/core/contract/catalog';
import type { Db } from '../../db/client.ts';
import { orderSales, productColumns, products } from '../../db/schema.ts';
import { toProduct } from '../wire.ts';

/** How far back a sale counts: a season, so last year's hit does not hold the rail. */
export const BESTSELLER_DAYS = 90;

/** The statuses of an order that sold its pieces: placed and not canceled (unpaid Paymob orders have not). */
const SOLD = ['accepted', 'shipped', 'delivered'] as const;

/**
 * The 10 products most bought (pieces) in the last 90 days, most first; ties by the product's id, so every call agrees.
 * While fewer than 10 have sold (a new shop, the demo), the rail is topped up with products that did not sell: the
 * best rated (by reviews), then the most discounted, then the newest, so it is never empty while the shop has products.
 */
export async function bestsellers(db: Db, limit = HOME_PRODUCT_COUNT): Promise<Product[]> {
  const sold = await db
    .select({ product: orderSales.product, pieces: sql<number>`sum(${orderSales.quantity})::int`.as('pieces') })
    .from(orderSales)
    .where(and(gte(orderSales.createdAt, sql`now() - make_interval(days => ${BESTSELLER_DAYS})`), inArray(orderSales.status, [...SOLD])))
    .groupBy(orderSales.product)
    .orderBy(desc(sql`pieces`), orderSales.product)
    // a product sold and deleted since leaves its lines: a few spare, so the rail stays full
    .limit(limit * 2);
  const ids = sold.map((row) => row.product).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const found = ids.length === 0 ? [] : await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  const ranked = ids.flatMap((id) => byId.get(id) ?? []).slice(0, limit);
  if (ranked.length < limit) {
    const rest = await db
      .select(productColumns)
      .from(products)
      .where(ranked.length === 0 ? undefined : notInArray(products.id, ranked.map((row) => row.id)))
      .orderBy(
        desc(products.ratingCount),
        sql`${products.ratingStars}::float8 / greatest(${products.ratingCount}, 1) desc`,
        desc(products.discountPercent),
        desc(products.createdAt),
        desc(products.id),
      )
      .limit(limit - ranked.length);
    ranked.push(...rest);
  }
  return ranked.map(toProduct);
}
