// Importing products from a spreadsheet (PRODUCT section 8, "Reports and files"; decision 041): the file the products'
// export writes (exports/csv.ts), edited in Excel or LibreOffice, creates or updates products by name (any case) with
// their sizes and stock, and their style and colour when the file holds those columns. Every cell is checked first, by
// the same schemas as the admin's form, and every bad one is named by its row (as the spreadsheet numbers it) and its
// column (by its header); a file with any is written not at all. A good one is written in one transaction, a few
// hundred rows per statement, with an audit row per product changed (decision 036); the catalog cache is dropped once
// it has committed.
import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Gender } from '@shop/core/constants';
import { IMAGES_PER_PRODUCT_MAX } from '@shop/core/constants';
import { MESSAGES, cellCount, columnMissing, columnTwice, nameAlsoOnRow, noSuchCategory } from '@shop/core/messages';
import { toPiastres } from '@shop/core/money';
import { DiscountSchema, GenderSchema, ImageUrlSchema, PriceSchema, SizeSchema, StockSchema } from '@shop/core/contract/fields';
import { ProductFieldsSchema, SizesSchema, type Color, type ImportError, type SizeStock } from '@shop/core/contract/catalog';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { auditEntries, cartItems, categories, productColumns, products, productSizes } from '../../db/schema.ts';
import { changedFields, type Actor } from '../audit/audit.ts';
import { conflict } from '../errors.ts';
import { PRODUCT_HEADER } from '../exports/csv.ts';
import { readCsv, unguarded } from '../exports/csv-read.ts';
import { toProduct } from '../wire.ts';
import type { CatalogContext } from './context.ts';

/** The most products one file may hold. */
export const IMPORT_ROWS_MAX = 20_000;

/** Rows per INSERT or UPDATE statement: each batch is one JSON parameter (jsonb_to_recordset), so a few round trips. */
const BATCH = 2000;

type Column = (typeof PRODUCT_HEADER)[number];
/**
 * Columns a file may leave out: the product then has none (an Arabic text) or no discount. Style and colour came later
 * (PRODUCT section 8, "Finding the right piece"): a file without them (one exported before) leaves an existing
 * product's as they are, and a new one has none; a file with them sets them, a blank cell clearing them, as a blank
 * Arabic name does.
 */
const OPTIONAL: ReadonlySet<Column> = new Set(['name (Arabic)', 'description (Arabic)', 'discount (%)', 'style', 'colour', 'colour (Arabic)', 'colour (hex)']);
/** The colour's columns, by the part of the colour each holds (ColorFieldSchema); a file with any of them holds its name and hex. */
const COLOUR_COLUMNS = { name: 'colour', nameAr: 'colour (Arabic)', hex: 'colour (hex)' } as const satisfies Record<keyof Color, Column>;
const COLOUR_NEEDS: ReadonlySet<Column> = new Set([COLOUR_COLUMNS.name, COLOUR_COLUMNS.hex]);

/** Which of the later columns a file holds: those it does not are left as they are on the products it updates. */
interface Holds {
  style: boolean;
  colour: boolean;
}

/** One good row: a product as it will be written. */
interface ProductRowIn {
  row: number;
  name: string;
  nameAr: string | null;
  description: string;
  descriptionAr: string | null;
  pricePiastres: number;
  discountPercent: number;
  gender: Gender;
  category: { id: string; title: string; titleAr: string | null };
  sizes: SizeStock[];
  images: string[];
  /** null: none (or the file has no such column: see Holds) */
  style: string | null;
  color: Color | null;
}

export interface ImportResult {
  created: number;
  updated: number;
  errors: ImportError[];
}

/** The first sentence a schema refuses a value with, or the value it reads. */
function check<S extends z.ZodType>(schema: S, value: unknown): { ok: true; value: z.output<S> } | { ok: false; message: string } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.fillRequired };
}

