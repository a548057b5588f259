import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { SIZES } from '@shop/core/constants';
import { toEgp } from '@shop/core/money';
import type { Facets } from '@shop/core/schemas';
import type { Db } from '../../db/client.ts';
import { productSizes, products } from '../../db/schema.ts';
import { shopConditions, type ShopFilter } from './products.ts';

const SIZE_ORDER = new Map<string, number>(SIZES.map((size, at) => [size, at]));
const NOTHING: Facets = { sizes: [], colors: [], price: { min: null, max: null } };

/**
 * The options of the shop's filters and how many products each would show (decision 031). Each facet is counted under
 * every filter but its own, so a shopper who picked M still sees how many come in L, and a count is what the listing
 * answers with that option alone chosen in its facet: the sizes count products with that size in stock, the colours
 * products of that colour, and the price range spans the prices as paid.
 */
export async function productFacets(db: Db, filter: ShopFilter): Promise<Facets> {
  const [forSizes, forColors, forPrice] = await Promise.all([
    shopConditions(db, { ...filter, size: undefined }),
    shopConditions(db, { ...filter, color: undefined }),
    shopConditions(db, { ...filter, minPrice: undefined, maxPrice: undefined }),
  ]);
  if (!forSizes || !forColors || !forPrice) return NOTHING;
  const [sizes, colors, [range]] = await Promise.all([
    db
      .select({ size: productSizes.size, count: sql<number>`count(*)::int` })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId))
      .where(and(or(isNull(productSizes.stock), gt(productSizes.stock, 0)), forSizes.where))
      .groupBy(productSizes.size),
    db
      .select({
        name: sql<string>`min(${products.colorName})`,
        nameAr: sql<string | null>`max(nullif(${products.colorNameAr}, ''))`,
        hex: sql<string>`min(${products.colorHex})`,
        count: sql<number>`count(*)::int`,
      })
      .from(products)
      .where(and(isNotNull(products.colorName), forColors.where))
      .groupBy(sql`lower(${products.colorName})`)
      .orderBy(sql`count(*) desc`, sql`lower(${products.colorName})`),
    db
      .select({ min: sql<number | null>`min(${products.paidPiastres})`, max: sql<number | null>`max(${products.paidPiastres})` })
      .from(products)
      .where(forPrice.where),
  ]);
  return {
    sizes: sizes
      .map(({ size, count }) => ({ size, count: Number(count) }))
      .sort((a, b) => (SIZE_ORDER.get(a.size) ?? SIZES.length) - (SIZE_ORDER.get(b.size) ?? SIZES.length)),
    colors: colors.map(({ name, nameAr, hex, count }) => ({ name, ...(nameAr ? { nameAr } : {}), hex, count: Number(count) })),
    price: {
      min: range?.min === null || range?.min === undefined ? null : toEgp(Number(range.min)),
      max: range?.max === null || range?.max === undefined ? null : toEgp(Number(range.max)),
    },
  };
}
