import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';

/** What the sitemap lists: the newest products (name and last change) and every category. */
export async function sitemapEntries(db: Db, productLimit: number) {
  const [productRows, categoryRows] = await Promise.all([
    db.select({ name: products.name, updatedAt: products.updatedAt }).from(products).orderBy(desc(products.createdAt)).limit(productLimit),
    db.select({ title: categories.title, gender: categories.gender }).from(categories),
  ]);
  return { products: productRows, categories: categoryRows };
}