/** "S:3 | M:0 | L" (a size without a number is not tracked), as the export writes a product's sizes. */
function sizesOf(cell: string): { ok: true; value: SizeStock[] } | { ok: false; message: string } {
  if (cell.trim() === '') return { ok: false, message: 'A product needs at least one size' };
  const sizes: SizeStock[] = [];
  for (const part of cell.split('|')) {
    const match = /^\s*([^:]*?)\s*(?::\s*(.*?)\s*)?$/.exec(part);
    if (!match || match[1] === '' || (match[2] !== undefined && match[2] === '')) return { ok: false, message: MESSAGES.sizesFormat };
    const size = check(SizeSchema, match[1]);
    if (!size.ok) return size;
    const stock = check(StockSchema, match[2] ?? null);
    if (!stock.ok) return stock;
    sizes.push({ size: size.value, stock: stock.value });
  }
  const listed = check(SizesSchema, sizes);
  return listed.ok ? { ok: true, value: listed.value.map(({ size, stock }) => ({ size, stock })) } : listed;
}

/** The links or /images/… paths of a product's pictures, separated by spaces, as the export writes them. */
function imagesOf(cell: string): { ok: true; value: string[] } | { ok: false; message: string } {
  const links = cell.split(/\s+/).filter(Boolean);
  if (links.length === 0) return { ok: false, message: MESSAGES.productNeedsImage };
  if (links.length > IMAGES_PER_PRODUCT_MAX) return { ok: false, message: MESSAGES.tooManyFiles };
  for (const link of links) {
    const checked = check(ImageUrlSchema, link);
    if (!checked.ok) return checked;
  }
  return { ok: true, value: links };
}

/**
 * A row's colour, read by the product form's own rule (ProductFieldsSchema's `color`: a name, a hex that is a colour, an
 * optional Arabic name): none when its cells are all blank; undefined when a cell is bad, each bad one named by its column.
 */
function colourOf(cell: (column: Column) => string, bad: (column: Column, message: string) => void): Color | null | undefined {
  const parts = { name: cell(COLOUR_COLUMNS.name), nameAr: cell(COLOUR_COLUMNS.nameAr), hex: cell(COLOUR_COLUMNS.hex) };
  const blank = Object.values(parts).every((part) => part.trim() === '');
  const parsed = ProductFieldsSchema.shape.color.safeParse(blank ? null : parts);
  if (parsed.success) return parsed.data ?? null;
  const named = new Set<Column>();
  for (const issue of parsed.error.issues) {
    const part = issue.path[0];
    const column = typeof part === 'string' && part in COLOUR_COLUMNS ? COLOUR_COLUMNS[part as keyof Color] : COLOUR_COLUMNS.name;
    if (named.has(column)) continue;
    named.add(column);
    bad(column, issue.message);
  }
  return undefined;
}

const categoryKey = (gender: string, title: string) => `${gender}\u0000${title.toLowerCase()}`;

