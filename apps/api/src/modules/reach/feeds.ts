// The product feeds (PRODUCT section 9, "Where shoppers are"): Meta's catalog reads /feeds/meta.csv, Google's Merchant
// Center /feeds/google.xml. One row per product size, in stock or not, each with the fields both documents require.
// Written as read: a page of products at a time, each page from the last id of the one before (the products' primary
// key), so 100,000 products start answering at once and every row costs what the first did (decision 062).
import { sql } from 'drizzle-orm';
import { ONE_SIZE } from '@shop/core/constants';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { csvCell } from '../exports/csv.ts';

/** Google's category for every row: Apparel & Accessories > Clothing. */
export const GOOGLE_CATEGORY = 1604;

/** Products read per statement: the feed's memory is one page, whatever the catalog's size. */
const PAGE_PRODUCTS = 500;

export type FeedLanguage = 'en' | 'ar';

/** What a feed row is made of: the shop's own names for the parts of a product and where it is seen. */
export interface FeedShop {
  /** the brand's name in the feed's language */
  brand: string;
  publicUrl: string;
  /** where the product pictures are served from (IMAGE_BASE_URL, else PUBLIC_URL) */
  imageBase: string;
  lang: FeedLanguage;
}

/** One size of one product, as both feeds write it. */
export interface FeedItem {
  id: string;
  itemGroupId: string;
  title: string;
  description: string;
  availability: 'in stock' | 'out of stock';
  price: string;
  salePrice: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  brand: string;
  gender: 'female' | 'male';
  color: string;
  size: string;
}

interface ProductRow {
  id: string;
  name: string;
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  price_piastres: number;
  discount_percent: number;
  paid_piastres: number;
  gender: string;
  images: string[];
  style: string | null;
  color_name: string | null;
  color_name_ar: string | null;
  sizes: { size: string; stock: number | null }[] | null;
}

/** `1234.00 EGP`, as both feeds write a price (from piastres, without a float's rounding). */
export function feedPrice(piastres: number): string {
  return `${Math.floor(piastres / 100)}.${String(piastres % 100).padStart(2, '0')} EGP`;
}

/** A description as both feeds want it: plain text, no HTML, at most 5,000 characters. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim()
    .slice(0, 5000);
}

function absolute(base: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Each size of a product as a feed row (a product with no size row: one row, its one size, in stock). */
export function itemsOf(product: ProductRow, shop: FeedShop): FeedItem[] {
  const ar = shop.lang === 'ar';
  const title = ((ar && product.name_ar) || product.name).slice(0, 150);
  const description = plainText((ar && product.description_ar) || product.description) || title;
  const page = `/products/${encodeURIComponent(product.name)}`;
  // an Arabic row's link goes through the language switch, which keeps Arabic for the shopper and shows the product
  const link = ar ? `${shop.publicUrl}/lang/ar?back=${encodeURIComponent(page)}` : `${shop.publicUrl}${page}`;
  const [first = '', ...more] = product.images.map((image) => absolute(shop.imageBase, image));
  const sizes = product.sizes && product.sizes.length > 0 ? product.sizes : [{ size: ONE_SIZE, stock: null }];
  const sale = product.discount_percent > 0 && product.paid_piastres < product.price_piastres;
  return sizes.map(({ size, stock }) => ({
    id: `${product.id}-${size}`,
    itemGroupId: product.style || product.id,
    title,
    description,
    availability: stock === null || stock > 0 ? 'in stock' : 'out of stock',
    price: feedPrice(product.price_piastres),
    salePrice: sale ? feedPrice(product.paid_piastres) : '',
    link,
    imageLink: first,
    additionalImageLinks: more.slice(0, 10),
    brand: shop.brand,
    gender: product.gender === 'men' ? 'male' : 'female',
    color: (ar && product.color_name_ar) || product.color_name || '',
    size,
  }));
}

