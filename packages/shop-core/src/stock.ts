// Sizes and stock as both ends read them (PRODUCT section 7), without zod: the storefront's cart and product page
// import these without pulling the schemas into their chunks (SizeStock is the schema's type, imported as a type only).
import { LOW_STOCK_MAX } from './constants.ts';
import type { SizeStock } from './contract/catalog.ts';

/** A size can be bought when its stock is not tracked or some is left. */
export const sizeAvailable = (entry: SizeStock): boolean => entry.stock === null || entry.stock > 0;

/** A product has something to sell. */
export const inStock = (sizes: readonly SizeStock[]): boolean => sizes.some(sizeAvailable);

/** The pieces a product has in all, or null when some size is not tracked. */
export function totalStock(sizes: readonly SizeStock[]): number | null {
  let total = 0;
  for (const { stock } of sizes) {
    if (stock === null) return null;
    total += stock;
  }
  return total;
}

/** The admin list's mark: nothing left, a few left (LOW_STOCK_MAX or fewer in some size), or none. */
export function stockMark(sizes: readonly SizeStock[]): 'sold-out' | 'low' | null {
  if (!inStock(sizes)) return 'sold-out';
  return sizes.some(({ stock }) => stock !== null && stock > 0 && stock <= LOW_STOCK_MAX) ? 'low' : null;
}

/**
 * What a size's stock is worth saying (issue 42): sold out, or a few left (LOW_STOCK_MAX or fewer), else nothing (not
 * tracked, or plenty). "Only 0 left" is never said: a sold-out size says so.
 */
export type StockNote = { kind: 'sold-out' } | { kind: 'few'; left: number } | null;

export function stockNote(stock: number | null): StockNote {
  if (stock === null || stock > LOW_STOCK_MAX) return null;
  return stock <= 0 ? { kind: 'sold-out' } : { kind: 'few', left: stock };
}

/**
 * How many pieces a cart line's size has left, when that is fewer than the line holds (the line must be fixed
 * before checkout); null when the line can be ordered as it is.
 */
export function shortLine(item: { product: { sizes: readonly SizeStock[] }; size: string; quantaty: number }): number | null {
  const entry = item.product.sizes.find((candidate) => candidate.size === item.size);
  if (!entry) return 0;
  return entry.stock !== null && entry.stock < item.quantaty ? entry.stock : null;
}