/** Reads and checks a whole file: the products it holds, or every bad cell. */
async function readFile(db: Db, text: string): Promise<{ rows: ProductRowIn[]; errors: ImportError[]; holds: Holds }> {
  const errors: ImportError[] = [];
  const { rows: records, problem } = readCsv(text);
  const [header, ...lines] = records;
  const holds: Holds = { style: false, colour: false };
  if (!header || header.row !== 1 || lines.length === 0) {
    if (problem) errors.push({ row: problem.row, column: '', message: problem.message });
    else errors.push({ row: 1, column: '', message: MESSAGES.csvEmpty });
    return { rows: [], errors, holds };
  }
  if (lines.length > IMPORT_ROWS_MAX) return { rows: [], errors: [{ row: 1, column: '', message: MESSAGES.csvTooManyRows }], holds };

  const at = new Map<Column, number>();
  header.cells.forEach((title, index) => {
    const column = PRODUCT_HEADER.find((known) => known.toLowerCase() === title.trim().toLowerCase());
    if (!column) return; // a column of the owner's own (notes, a cost price) is left alone
    if (at.has(column)) errors.push({ row: 1, column, message: columnTwice(column) });
    else at.set(column, index);
  });
  holds.style = at.has('style');
  holds.colour = Object.values(COLOUR_COLUMNS).some((column) => at.has(column));
  for (const column of PRODUCT_HEADER) {
    const needed = !OPTIONAL.has(column) || (holds.colour && COLOUR_NEEDS.has(column));
    if (!at.has(column) && needed) errors.push({ row: 1, column, message: columnMissing(column) });
  }
  if (errors.length > 0) return { rows: [], errors, holds };

  const known = new Map(
    (await db.select({ id: categories.id, title: categories.title, titleAr: categories.titleAr, gender: categories.gender }).from(categories)).map(
      (category) => [categoryKey(category.gender, category.title), category],
    ),
  );
  const firstRowOf = new Map<string, number>();
  const rows: ProductRowIn[] = [];
  const fields = ProductFieldsSchema.shape;
  for (const { row, cells } of lines) {
    if (cells.length !== header.cells.length) {
      errors.push({ row, column: '', message: cellCount(cells.length, header.cells.length) });
      continue;
    }
    const bad = (column: Column, message: string) => errors.push({ row, column, message });
    const cell = (column: Column) => {
      const index = at.get(column);
      return index === undefined ? '' : unguarded(cells[index]!);
    };
    const read = <T>(column: Column, checked: { ok: true; value: T } | { ok: false; message: string }): T | undefined => {
      if (checked.ok) return checked.value;
      bad(column, checked.message);
      return undefined;
    };
    const name = read('name', check(fields.name, cell('name')));
    const nameAr = read('name (Arabic)', check(fields.nameAr, cell('name (Arabic)')));
    const description = read('description', check(fields.description, cell('description')));
    const descriptionAr = read('description (Arabic)', check(fields.descriptionAr, cell('description (Arabic)')));
    const categoryTitle = read('category', check(fields.category, cell('category')));
    const gender = read('gender', check(GenderSchema, cell('gender').trim()));
    const price = read('price (EGP)', check(PriceSchema, cell('price (EGP)')));
    const discount = read('discount (%)', check(DiscountSchema, cell('discount (%)')));
    const sizes = read('sizes', sizesOf(cell('sizes')));
    const images = read('images', imagesOf(cell('images')));
    const style = holds.style ? read('style', check(fields.style, cell('style'))) : null;
    const color = holds.colour ? colourOf(cell, bad) : null;
    let category: ProductRowIn['category'] | undefined;
    if (categoryTitle !== undefined && gender !== undefined) {
      category = known.get(categoryKey(gender, categoryTitle));
      if (!category) bad('category', noSuchCategory(categoryTitle, gender));
    }
    if (name !== undefined) {
      const first = firstRowOf.get(name.toLowerCase());
      if (first !== undefined) bad('name', nameAlsoOnRow(first));
      else firstRowOf.set(name.toLowerCase(), row);
    }
    if (
      name === undefined || nameAr === undefined || description === undefined || descriptionAr === undefined || gender === undefined ||
      price === undefined || discount === undefined || sizes === undefined || images === undefined || category === undefined ||
      style === undefined || color === undefined
    ) continue;
    rows.push({
      row, name, nameAr: nameAr ?? null, description, descriptionAr: descriptionAr ?? null, pricePiastres: toPiastres(price), discountPercent: discount,
      gender, category, sizes, images, style, color,
    });
  }
  if (problem) errors.push({ row: problem.row, column: '', message: problem.message });
  // the order a reader goes through them: by row, then the file's columns from the left
  const order = (column: string) => (column === '' ? -1 : (at.get(column as Column) ?? PRODUCT_HEADER.length));
  errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  return { rows, errors, holds };
}

function* chunks<T>(items: readonly T[], size = BATCH): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** The products these names (lower case) already belong to. */
async function existingByName(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const batch of chunks(names, 1000)) {
    const rows = await db
      .select({ id: products.id, key: sql<string>`lower(${products.name})` })
      .from(products)
      .where(inArray(sql`lower(${products.name})`, batch));
    for (const { id, key } of rows) found.set(key, id);
  }
  return found;
}