/** The catalog a page of products at a time, by id: each statement starts where the one before ended. */
export async function* feedItems(db: Db, shop: FeedShop): AsyncGenerator<FeedItem[]> {
  let after: string | null = null;
  for (;;) {
    const rows: ProductRow[] = await queryRows<ProductRow>(
      db,
      sql`select p.id, p.name, p.name_ar, p.description, p.description_ar, p.price_piastres, p.discount_percent, p.paid_piastres,
          p.gender, p.images, p.style, p.color_name, p.color_name_ar,
          (select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.position)
             from product_sizes s where s.product_id = p.id) as sizes
        from products p
        where ${after === null ? sql`true` : sql`p.id > ${after}::uuid`}
        order by p.id limit ${PAGE_PRODUCTS}`,
    );
    if (rows.length > 0) yield rows.flatMap((row) => itemsOf(row, shop));
    if (rows.length < PAGE_PRODUCTS) return;
    after = rows.at(-1)!.id;
  }
}

// ---- Meta's catalog: CSV -------------------------------------------------------------------------------------------

/** Meta's columns for a clothing catalog (its "Catalog data feed" spec): the required ones, then clothing's. */
export const META_COLUMNS = [
  'id', 'item_group_id', 'title', 'description', 'availability', 'condition', 'price', 'sale_price', 'link', 'image_link',
  'additional_image_link', 'brand', 'google_product_category', 'gender', 'age_group', 'color', 'size',
] as const;

function metaCells(item: FeedItem): string[] {
  return [
    item.id, item.itemGroupId, item.title, item.description, item.availability, 'new', item.price, item.salePrice, item.link, item.imageLink,
    item.additionalImageLinks.join(','), item.brand, String(GOOGLE_CATEGORY), item.gender, 'adult', item.color, item.size,
  ];
}

/**
 * Meta's language feed for Arabic (its "language and country feeds"): each row overrides the main feed's texts for
 * shoppers who read Arabic, keyed by the same id.
 */
export const META_ARABIC_COLUMNS = ['id', 'override', 'title', 'description', 'link', 'color'] as const;
const META_ARABIC = 'ar_XX';

function metaArabicCells(item: FeedItem): string[] {
  return [item.id, META_ARABIC, item.title, item.description, item.link, item.color];
}

/** RFC 4180, as Meta reads it: a cell with a comma, quote or line break quoted, quotes doubled; UTF-8 without a BOM. */
export async function* metaCsv(pages: AsyncIterable<FeedItem[]>, lang: FeedLanguage): AsyncGenerator<string> {
  const [columns, cells] = lang === 'ar' ? [META_ARABIC_COLUMNS, metaArabicCells] : [META_COLUMNS, metaCells];
  yield `${columns.join(',')}\r\n`;
  for await (const items of pages) yield items.map((item) => cells(item).map(csvCell).join(',') + '\r\n').join('');
}

// ---- Google Merchant Center: RSS 2.0 with the g: namespace ---------------------------------------------------------

const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/** Text as XML may hold it: the five escapes, and no character XML 1.0 forbids (control characters). */
export function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are control characters
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&'"]/g, (char) => XML_ESCAPES[char]!);
}

function googleItem(item: FeedItem): string {
  const field = (name: string, value: string) => (value ? `<g:${name}>${xmlText(value)}</g:${name}>` : '');
  return [
    '<item>',
    field('id', item.id),
    field('item_group_id', item.itemGroupId),
    `<title>${xmlText(item.title)}</title>`,
    `<description>${xmlText(item.description)}</description>`,
    `<link>${xmlText(item.link)}</link>`,
    field('image_link', item.imageLink),
    ...item.additionalImageLinks.map((image) => field('additional_image_link', image)),
    field('availability', item.availability),
    field('price', item.price),
    field('sale_price', item.salePrice),
    field('brand', item.brand),
    field('condition', 'new'),
    field('google_product_category', String(GOOGLE_CATEGORY)),
    field('gender', item.gender),
    field('age_group', 'adult'),
    field('color', item.color),
    field('size', item.size),
    '</item>\n',
  ].join('');
}

/** The feed as Google's RSS 2.0 specification has it; a feed is in one language, said in the channel. */
export async function* googleXml(pages: AsyncIterable<FeedItem[]>, shop: FeedShop): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n` +
    `<title>${xmlText(shop.brand)}</title>\n<link>${xmlText(shop.publicUrl)}/</link>\n<description>${xmlText(shop.brand)}</description>\n<language>${shop.lang}</language>\n`;
  for await (const items of pages) yield items.map(googleItem).join('');
  yield '</channel>\n</rss>\n';
}
