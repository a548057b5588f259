import { and, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { SIZES } from '@shop/core/constants';
import { toEgp } from '@shop/core/money';
import type { Facets } from '@shop/core/contract/catalog';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { productFacetCounts, productSizes, products } from '../../db/schema.ts';
import { shopConditions, type ShopFilter, type ShopQuery } from './products.ts';

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
  const [sizes, colors, range] = await Promise.all([sizeCounts(db, forSizes), colorCounts(db, forColors), priceRange(db, forPrice)]);
  return {
    sizes: sizes
      .map(({ size, count }) => ({ size, count: Number(count) }))
      .sort((a, b) => (SIZE_ORDER.get(a.size) ?? SIZES.length) - (SIZE_ORDER.get(b.size) ?? SIZES.length)),
    colors: colors.map(({ name, nameAr, hex, count }) => ({ name, ...(nameAr ? { nameAr } : {}), hex, count: Number(count) })),
    price: {
      min: range.min === null ? null : toEgp(range.min),
      max: range.max === null ? null : toEgp(range.max),
    },
  };
}

const inStock = or(isNull(productSizes.stock), gt(productSizes.stock, 0));
/** product_facet_counts' rows (decision 045): those a shopper's choice does not leave out count */
const counted = sql<number>`sum(${productFacetCounts.products})::int`;

/** Per size, the products with it in stock: from product_facet_counts where the filters allow, else counted. */
function sizeCounts(db: Db, shop: ShopQuery): Promise<{ size: string; count: number }[]> {
  if (shop.facetRows) {
    const { scope, colors } = shop.facetRows;
    return db
      .select({ size: productFacetCounts.size, count: counted })
      .from(productFacetCounts)
      .where(and(scope, colors, ne(productFacetCounts.size, '')))
      .groupBy(productFacetCounts.size)
      .having(sql`sum(${productFacetCounts.products}) > 0`);
  }
  return db
    .select({ size: productSizes.size, count: sql<number>`count(*)::int` })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(and(inStock, shop.where))
    .groupBy(productSizes.size);
}

/** Per colour (by name, any case), its products: a colour's name and swatch are those of its products that count. */
function colorCounts(db: Db, shop: ShopQuery) {
  if (shop.facetRows) {
    const { scope, size } = shop.facetRows;
    const c = productFacetCounts;
    const present = sql`${c.products} > 0`;
    return db
      .select({
        name: sql<string>`min(${c.colorName}) filter (where ${present})`,
        nameAr: sql<string | null>`max(nullif(${c.colorNameAr}, '')) filter (where ${present})`,
        hex: sql<string>`min(nullif(${c.colorHex}, '')) filter (where ${present})`,
        count: sql<number>`sum(${c.products})::int`,
      })
      .from(c)
      .where(and(scope, eq(c.size, size), ne(c.colorName, '')))
      .groupBy(sql`lower(${c.colorName})`)
      .having(sql`sum(${c.products}) > 0`)
      .orderBy(sql`sum(${c.products}) desc`, sql`lower(${c.colorName})`);
  }
  return db
    .select({
      name: sql<string>`min(${products.colorName})`,
      nameAr: sql<string | null>`max(nullif(${products.colorNameAr}, ''))`,
      hex: sql<string>`min(${products.colorHex})`,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(and(isNotNull(products.colorName), shop.where))
    .groupBy(sql`lower(${products.colorName})`)
    .orderBy(sql`count(*) desc`, sql`lower(${products.colorName})`);
}

/**
 * The cheapest and dearest price as paid. Without a search, each is the first row of an index in price order (by colour
 * when one is chosen: products_color_paid_idx), where min() and max() read every matching product; a search's matches
 * come from its own index, so they are aggregated.
 */
async function priceRange(db: Db, shop: ShopQuery): Promise<{ min: number | null; max: number | null }> {
  if (shop.search) {
    const [range] = await db
      .select({ min: sql<number | null>`min(${products.paidPiastres})`, max: sql<number | null>`max(${products.paidPiastres})` })
      .from(products)
      .where(shop.where);
    return { min: range?.min ?? null, max: range?.max ?? null };
  }
  const end = (direction: SQL) => sql`(select ${products.paidPiastres} from ${products}${shop.where ? sql` where ${shop.where}` : sql``} order by ${products.paidPiastres} ${direction} limit 1)`;
  const [range] = await queryRows<{ min: number | null; max: number | null }>(db, sql`select ${end(sql`asc`)} as min, ${end(sql`desc`)} as max`);
  return { min: range?.min ?? null, max: range?.max ?? null };
}