/** Products as the audit trail keeps them (products.ts auditedProduct), by id. */
async function auditedProducts(db: Db, ids: readonly string[]) {
  const found = new Map<string, Record<string, unknown>>();
  for (const batch of chunks(ids, 1000)) {
    for (const row of await db.select(productColumns).from(products).where(inArray(products.id, batch))) {
      const { _id, createdAt, updatedAt, inStock, ...fields } = toProduct(row);
      found.set(_id, fields);
    }
  }
  return found;
}

/** A product's columns as one JSON record of a batch (the batch is one parameter: jsonb_to_recordset). */
const recordOf = (row: ProductRowIn, id?: string) => ({
  id,
  name: row.name,
  name_ar: row.nameAr,
  description: row.description,
  description_ar: row.descriptionAr,
  price_piastres: row.pricePiastres,
  discount_percent: row.discountPercent,
  gender: row.gender,
  category_id: row.category.id,
  category: row.category.title,
  category_ar: row.category.titleAr,
  images: row.images,
  style: row.style,
  // as products.ts columnsOf writes a colour: no Arabic name is null
  color_name: row.color?.name ?? null,
  color_name_ar: row.color?.nameAr || null,
  color_hex: row.color?.hex ?? null,
});

const PRODUCT_RECORD = sql`(id uuid, name text, name_ar text, description text, description_ar text, price_piastres integer, discount_percent integer,
  gender text, category_id uuid, category text, category_ar text, images jsonb, style text, color_name text, color_name_ar text, color_hex text)`;

/**
 * Writes the checked rows: new products inserted, the others updated, their sizes set; answers the ids created. The
 * style and colour of a product updated are set only when the file holds their columns.
 */
async function writeRows(tx: Db, fresh: ProductRowIn[], changed: { id: string; row: ProductRowIn }[], holds: Holds) {
  const created = new Map<string, string>();
  for (const batch of chunks(fresh)) {
    const inserted = await queryRows<{ id: string; name: string }>(tx, sql`
      insert into ${products} (name, name_ar, description, description_ar, price_piastres, discount_percent, gender, category_id, category, category_ar, images,
        style, color_name, color_name_ar, color_hex)
      select name, name_ar, description, description_ar, price_piastres, discount_percent, gender, category_id, category, category_ar, images,
        style, color_name, color_name_ar, color_hex
      from jsonb_to_recordset(${JSON.stringify(batch.map((row) => recordOf(row)))}::jsonb) as r${PRODUCT_RECORD}
      returning id, name`);
    for (const { id, name } of inserted) created.set(name.toLowerCase(), id);
  }
  const later = [
    ...(holds.style ? [sql`style = v.style, `] : []),
    ...(holds.colour ? [sql`color_name = v.color_name, color_name_ar = v.color_name_ar, color_hex = v.color_hex, `] : []),
  ];
  for (const batch of chunks(changed)) {
    await tx.execute(sql`
      update ${products} set name = v.name, name_ar = v.name_ar, description = v.description, description_ar = v.description_ar,
        price_piastres = v.price_piastres, discount_percent = v.discount_percent, gender = v.gender, category_id = v.category_id,
        category = v.category, category_ar = v.category_ar, images = v.images, ${sql.join(later)}updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch.map(({ id, row }) => recordOf(row, id)))}::jsonb) as v${PRODUCT_RECORD}
      where ${products.id} = v.id`);
  }

  // Sizes, as modules/catalog/sizes.ts writeSizes sets them for one product (the stock given is the stock to set):
  // cart lines in a size no longer listed go first, then the sizes themselves (the checkout's lock order).
  const sized = [...fresh.map((row) => ({ id: created.get(row.name.toLowerCase())!, row })), ...changed];
  const listedOf = (batch: { id: string; row: ProductRowIn }[]) =>
    sql`(select p, s from jsonb_to_recordset(${JSON.stringify(batch.flatMap(({ id, row }) => row.sizes.map(({ size }) => ({ p: id, s: size }))))}::jsonb) as l(p uuid, s text))`;
  for (const batch of chunks(changed)) {
    const batchIds = batch.map(({ id }) => id);
    await tx.delete(cartItems).where(and(inArray(cartItems.productId, batchIds), sql`(${cartItems.productId}, ${cartItems.size}) not in ${listedOf(batch)}`));
    await tx.delete(productSizes).where(and(inArray(productSizes.productId, batchIds), sql`(${productSizes.productId}, ${productSizes.size}) not in ${listedOf(batch)}`));
  }
  const sizeRows = sized.flatMap(({ id, row }) => row.sizes.map(({ size, stock }, position) => ({ product_id: id, size, position, stock })));
  for (const batch of chunks(sizeRows, 5000)) {
    await tx.execute(sql`
      insert into ${productSizes} (product_id, size, position, stock)
      select product_id, size, position, stock from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(product_id uuid, size text, position integer, stock integer)
      on conflict (product_id, size) do update set position = excluded.position, stock = excluded.stock`);
  }
  return [...created.values()];
}

