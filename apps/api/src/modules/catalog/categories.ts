import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Gender } from '@shop/core/constants';
import type { SizeGuide } from '@shop/core/schemas';
import { MESSAGES, categoryInUse } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { isUuid } from '../ids.ts';
import { toCategory } from '../wire.ts';
import type { CatalogContext } from './context.ts';

export async function listCategories(db: Db) {
  const rows = await db.select().from(categories).orderBy(asc(categories.gender), asc(categories.title));
  return rows.map(toCategory);
}

export async function findCategory(db: Db, gender: Gender, title: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.gender, gender), sql`lower(${categories.title}) = lower(${title})`));
  return row;
}

type CategoryChange = Pick<CatalogContext, 'db' | 'catalogChanged'>;

export async function addCategory(
  { db, catalogChanged }: CategoryChange,
  fields: { title: string; gender: Gender; titleAr?: string | null | undefined; sizeGuide?: SizeGuide | null | undefined },
) {
  if (await findCategory(db, fields.gender, fields.title)) throw conflict(MESSAGES.categoryTaken);
  let added: typeof categories.$inferSelect | undefined;
  try {
    [added] = await db.insert(categories).values({ title: fields.title, gender: fields.gender, titleAr: fields.titleAr ?? null, sizeGuide: fields.sizeGuide ?? null }).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.categoryTaken);
    throw error;
  }
  catalogChanged();
  return toCategory(added!);
}

/** The admin changes a category's Arabic title or size guide; what is left out stays. */
export async function updateCategory(
  { db, catalogChanged }: CategoryChange,
  id: string,
  change: { titleAr?: string | null | undefined; sizeGuide?: SizeGuide | null | undefined },
) {
  if (!isUuid(id)) throw notFound(MESSAGES.categoryNotFound);
  const set = {
    ...(change.titleAr === undefined ? {} : { titleAr: change.titleAr }),
    ...(change.sizeGuide === undefined ? {} : { sizeGuide: change.sizeGuide }),
  };
  const [row] = Object.keys(set).length
    ? await db.transaction(async (tx) => {
        const updated = await tx.update(categories).set(set).where(eq(categories.id, id)).returning();
        // its products carry its Arabic title beside the English one (decision 015)
        if (updated[0] && change.titleAr !== undefined) await tx.update(products).set({ categoryAr: change.titleAr }).where(eq(products.categoryId, id));
        return updated;
      })
    : await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(MESSAGES.categoryNotFound);
  catalogChanged();
  return toCategory(row);
}

/** A category still used by products is never deleted behind the admin's back. */
export async function deleteCategory({ db, catalogChanged }: CategoryChange, id: string) {
  if (!isUuid(id)) throw notFound(MESSAGES.categoryNotFound);
  const [used] = await db.select({ value: count() }).from(products).where(eq(products.categoryId, id));
  if (used && used.value > 0) throw conflict(categoryInUse(used.value));
  try {
    const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (deleted.length === 0) throw notFound(MESSAGES.categoryNotFound);
  } catch (error) {
    // a product added to it in the meantime
    if (isForeignKeyViolation(error)) throw conflict(categoryInUse(1));
    throw error;
  }
  catalogChanged();
}
