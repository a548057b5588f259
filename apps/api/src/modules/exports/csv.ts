// Spreadsheets of the shop (PRODUCT section 8, "Reports and files"): UTF-8 with a byte order mark, so Excel opens the
// Arabic as Arabic; RFC 4180 (commas, CRLF, quotes doubled); a text cell that a spreadsheet could run as a formula
// starts with an apostrophe (decision 051). This is the shop's one CSV writer.
import { asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { ONE_SIZE } from '@shop/core/constants';
import { toEgp } from '@shop/core/money';
import type { OrderStatus } from '@shop/core/order-status';
import { SHOP_TIME_ZONE } from '@shop/core/report-dates';
import type { Db } from '../../db/client.ts';
import { orders, productSizesOf, products } from '../../db/schema.ts';

const BOM = '\uFEFF';

/** A cell as a spreadsheet reads it back: quoted when it must be, and never a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  // A text starting with = + - @, a tab or a return may run as a formula (OWASP's CSV injection: `-1+1+cmd|' /C calc'!A0`
  // and `+1+HYPERLINK(…)` start with a sign and a digit), so every such text starts with an apostrophe, a phone number
  // written +20 … too. The shop's own figures are numbers, written bare: a spreadsheet reads them as numbers
  // (decision 051).
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type Cells = readonly (string | number | null | undefined)[];

export function csvOf(header: readonly string[], rows: readonly Cells[]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Rows read a page at a time, this many: a file of any size is written in the memory of one page. */
const PAGE_ROWS = 1000;

/**
 * A file as its pieces: the BOM and header, then the rows a page at a time, each page read after the one before it
 * (by `next`, from its last row) and sent before the next is read. Pages are separate statements: a row changed while
 * the file is written shows as it was when its page was read.
 */
async function* csvPages<Row>(header: readonly string[], next: (after: Row | undefined) => Promise<Row[]>, cells: (row: Row) => Cells): AsyncGenerator<string> {
  yield BOM + header.map(csvCell).join(',') + '\r\n';
  let after: Row | undefined;
  for (;;) {
    const rows = await next(after);
    if (rows.length > 0) yield rows.map((row) => cells(row).map(csvCell).join(',') + '\r\n').join('');
    if (rows.length < PAGE_ROWS) return;
    after = rows.at(-1);
  }
}

const CAIRO_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
/** "2026-11-26 14:05", Cairo time. */
const cairoTime = (at: Date) => CAIRO_TIME.format(at).replace(', ', ' ');

const ORDER_HEADER = [
  'number', 'order', 'placed (Cairo time)', 'status', 'first name', 'second name', 'email', 'phone', 'governorate', 'city', 'address', 'payment', 'items', 'pieces', 'total (EGP)',
] as const;

/** The orders placed from one Cairo date to another (both included), in one status or all, oldest first. */
export function ordersCsv(db: Db, from: string, to: string, status?: OrderStatus): AsyncGenerator<string> {
  const where: SQL[] = [
    sql`${orders.createdAt} >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`,
    sql`${orders.createdAt} < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`,
  ];
  if (status) where.push(eq(orders.status, status));
  // from the orders' (created_at, id) index, each page after the last order of the one before; its time is carried as
  // PostgreSQL wrote it (microseconds: a JavaScript Date keeps milliseconds, and would read some orders twice)
  const next = (after: { placedAt: string; id: string } | undefined) =>
    db
      .select({ ...getTableColumns(orders), placedAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(sql.join([...where, ...(after ? [sql`(${orders.createdAt}, ${orders.id}) > (${after.placedAt}::timestamptz, ${after.id})`] : [])], sql` and `))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(PAGE_ROWS);
  return csvPages(ORDER_HEADER, next, (order) => [
    order.number, order.id, cairoTime(order.createdAt), order.status, order.firstName, order.secondName, order.email, order.phoneNumber, order.governorate,
    order.city, order.address, order.wayForPayment,
    order.lines.map((line) => `${line.product.name}${line.size && line.size !== ONE_SIZE ? ` (${line.size})` : ''} x ${line.quantity}`).join('; '),
    order.lines.reduce((sum, line) => sum + line.quantity, 0),
    toEgp(order.totalPiastres),
  ]);
}

// Columns are only ever added at the end (an owner's older files, and her formulas, keep their places): style and
// colour came after the rest (PRODUCT section 8, "Finding the right piece").
export const PRODUCT_HEADER = [
  'name', 'name (Arabic)', 'description', 'description (Arabic)', 'category', 'gender', 'price (EGP)', 'discount (%)', 'sizes', 'images',
  'style', 'colour', 'colour (Arabic)', 'colour (hex)',
] as const;

/**
 * Every product, by name (any case); its sizes as "S:3 | M:0 | L" (a size without a number is not tracked); its style
 * and colour as the shop shows them (wire.ts toProduct), blank when it has none.
 */
export function productsCsv(db: Db): AsyncGenerator<string> {
  // the columns the file holds, no more (a product's rating, in productColumns, is a subquery per product), from the
  // unique index of lower(name), each page after the last name of the one before
  const byName = sql<string>`lower(${products.name})`;
  const next = (after: { key: string } | undefined) =>
    db
      .select({
        key: byName, name: products.name, nameAr: products.nameAr, description: products.description, descriptionAr: products.descriptionAr,
        category: products.category, gender: products.gender, pricePiastres: products.pricePiastres, discountPercent: products.discountPercent,
        sizes: productSizesOf, images: products.images, style: products.style, colorName: products.colorName, colorNameAr: products.colorNameAr,
        colorHex: products.colorHex,
      })
      .from(products)
      .where(after ? sql`${byName} > ${after.key}` : undefined)
      .orderBy(byName)
      .limit(PAGE_ROWS);
  return csvPages(PRODUCT_HEADER, next, (product) => [
    product.name, product.nameAr, product.description, product.descriptionAr, product.category, product.gender, toEgp(product.pricePiastres), product.discountPercent,
    product.sizes.map(({ size, stock }) => (stock === null ? size : `${size}:${stock}`)).join(' | '),
    product.images.join(' '),
    product.style,
    ...(product.colorName === null ? [null, null, null] : [product.colorName, product.colorNameAr, product.colorHex ?? '#000000']),
  ]);
}