/** The audit trail's rows of an import (decision 036), a batch a statement. */
type AuditRecord = { actor_id: string; actor_username: string; entity: 'product'; entity_id: string; action: string; before: unknown; after: unknown };
async function recordChanges(tx: Db, entries: AuditRecord[]) {
  for (const batch of chunks(entries, 2000)) {
    await tx.execute(sql`
      insert into ${auditEntries} (actor_id, actor_username, entity, entity_id, action, before, after)
      select actor_id, actor_username, entity, entity_id, action, before, after
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(actor_id uuid, actor_username text, entity text, entity_id text, action text, before jsonb, after jsonb)`);
  }
}

/**
 * Checks a products file and, unless `dryRun`, writes it: every row, or none when a cell is bad (the answer then lists
 * them all, and the route refuses with them). A name already in the shop (any case) updates that product; its style
 * and colour stay as they are when the file does not hold their columns (one exported before they were added).
 */
export async function importProducts(ctx: Pick<CatalogContext, 'db' | 'catalogChanged'>, text: string, { dryRun }: { dryRun: boolean }, actor: Actor): Promise<ImportResult> {
  const { rows, errors, holds } = await readFile(ctx.db, text);
  const existing = await existingByName(ctx.db, rows.map((row) => row.name.toLowerCase()));
  const changed = rows.flatMap((row) => {
    const id = existing.get(row.name.toLowerCase());
    return id ? [{ id, row }] : [];
  });
  const fresh = rows.filter((row) => !existing.has(row.name.toLowerCase()));
  const result = { created: fresh.length, updated: changed.length, errors };
  if (dryRun || errors.length > 0) return result;

  try {
    await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // up to 20,000 products in few statements: the pool's statement timeout (DB_STATEMENT_TIMEOUT) is lifted for it
      await tx.execute(sql`set local statement_timeout = 0`);
      const before = await auditedProducts(tx, changed.map(({ id }) => id));
      const created = await writeRows(tx, fresh, changed, holds);
      const after = await auditedProducts(tx, [...created, ...changed.map(({ id }) => id)]);
      const by = { actor_id: actor.id, actor_username: actor.username, entity: 'product' as const };
      const entries: AuditRecord[] = created.map((id) => ({ ...by, entity_id: id, action: 'create', before: null, after: after.get(id) ?? null }));
      for (const { id } of changed) {
        const difference = changedFields(before.get(id) ?? {}, after.get(id) ?? {});
        if (Object.keys(difference.after).length > 0) entries.push({ ...by, entity_id: id, action: 'update', ...difference });
      }
      await recordChanges(tx, entries);
    });
  } catch (error) {
    // another admin added one of these names meanwhile
    if (isUniqueViolation(error, 'products_name_key')) throw conflict(MESSAGES.productNameTaken);
    throw error;
  }
  ctx.catalogChanged();
  return result;
}
