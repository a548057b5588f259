import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Gender } from '@shop/core/constants';
import type { SizeGuide } from '@shop/core/contract/catalog';
import { MESSAGES, categoryInUse } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { isUuid } from '../ids.ts';
import { toCategory } from '../wire.ts';
import { changedFields, recordChange, type Actor } from '../audit/audit.ts';
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

const audited = (row: typeof categories.$inferSelect) => ({ title: row.title, titleAr: row.titleAr, gender: row.gender, sizeGuide: row.sizeGuide });

export async function addCategory(
  { db, catalogChanged }: CategoryChange,
  fields: { title: string; gender: Gender; titleAr?: string | null | undefined; sizeGuide?: SizeGuide | null | undefined },
  actor?: Actor,
) {
  if (await findCategory(db, fields.gender, fields.title)) throw conflict(MESSAGES.categoryTaken);
  let added: typeof categories.$inferSelect | undefined;
  try {
    added = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ title: fields.title, gender: fields.gender, titleAr: fields.titleAr ?? null, sizeGuide: fields.sizeGuide ?? null })
        .returning();
      if (actor) await recordChange(tx as unknown as Db, actor, { entity: 'category', entityId: row!.id, action: 'create', before: null, after: audited(row!) });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.categoryTaken);
    throw error;
  }
  catalogChanged();
  return toCategory(added!);
}

/** The admin changes a category's Arabic title or size guide; what is left out stays. The change is audited with it. */
export async function updateCategory(
  { db, catalogChanged }: CategoryChange,
  id: string,
  change: { titleAr?: string | null | undefined; sizeGuide?: SizeGuide | null | undefined },
  actor?: Actor,
) {
  if (!isUuid(id)) throw notFound(MESSAGES.categoryNotFound);
  const set = {
    ...(change.titleAr === undefined ? {} : { titleAr: change.titleAr }),
    ...(change.sizeGuide === undefined ? {} : { sizeGuide: change.sizeGuide }),
  };
  const [row] = Object.keys(set).length
    ? await db.transaction(async (tx) => {
        const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        const updated = await tx.update(categories).set(set).where(eq(categories.id, id)).returning();
        // its products carry its Arabic title beside the English one (decision 015)
        if (updated[0] && change.titleAr !== undefined) await tx.update(products).set({ categoryAr: change.titleAr }).where(eq(products.categoryId, id));
        if (before && updated[0] && actor) {
          const fields = Object.keys(set) as (keyof typeof set)[];
          const pick = (row: typeof categories.$inferSelect) => Object.fromEntries(fields.map((field) => [field, row[field]]));
          const changed = changedFields(pick(before), pick(updated[0]));
          if (Object.keys(changed.after).length > 0) await recordChange(tx as unknown as Db, actor, { entity: 'category', entityId: id, action: 'update', ...changed });
        }
        return updated;
      })
    : await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(MESSAGES.categoryNotFound);
  catalogChanged();
  return toCategory(row);
}

/** A category still used by products is never deleted behind the admin's back. */
export async function deleteCategory({ db, catalogChanged }: CategoryChange, id: string, actor?: Actor) {
  if (!isUuid(id)) throw notFound(MESSAGES.categoryNotFound);
  const [used] = await db.select({ value: count() }).from(products).where(eq(products.categoryId, id));
  if (used && used.value > 0) throw conflict(categoryInUse(used.value));
  try {
    await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(categories).where(eq(categories.id, id)).returning();
      if (!deleted) throw notFound(MESSAGES.categoryNotFound);
      if (actor) await recordChange(tx as unknown as Db, actor, { entity: 'category', entityId: id, action: 'delete', before: audited(deleted), after: null });
    });
  } catch (error) {
    // a product added to it in the meantime
    if (isForeignKeyViolation(error)) throw conflict(categoryInUse(1));
    throw error;
  }
  catalogChanged();
}
