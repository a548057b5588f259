import { and, count, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { QueryOf } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { toPiastres } from '@shop/core/money';
import { LOW_STOCK_MAX, RELATED_PRODUCTS_LIMIT, type ShopSort } from '@shop/core/constants';
import { DEFAULT_SIZES, type Product, type ProductFields } from '@shop/core/contract/catalog';
import type { Db } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { writeSizes } from './sizes.ts';
import { categories, orders, productColumns, productCounts, productFacetCounts, products, searchWords } from '../../db/schema.ts';
import { changedFields, recordChange, type Actor } from '../audit/audit.ts';
import { ShopError, conflict, forbidden, invalid, notFound } from '../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isUuid } from '../ids.ts';
import { fromNearerEnd, type Page } from '../paging.ts';
import { toProduct } from '../wire.ts';
import { findCategory } from './categories.ts';
import type { CatalogContext } from './context.ts';

// The list indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST), drizzle-kit's spelling of .desc(). ORDER BY
// must say the same, or PostgreSQL cannot read them in order and sorts every matching row for each page (the columns
// are NOT NULL, so the NULLS clause changes nothing else).
const newestFirst = [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`];
const oldestFirst = [sql`${products.createdAt} asc nulls first`, sql`${products.id} asc nulls first`];

/** The most colours a product page shows of its style. */
const STYLE_COLORS_MAX = 24;

/** Past this offset the count is taken first, so a page beyond the middle can be read from the other end. */
const DEEP_OFFSET = 1000;

export type ShopFilter = Partial<
  Pick<QueryOf<'shopProducts'>, 'gender' | 'category' | 'search' | 'size' | 'color' | 'minPrice' | 'maxPrice' | 'sort'> & Pick<QueryOf<'listProducts'>, 'stock'>
>;

/** A size counts only while it has pieces left (or is not tracked). */
const sizeInStock = sql`(ps.stock is null or ps.stock > 0)`;
const listOf = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** The most words a search takes. */
const SEARCH_WORDS_MAX = 8;

/** A search's words, as its query and its total take them: letters and digits, the first eight. */
const searchWordsOf = (search: string) => (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_WORDS_MAX);

/** A search word's English stem, or null for a stop word such as "the". */
const stemOf = (word: SQL) => sql`(tsvector_to_array(to_tsvector('english', ${word})))[1]`;

/**
 * Words of a search become prefix matches, every word required: "linen shi" finds "Linen Shirt". Each word is matched
 * stemmed (so "shirts" finds "shirt") or as typed (the stemmer turns "navy" into "navi", which would miss "navyblue").
 * When one of the two begins the other, the shorter prefix alone already matches all both would: "shirt:*" finds every
 * "shirts", and a word that is its own stem ("linen", every Arabic word) is matched once. A match of both walked the
 * index and rechecked each product twice: a search's count at 100,000 products took 6.3 ms against 3.4 with one
 * ("linen"). `words`: each a value or a prepared statement's placeholder.
 */
function queryOfWords(words: readonly SQL[]): SQL {
  const prefixes = words.map((word) => {
    const stem = stemOf(word);
    return sql`(case when ${stem} is null or starts_with(${stem}, ${word}) then to_tsquery('simple', ${word} || ':*')
      when starts_with(${word}, ${stem}) then to_tsquery('simple', ${stem} || ':*')
      else to_tsquery('english', ${word} || ':*') || to_tsquery('simple', ${word} || ':*') end)`;
  });
  return sql.join(prefixes, sql` && `);
}

/** A search's query, its words as values: PostgreSQL folds the CASE when it plans the statement. Null: no word. */
export function searchQuery(search: string): SQL | null {
  const words = searchWordsOf(search);
  return words.length === 0 ? null : queryOfWords(words.map((word) => sql`${word}::text`));
}

/** Words the text parser keeps whole, so their query asks exactly the prefixes below: English letters, digits, Arabic letters. */
const WHOLE_WORD = /^(?:[a-z]+|[0-9]+|[\u0621-\u064a]+)$/;

/** A plain search's words, when its total can be counted in search_words: every one a whole word. */
function wholeWordsOf(search: string): string[] | null {
  const words = searchWordsOf(search);
  return words.length > 0 && words.every((word) => WHOLE_WORD.test(word)) ? words : null;
}

/**
 * The total of a search with no other filter, counted in search_words (decision 046): the same prefixes queryOfWords
 * asks (the shorter one, or the stem and the word as typed), each a range of the table's key, read without the
 * products: an index-only scan. Products matching every word are those in each word's set. A prefix's range runs from
 * it to the prefix with its last letter moved one on ("linen" to "lineo"), worked out once per statement in an
 * InitPlan, so the statement's plan is the same for every search of as many words and can be kept (decision 048).
 */
function totalOfWords(words: readonly SQL[]): SQL {
  const matching = (prefix: SQL) => sql`select ${searchWords.productId} from ${searchWords}
    where ${searchWords.word} >= (select ${prefix}) and ${searchWords.word} < (select left(${prefix}, -1) || chr(ascii(right(${prefix}, 1)) + 1))`;
  const sets = words.map((word) => {
    const stem = stemOf(word);
    const shorter = sql`case when ${stem} is null or starts_with(${stem}, ${word}) then ${word} else ${stem} end`;
    // null (no rows) unless both are asked
    const typed = sql`case when not (${stem} is null or starts_with(${stem}, ${word}) or starts_with(${word}, ${stem})) then ${word} end`;
    return sql`${matching(shorter)} union all ${matching(typed)}`;
  });
  if (sets.length === 1) return sql`select count(distinct product_id)::int from (${sets[0]}) m`;
  return sql`select count(*)::int from (${sql.join(sets.map((set) => sql`(select product_id from (${set}) s)`), sql` intersect `)}) m`;
}

/** The statement of a search's total from search_words, its words as values; null when a word is not a whole one. */
export function searchTotalQuery(search: string): SQL | null {
  const words = wholeWordsOf(search);
  return words && sql`select (${totalOfWords(words.map((word) => sql`${word}::text`))}) as total`;
}

/**
 * Plain searches (whole words, no other filter), prepared, one statement per number of words (decision 048): the
 * words are parameters and the query is worked out once per run in an InitPlan, so PostgreSQL plans each statement
 * once, where building and planning the search's two statements on every read cost about as much as running them.
 * `ranked`: a page of the matches ranked, newest first among equals, each row with the search's total (one round
 * trip); `total`: the total alone.
 */
const searchStatements = preparedFor((db) =>
  Array.from({ length: SEARCH_WORDS_MAX }, (_, index) => {
    const words = Array.from({ length: index + 1 }, (_, at) => sql`${sql.placeholder(`w${at}`)}::text`);
    const query = sql`(select ${queryOfWords(words)})`;
    const total = totalOfWords(words);
    return {
      ranked: db
        .select({ ...productColumns, total: sql<number>`(${total})`.mapWith(Number) })
        .from(products)
        .where(sql`${products.searchVector} @@ ${query}`)
        .orderBy(sql`ts_rank(${products.searchVector}, ${query}) desc`, ...newestFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`products_search_${index + 1}`),
      total: db.select({ total: sql<number>`(${total})`.mapWith(Number) }).from(sql`(select 1) one`).prepare(`products_search_total_${index + 1}`),
    };
  }),
);

/** The words of a plain search as its prepared statement's parameters. */
const wordParameters = (words: readonly string[]) => Object.fromEntries(words.map((word, at) => [`w${at}`, word]));

export interface ShopQuery {
  where: SQL | undefined;
  /** a search's query: its matches are ranked by it */
  search?: SQL;
  /**
   * A listing by gender or category only: its total is the sum of a few product_counts rows (kept in step by the
   * triggers of migration 0004) that match this, instead of a count of every product. `true`: all of them.
   */
  counted?: SQL | true;
  /** the same listing as one of the prepared ones (`pagesWithTotal`), when it is one */
  prepared?: PreparedListing;
  /**
   * A listing narrowed by colours and at most one size, without a search, price or stock filter: its total, and the
   * facets' size and colour counts, are sums of product_facet_counts rows (decision 045). `scope`: the rows of its
   * category or gender; `colors`: of its colours; `size`: its size, or '' for the products themselves.
   */
  facetRows?: { scope: SQL | undefined; colors: SQL | undefined; size: string };
  /** a search with no other filter, of whole words: its total is counted from search_words (`totalOfWords`) */
  searchWords?: string[];
}

type PreparedListing = { by: 'all' } | { by: 'gender'; gender: string } | { by: 'category'; categoryId: string };

/** A shop page's category, by its title (any case) and gender when one is asked for: prepared (db/prepared.ts). */
const categoryLookups = preparedFor((db) => {
  const titled = sql`lower(${categories.title}) = lower(${sql.placeholder('title')})`;
  const ids = () => db.select({ id: categories.id }).from(categories);
  return {
    anyGender: ids().where(titled).prepare('category_ids_by_title'),
    ofGender: ids().where(and(titled, eq(categories.gender, sql.placeholder('gender')))).prepare('category_id_by_title_and_gender'),
  };
});

/**
 * The WHERE of a shop listing, or null when it cannot match anything. A category is looked up first (with the gender,
 * when one is asked for): its ids then let PostgreSQL use the category index, where a subquery left it guessing and
 * scanning every product of the gender. A category has one gender, so its ids already hold the gender filter.
 */
export async function shopConditions(db: Db, filter: ShopFilter): Promise<ShopQuery | null> {
  const conditions: SQL[] = [];
  let counted: SQL | true = true;
  let scope: SQL | undefined;
  let prepared: PreparedListing | undefined = { by: 'all' };
  if (filter.category) {
    const lookups = categoryLookups(db);
    const found = filter.gender
      ? await lookups.ofGender.execute({ title: filter.category, gender: filter.gender })
      : await lookups.anyGender.execute({ title: filter.category });
    if (found.length === 0) return null;
    const ids = found.map((category) => category.id);
    conditions.push(inArray(products.categoryId, ids));
    counted = inArray(productCounts.categoryId, ids);
    scope = inArray(productFacetCounts.categoryId, ids);
    // a title without a gender can name a category of each: only one category has a prepared listing
    prepared = ids.length === 1 ? { by: 'category', categoryId: ids[0]! } : undefined;
  } else if (filter.gender) {
    conditions.push(eq(products.gender, filter.gender));
    counted = eq(productCounts.gender, filter.gender);
    scope = eq(productFacetCounts.gender, filter.gender);
    prepared = { by: 'gender', gender: filter.gender };
  }
  if (filter.stock === 'sold-out') {
    conditions.push(sql`not exists (select 1 from product_sizes ps where ps.product_id = ${products.id} and (ps.stock is null or ps.stock > 0))`);
  } else if (filter.stock === 'low') {
    conditions.push(sql`exists (select 1 from product_sizes ps where ps.product_id = ${products.id} and ps.stock between 1 and ${LOW_STOCK_MAX})`);
  }
  // PRODUCT section 8: sizes in stock, colours by name (any case), the price as paid after the product's discount
  const { size, color, minPrice, maxPrice } = filter;
  if (size?.length) {
    conditions.push(sql`exists (select 1 from product_sizes ps where ps.product_id = ${products.id} and ps.size in (${listOf(size)}) and ${sizeInStock})`);
  }
  if (color?.length) conditions.push(sql`lower(${products.colorName}) in (${listOf(color.map((name) => name.toLowerCase()))})`);
  if (minPrice !== undefined) conditions.push(gte(products.paidPiastres, toPiastres(minPrice)));
  if (maxPrice !== undefined) conditions.push(lte(products.paidPiastres, toPiastres(maxPrice)));
  const narrowed = Boolean(size?.length || color?.length) || minPrice !== undefined || maxPrice !== undefined;
  let search: SQL | undefined;
  let wholeWords: string[] | null = null;
  if (filter.search !== undefined) {
    const query = searchQuery(filter.search);
    if (!query) return null;
    search = query;
    wholeWords = wholeWordsOf(filter.search);
    conditions.push(sql`${products.searchVector} @@ (${query})`);
  }
  const keptCount = filter.stock === undefined && search === undefined && !narrowed;
  const newest = filter.sort === undefined || filter.sort === 'newest';
  const facetCounted = filter.stock === undefined && search === undefined && minPrice === undefined && maxPrice === undefined && (size?.length ?? 0) <= 1;
  const facetColors = color?.length ? sql`lower(${productFacetCounts.colorName}) in (${listOf(color.map((name) => name.toLowerCase()))})` : undefined;
  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    ...(search ? { search } : {}),
    ...(wholeWords && conditions.length === 1 ? { searchWords: wholeWords } : {}),
    ...(keptCount ? { counted } : {}),
    ...(keptCount && newest && prepared ? { prepared } : {}),
    ...(facetCounted ? { facetRows: { scope, colors: facetColors, size: size?.[0] ?? '' } } : {}),
  };
}

/** The shop's sorts; ties go newest first. Each has an index in that order (db/schema.ts). */
const SORTS = {
  newest: newestFirst,
  'price-asc': [sql`${products.paidPiastres} asc`, ...newestFirst],
  'price-desc': [sql`${products.paidPiastres} desc nulls last`, ...newestFirst],
  discount: [sql`${products.discountPercent} desc nulls last`, ...newestFirst],
} satisfies Record<ShopSort, SQL[]>;

/** A category of a gender, newest first, with no other filter: the storefront's category pages. */
function categoryPageOf(filter: ShopFilter) {
  const { gender, category, search, size, color, minPrice, maxPrice, stock, sort } = filter;
  const plain = search === undefined && !size?.length && !color?.length && minPrice === undefined && maxPrice === undefined && stock === undefined;
  return gender && category && plain && (sort === undefined || sort === 'newest') ? { gender, title: category } : null;
}

export async function listProducts(db: Db, filter: ShopFilter, page: Page) {
  // the storefront's category page is one round trip: its statement finds the category by title and gender too
  const categoryPage = categoryPageOf(filter);
  if (categoryPage && page.offset < DEEP_OFFSET) {
    const rows = await pagesWithTotal(db).categoryTitled.execute({ ...categoryPage, limit: page.limit, offset: page.offset });
    if (rows.length > 0) return { products: rows.map(toProduct), total: rows[0]!.total };
    // past the last page, or no such category: as every listing, below
  }
  const shop = await shopConditions(db, filter);
  if (shop === null) return { products: [], total: 0 };
  const { where, search, counted, prepared, facetRows, searchWords: plainSearch } = shop;
  // a plain search ranked: its prepared statement, the page with its total; past the last page, its total alone
  if (plainSearch && filter.sort === undefined) {
    const statements = searchStatements(db)[plainSearch.length - 1]!;
    const rows = await statements.ranked.execute({ ...wordParameters(plainSearch), limit: page.limit, offset: page.offset });
    if (rows.length > 0) return { products: rows.map(toProduct), total: rows[0]!.total };
    const [counted] = await statements.total.execute(wordParameters(plainSearch));
    return { products: [], total: counted?.total ?? 0 };
  }
  // (a category page whose statement above found no row is past its last page: its total alone, below)
  if (prepared && !categoryPage && page.offset < DEEP_OFFSET) {
    const rows = await pageWithTotal(db, prepared, page);
    if (rows.length > 0) return { products: rows.map(toProduct), total: rows[0]!.total };
    // past the last page: the total alone, below
  }
  const countAll = async () => {
    if (plainSearch) return (await searchStatements(db)[plainSearch.length - 1]!.total.execute(wordParameters(plainSearch)))[0]?.total ?? 0;
    if (counted === undefined && facetRows) {
      const [row] = await db
        .select({ value: sql<number>`coalesce(sum(${productFacetCounts.products}), 0)::int` })
        .from(productFacetCounts)
        .where(and(facetRows.scope, facetRows.colors, eq(productFacetCounts.size, facetRows.size)));
      return row?.value ?? 0;
    }
    if (counted === undefined) return (await db.select({ value: count() }).from(products).where(where))[0]?.value ?? 0;
    const [row] = await db
      .select({ value: sql<number>`coalesce(sum(${productCounts.products}), 0)::int` })
      .from(productCounts)
      .where(counted === true ? undefined : counted);
    return row?.value ?? 0;
  };
  const rows = (order: SQL[], limit: number, offset: number) =>
    db.select(productColumns).from(products).where(where).orderBy(...order).limit(limit).offset(offset);
  if ((search && filter.sort === undefined) || (filter.sort !== undefined && filter.sort !== 'newest')) {
    // A search ranks its matches (a word in the name weighs more than one in the description), then the newest,
    // unless the shopper chose a sort.
    const order = filter.sort ? SORTS[filter.sort] : [sql`ts_rank(${products.searchVector}, (${search})) desc`, ...newestFirst];
    const [found, total] = await Promise.all([rows(order, page.limit, page.offset), countAll()]);
    return { products: found.map(toProduct), total };
  }
  if (page.offset < DEEP_OFFSET) {
    const [found, total] = await Promise.all([rows(newestFirst, page.limit, page.offset), countAll()]);
    return { products: found.map(toProduct), total };
  }
  const total = await countAll();
  const slice = fromNearerEnd(page, total);
  if (!slice) return { products: [], total };
  const found = slice.reversed ? (await rows(oldestFirst, slice.limit, slice.offset)).reverse() : await rows(newestFirst, slice.limit, slice.offset);
  return { products: found.map(toProduct), total };
}

/**
 * The storefront's listings (all, a gender, a category) newest first, each row with the listing's total: one prepared
 * statement, one round trip, where the page and its count were two statements built on every request. The total is
 * an uncorrelated subquery, so PostgreSQL sums the product_counts rows once, not once per row.
 */
const pagesWithTotal = preparedFor((db) => {
  const totalOf = (counted?: SQL) =>
    sql<number>`(select coalesce(sum(${productCounts.products}), 0)::int from ${productCounts}${counted ? sql` where ${counted}` : sql``})`.mapWith(Number);
  const page = (name: string, where: SQL | undefined, counted: SQL | undefined) =>
    db
      .select({ ...productColumns, total: totalOf(counted) })
      .from(products)
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const gender = sql.placeholder('gender');
  const categoryId = sql.placeholder('categoryId');
  // one category at most: a title is unique within a gender (categories_gender_title_key)
  const titled = sql`(select ${categories.id} from ${categories} where ${categories.gender} = ${gender} and lower(${categories.title}) = lower(${sql.placeholder('title')}))`;
  return {
    all: page('products_page_all', undefined, undefined),
    gender: page('products_page_gender', eq(products.gender, gender), eq(productCounts.gender, gender)),
    category: page('products_page_category', eq(products.categoryId, categoryId), eq(productCounts.categoryId, categoryId)),
    categoryTitled: page('products_page_category_titled', eq(products.categoryId, titled), eq(productCounts.categoryId, titled)),
  };
});

function pageWithTotal(db: Db, listing: PreparedListing, page: Page) {
  const queries = pagesWithTotal(db);
  const at = { limit: page.limit, offset: page.offset };
  if (listing.by === 'gender') return queries.gender.execute({ ...at, gender: listing.gender });
  if (listing.by === 'category') return queries.category.execute({ ...at, categoryId: listing.categoryId });
  return queries.all.execute(at);
}

/** The product page's reads, prepared (db/prepared.ts). */
const productLookups = preparedFor((db) => ({
  byId: db.select(productColumns).from(products).where(eq(products.id, sql.placeholder('id'))).prepare('product_by_id'),
  byName: db.select(productColumns).from(products).where(sql`lower(${products.name}) = lower(${sql.placeholder('name')})`).prepare('product_by_name'),
}));

export async function findProductRow(db: Db, idOrName: string) {
  const lookups = productLookups(db);
  const [row] = isUuid(idOrName) ? await lookups.byId.execute({ id: idOrName }) : await lookups.byName.execute({ name: idOrName });
  if (!row) throw notFound(MESSAGES.productNotFound);
  return row;
}

/**
 * A product page's extras (PRODUCT section 8), read in the product's own statement so the page is one round trip to the
 * database, not three: the colours of its style (the oldest first, as the wire has them; null when none) and its
 * category's size guide.
 */
type StyleColors = NonNullable<Product['styleColors']>;
const styleColorsOf = sql<StyleColors | null>`(select json_agg(json_build_object('_id', s.id, 'name', s.name, 'color', json_build_object(
    'name', s.color_name, 'nameAr', coalesce(s.color_name_ar, ''), 'hex', coalesce(s.color_hex, '#000000'))) order by s.created_at, s.id)
  from (select id, name, color_name, color_name_ar, color_hex, created_at from products s
        where s.style = "products"."style" and s.color_name is not null
        order by s.created_at asc nulls first, s.id asc nulls first limit ${sql.raw(String(STYLE_COLORS_MAX))}) s)`;
const sizeGuideOf = sql<Product['sizeGuide'] | null>`(select c.size_guide from categories c where c.id = "products"."category_id")`;

/** The product page's read, prepared (db/prepared.ts). */
const productPages = preparedFor((db) => {
  const page = { ...productColumns, styleColors: styleColorsOf, sizeGuide: sizeGuideOf };
  return {
    byId: db.select(page).from(products).where(eq(products.id, sql.placeholder('id'))).prepare('product_page_by_id'),
    byName: db.select(page).from(products).where(sql`lower(${products.name}) = lower(${sql.placeholder('name')})`).prepare('product_page_by_name'),
  };
});

/** A product as its own page reads it: with the colours of its style and its category's size guide. */
export async function findProduct(db: Db, idOrName: string): Promise<Product> {
  const pages = productPages(db);
  const [row] = isUuid(idOrName) ? await pages.byId.execute({ id: idOrName }) : await pages.byName.execute({ name: idOrName });
  if (!row) throw notFound(MESSAGES.productNotFound);
  const { styleColors, sizeGuide, ...product } = row;
  return {
    ...toProduct(product),
    ...(product.style === null ? {} : { styleColors: styleColors ?? [] }),
    ...(sizeGuide ? { sizeGuide } : {}),
  };
}

export async function relatedProducts(db: Db, idOrName: string) {
  const product = await findProductRow(db, idOrName);
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.categoryId, product.categoryId), eq(products.gender, product.gender), ne(products.id, product.id)))
    .orderBy(...newestFirst)
    .limit(RELATED_PRODUCTS_LIMIT);
  return rows.map(toProduct);
}


async function columnsOf(db: Db, fields: ProductFields) {
  const category = await findCategory(db, fields.gender, fields.category);
  if (!category) throw invalid(MESSAGES.categoryMissing);
  return {
    name: fields.name,
    description: fields.description,
    // left out: kept as they are on an update (SPEC's form sends none), none on an add; blank or null: none
    ...(fields.nameAr === undefined ? {} : { nameAr: fields.nameAr }),
    ...(fields.descriptionAr === undefined ? {} : { descriptionAr: fields.descriptionAr }),
    ...(fields.style === undefined ? {} : { style: fields.style }),
    ...(fields.returnable === undefined ? {} : { returnable: fields.returnable }),
    ...(fields.color === undefined
      ? {}
      : { colorName: fields.color?.name ?? null, colorNameAr: fields.color?.nameAr || null, colorHex: fields.color?.hex ?? null }),
    pricePiastres: toPiastres(fields.price),
    discountPercent: fields.disCountPrecent,
    gender: fields.gender,
    categoryId: category.id,
    category: category.title,
    categoryAr: category.titleAr,
  };
}

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const [other] = await db.select({ id: products.id }).from(products).where(sql`lower(${products.name}) = lower(${name})`);
  if (other && other.id !== exceptId) throw conflict(MESSAGES.productNameTaken);
}

/** A product as the audit trail keeps it: what the admin's form edits (decision 036). */
async function auditedProduct(db: Db, id: string) {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  if (!row) return null;
  const { _id, createdAt, updatedAt, inStock, ...fields } = toProduct(row);
  return fields;
}

async function createProduct(db: Db, fields: ProductFields, images: string[], actor?: Actor) {
  const values = await columnsOf(db, fields);
  await assertNameFree(db, fields.name);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(products).values({ ...values, images }).returning({ id: products.id });
      await writeSizes(tx as unknown as Db, row!.id, fields.sizes ?? DEFAULT_SIZES);
      if (actor) await recordChange(tx as unknown as Db, actor, { entity: 'product', entityId: row!.id, action: 'create', before: null, after: await auditedProduct(tx as unknown as Db, row!.id) });
      return row!.id;
    });
    return toProduct(await findProductRow(db, id));
  } catch (error) {
    if (isUniqueViolation(error, 'products_name_key')) throw conflict(MESSAGES.productNameTaken);
    throw error;
  }
}

/** Checks what createProduct would refuse, before any image is stored. */
async function assertCreatable(db: Db, fields: ProductFields) {
  await columnsOf(db, fields);
  await assertNameFree(db, fields.name);
}

export interface NewProduct {
  fields: ProductFields;
  /** links to pictures, as they are stored (the shop's own as their /images/… paths) */
  imageUrls: string[];
  /** uploaded pictures, already checked by their bytes */
  files: Buffer[];
}

/** The admin adds a product: files are stored only once everything else is known to be right, and removed if the insert fails. */
export async function addProduct(ctx: CatalogContext, { fields, imageUrls, files }: NewProduct, actor?: Actor) {
  await assertCreatable(ctx.db, fields);
  const stored: string[] = [];
  try {
    for (const file of files) stored.push(await ctx.images.save(file));
    const product = await createProduct(ctx.db, fields, [...stored, ...imageUrls], actor);
    ctx.catalogChanged();
    return product;
  } catch (error) {
    await ctx.images.remove(stored);
    throw error;
  }
}

/**
 * What a save may change: everything (an admin), or a product's sizes and their stock alone (staff: PRODUCT section 8,
 * "orders and stock, nothing else"; its price, discount, name and description are the admin's, decision 051).
 */
export type ProductScope = 'all' | 'stock';

async function saveProduct({ db, jobs }: Pick<CatalogContext, 'db' | 'jobs'>, idOrName: string, fields: ProductFields & { images?: string[] | undefined }, actor?: Actor, scope: ProductScope = 'all') {
  const current = await findProductRow(db, idOrName);
  const values = await columnsOf(db, fields);
  await assertNameFree(db, fields.name, current.id);
  try {
    await db.transaction(async (tx) => {
      const before = actor || scope === 'stock' ? await auditedProduct(tx as unknown as Db, current.id) : null;
      const [row] = await tx
        .update(products)
        .set({ ...values, ...(fields.images ? { images: fields.images } : {}), updatedAt: new Date() })
        .where(eq(products.id, current.id))
        .returning({ id: products.id });
      if (!row) throw notFound(MESSAGES.productNotFound);
      // SPEC's update form sends no sizes: the product keeps its own.
      if (fields.sizes) {
        const back = await writeSizes(tx as unknown as Db, current.id, fields.sizes);
        if (back.length > 0) await jobs.publish(tx as unknown as Db, 'stock.back', { sizes: back });
      }
      if (before) {
        const changed = changedFields(before, (await auditedProduct(tx as unknown as Db, current.id))!);
        // staff send the whole form as SPEC's update has it: what they may not change must come back as it was
        if (scope === 'stock' && Object.keys(changed.after).some((field) => field !== 'sizes')) throw forbidden(MESSAGES.staffStockOnly);
        if (actor && Object.keys(changed.after).length > 0) await recordChange(tx as unknown as Db, actor, { entity: 'product', entityId: current.id, action: 'update', ...changed });
      }
    });
    return { product: toProduct(await findProductRow(db, current.id)), previousImages: current.images };
  } catch (error) {
    if (isUniqueViolation(error, 'products_name_key')) throw conflict(MESSAGES.productNameTaken);
    throw error;
  }
}

/** The admin saves a product; the files of the pictures it no longer shows go, unless something else still shows them. */
export async function updateProduct(ctx: CatalogContext, idOrName: string, fields: ProductFields & { images?: string[] | undefined }, actor?: Actor, scope: ProductScope = 'all') {
  const { product, previousImages } = await saveProduct(ctx, idOrName, fields, actor, scope).catch((error: unknown) => {
    // After a 409 (a size's stock changed since the form was opened) the form reads the product again: it must get
    // the stock as it is now, not a cached count (decision 011 lets counts above LOW_STOCK_MAX show a little late).
    if (error instanceof ShopError && error.kind === 'conflict') ctx.catalogChanged();
    throw error;
  });
  ctx.catalogChanged();
  const dropped = previousImages.filter((url) => !product.images.includes(url));
  const kept = await imagesInUse(ctx.db, dropped);
  await ctx.images.remove(dropped.filter((url) => !kept.has(url)));
  return product;
}

/** Carts and wishlists lose the product (cascade); orders keep their snapshot, so its uploaded files stay too. */
export async function deleteProduct(ctx: Pick<CatalogContext, 'db' | 'catalogChanged'>, idOrName: string, actor?: Actor) {
  const current = await findProductRow(ctx.db, idOrName);
  await ctx.db.transaction(async (tx) => {
    const before = actor ? await auditedProduct(tx as unknown as Db, current.id) : null;
    const deleted = await tx.delete(products).where(eq(products.id, current.id)).returning({ id: products.id });
    if (deleted.length === 0) throw notFound(MESSAGES.productNotFound);
    if (actor) await recordChange(tx as unknown as Db, actor, { entity: 'product', entityId: current.id, action: 'delete', before, after: null });
  });
  ctx.catalogChanged();
}

/** The images some product or some past order (its snapshot) still shows: their files must stay. */
async function imagesInUse(db: Db, urls: readonly string[]): Promise<Set<string>> {
  const inUse = new Set<string>();
  for (const url of urls) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.images} @> ${JSON.stringify([url])}::jsonb`)
      .limit(1);
    const [order] = product
      ? []
      : await db
          .select({ id: orders.id })
          .from(orders)
          .where(sql`${orders.lines} @> ${JSON.stringify([{ product: { images: [url] } }])}::jsonb`)
          .limit(1);
    if (product || order) inUse.add(url);
  }
  return inUse;
}
