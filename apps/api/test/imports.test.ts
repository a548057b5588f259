// Importing products from a spreadsheet (PRODUCT section 8, "Reports and files", decision 041): POST
// /api/products/import reads the file the export writes; a dry run answers what it would do and every bad cell; a
// real run writes every row or none, with the audit trail's rows, and the catalog's cached answers are read again.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { auditEntries, cartItems, categories, productSizes, products } from '../src/db/schema.ts';
import { readCsv } from '../src/modules/exports/csv-read.ts';
import { csvOf, PRODUCT_HEADER } from '../src/modules/exports/csv.ts';
import { insertCategory, insertProduct, insertUser } from '../src/scripts/factories.ts';
import { api } from './client.ts';
import { appOnEmptyDatabase, multipart } from './helpers.ts';

let app: App;
let close: () => Promise<void>;
let token: string;
let staffToken: string;

beforeAll(async () => {
  ({ app, close } = await appOnEmptyDatabase());
  const admin = await insertUser(app.db, { username: 'owner', email: 'owner@example.com', passwordHash: 'x', role: 'admin' });
  token = app.signToken(admin);
  const staff = await insertUser(app.db, { username: 'packer', email: 'packer@example.com', passwordHash: 'x', role: 'staff' });
  staffToken = app.signToken(staff);
  await insertCategory(app.db, { gender: 'men', title: 'Shirts', titleAr: 'قمصان' });
  await insertCategory(app.db, { gender: 'women', title: 'Dresses' });
});
afterAll(async () => {
  await close?.();
});

async function importCsv(csv: string | Buffer, { dryRun = false, into = app, as = token, lang }: { dryRun?: boolean; into?: App; as?: string; lang?: string } = {}) {
  const form = await multipart({}, [{ data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), filename: 'products.csv', type: 'text/csv', field: 'file' }]);
  return api('importProducts', {
    app: into,
    token: as,
    query: { dryRun: dryRun ? 'true' : 'false' },
    headers: { ...form.headers, ...(lang ? { 'accept-language': lang } : {}) },
    payload: form.payload,
  });
}

const productCount = async (into = app) => (await into.db.select({ value: count() }).from(products))[0]!.value;
const auditCount = async () => (await app.db.select({ value: count() }).from(auditEntries))[0]!.value;

/**
 * A file with bad cells and one good row: a dry run lists the cells and counts the good row, a real run refuses with
 * the same list, and neither writes a product or an audit row.
 */
async function expectRefused(csv: string, errors: { row: number; column: string; message: string }[]) {
  const [productsBefore, auditBefore] = [await productCount(), await auditCount()];
  const dry = await importCsv(csv, { dryRun: true });
  expect(dry.status).toBe(200);
  expect(dry.answer).toEqual({ created: 1, updated: 0, dryRun: true, errors, message: 'The file has been checked; nothing was written yet' });
  const real = await importCsv(csv);
  expect(real.status).toBe(400);
  expect(real.body).toEqual({ message: 'Nothing was imported: correct the cells listed and try again', created: 1, updated: 0, errors });
  expect(await productCount()).toBe(productsBefore);
  expect(await auditCount()).toBe(auditBefore);
}

/** The columns the export wrote before style and colour were added (PRODUCT section 8, "Finding the right piece"). */
const OLD_HEADER = PRODUCT_HEADER.slice(0, PRODUCT_HEADER.indexOf('style'));
/** A products file as the export wrote it before style and colour, from rows of cells in the header's order. */
const fileOf = (...rows: (string | number)[][]) => csvOf(OLD_HEADER, rows);
/** A products file as the export writes it now: the old columns, then style, colour, colour (Arabic), colour (hex). */
const colourFileOf = (...rows: (string | number)[][]) => csvOf(PRODUCT_HEADER, rows);

describe('POST /api/products/import: the round trip', () => {
  it('imports an export into an empty shop, whose export is then the same file byte for byte', async () => {
    const source = await appOnEmptyDatabase();
    const empty = await appOnEmptyDatabase();
    try {
      const sourceAdmin = await insertUser(source.app.db, { username: 'owner', email: 'owner@example.com', passwordHash: 'x', role: 'admin' });
      const emptyAdmin = await insertUser(empty.app.db, { username: 'owner', email: 'owner@example.com', passwordHash: 'x', role: 'admin' });
      const shirts = await insertCategory(source.app.db, { gender: 'men', title: 'Shirts', titleAr: 'قمصان' });
      const dresses = await insertCategory(source.app.db, { gender: 'women', title: 'Dresses', titleAr: 'فساتين' });
      await insertCategory(empty.app.db, { gender: 'men', title: 'Shirts', titleAr: 'قمصان' });
      await insertCategory(empty.app.db, { gender: 'women', title: 'Dresses', titleAr: 'فساتين' });
      await insertProduct(source.app.db, {
        categoryRow: shirts, name: 'Oxford Shirt, "Nile" edition', nameAr: 'قميص أكسفورد، «النيل»', description: 'Cotton.\nTwo lines, with a comma', descriptionAr: 'قطن مصري\r\nسطران',
        price: 450.5, disCountPrecent: 10, sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: null }, { size: 'XL', stock: 0 }], images: ['/images/oxford.webp', 'https://cdn.example.com/a.jpg'],
        style: 'oxford, "nile"', color: { name: 'Sky Blue, light', nameAr: 'أزرق سماوي، فاتح', hex: '#87ceeb' },
      });
      // a colour without an Arabic name, and one whose name a spreadsheet would run as a formula
      await insertProduct(source.app.db, { categoryRow: shirts, name: 'Oxford Shirt White', description: 'Cotton', price: 450, disCountPrecent: 0, style: 'oxford, "nile"', color: { name: 'White', nameAr: '', hex: '#ffffff' } });
      await insertProduct(source.app.db, {
        categoryRow: dresses, name: '=HYPERLINK("x")', description: '+cmd', price: 1200, disCountPrecent: 0, sizes: [{ size: 'One size', stock: 7 }],
        style: '=style', color: { name: '@Night', nameAr: 'ليلي', hex: '#0b1020' },
      });
      // no style, no colour; and a colour alone, without a style
      await insertProduct(source.app.db, { categoryRow: dresses, name: 'فستان كتان', description: 'Linen', price: 99.99, disCountPrecent: 0, sizes: [{ size: '38', stock: null }] });
      await insertProduct(source.app.db, { categoryRow: dresses, name: 'Wrap Dress', description: 'Viscose', price: 800, disCountPrecent: 0, color: { name: 'Olive', nameAr: 'زيتي', hex: '#556b2f' } });
      const exported = await api('exportProducts', { app: source.app, token: source.app.signToken(sourceAdmin) });
      expect(exported.status).toBe(200);
      const exportedRows = readCsv(exported.text).rows.map(({ cells }) => cells);
      expect(exportedRows[0]!.slice(-4)).toEqual(['style', 'colour', 'colour (Arabic)', 'colour (hex)']);
      expect(exportedRows.find((cells) => cells[0] === 'Oxford Shirt, "Nile" edition')!.slice(-4)).toEqual(['oxford, "nile"', 'Sky Blue, light', 'أزرق سماوي، فاتح', '#87ceeb']);
      expect(exportedRows.find((cells) => cells[0] === 'فستان كتان')!.slice(-4)).toEqual(['', '', '', '']);

      const emptyToken = empty.app.signToken(emptyAdmin);
      const imported = await importCsv(exported.text, { into: empty.app, as: emptyToken });
      expect(imported.status).toBe(200);
      expect(imported.answer).toMatchObject({ created: 5, updated: 0, errors: [], dryRun: false, message: 'Products have been imported' });
      const again = await api('exportProducts', { app: empty.app, token: emptyToken });
      expect(again.text).toBe(exported.text);
      expect(Buffer.from(again.text).equals(Buffer.from(exported.text))).toBe(true);
      // the colours are the shop's: the product page shows the style's other colour as a swatch, and the filter finds them
      const oxford = await api('getProduct', { params: { x: 'Oxford Shirt, "Nile" edition' }, app: empty.app });
      expect(oxford.answer).toMatchObject({ style: 'oxford, "nile"', color: { name: 'Sky Blue, light', nameAr: 'أزرق سماوي، فاتح', hex: '#87ceeb' } });
      expect(oxford.answer.styleColors?.map(({ color }) => color.name)).toEqual(expect.arrayContaining(['Sky Blue, light', 'White']));
      const linen = await api('getProduct', { params: { x: 'فستان كتان' }, app: empty.app });
      expect(linen.answer.style).toBeUndefined();
      expect(linen.answer.color).toBeUndefined();
      const olive = await api('shopProducts', { query: { gender: 'women', color: 'Olive', limit: 50 }, app: empty.app });
      expect(olive.answer.map((product) => product.name)).toEqual(['Wrap Dress']);

      // the same file once more updates every product by name and changes nothing
      const [auditBefore] = await empty.app.db.select({ value: count() }).from(auditEntries);
      const twice = await importCsv(exported.text, { into: empty.app, as: emptyToken });
      expect(twice.answer).toMatchObject({ created: 0, updated: 5, errors: [] });
      expect((await api('exportProducts', { app: empty.app, token: emptyToken })).text).toBe(exported.text);
      expect(await productCount(empty.app)).toBe(5);
      expect((await empty.app.db.select({ value: count() }).from(auditEntries))[0]).toEqual(auditBefore);
    } finally {
      await source.close();
      await empty.close();
    }
  });
});

describe('POST /api/products/import: bad cells', () => {
  const bad = fileOf(
    ['Linen Shirt', 'قميص كتان', 'Linen', '', 'Shirts', 'men', 'abc', '10', 'M:3 | L', '/images/a.webp'],
    ['Wool Coat', '', 'Warm', '', 'Coats', 'men', '900', '0', 'M:x', '/images/b.webp'],
    ['', '', '', '', 'Shirts', 'kids', '100', '120', 'M | M', 'not-a-link'],
    ['linen shirt', '', 'Again', '', 'Dresses', 'women', '100.123', '5', 'XXXL:2', ''],
    ['Good Shirt', '', 'Fine', '', 'Shirts', 'men', '300', '0', 'S:1', '/images/c.webp'],
  );
  const expected = [
    { row: 2, column: 'price (EGP)', message: 'Price must be a number' },
    { row: 3, column: 'category', message: 'There is no men category called "Coats"' },
    { row: 3, column: 'sizes', message: 'Stock must be a whole number of 0 or more, or not tracked' },
    { row: 4, column: 'name', message: 'Name is required' },
    { row: 4, column: 'description', message: 'Description is required' },
    { row: 4, column: 'gender', message: 'Gender must be men or women' },
    { row: 4, column: 'discount (%)', message: 'Discount must be between 0 and 99.' },
    { row: 4, column: 'sizes', message: 'Size M is listed twice' },
    { row: 4, column: 'images', message: 'Image links must start with http:// or https://' },
    { row: 5, column: 'name', message: 'This name is also on row 2' },
    { row: 5, column: 'price (EGP)', message: 'Price can have at most 2 decimals' },
    { row: 5, column: 'sizes', message: 'Unknown size: XXXL' },
    { row: 5, column: 'images', message: 'A product needs at least one image' },
  ];

  it('lists every bad cell by row and column in a dry run, and a real run refuses with the same list, writing nothing', async () => {
    await expectRefused(bad, expected);
  });

  it('says each bad cell in Arabic to a dashboard in Arabic', async () => {
    const real = await importCsv(bad, { lang: 'ar' });
    expect(real.status).toBe(400);
    const body = real.body as { message: string; errors: { row: number; column: string; message: string }[] };
    expect(body.message).toBe('لم يُستورد شيء: صحّح الخلايا المذكورة ثم حاول مرة أخرى');
    expect(body.errors.map(({ row, column }) => ({ row, column }))).toEqual(expected.map(({ row, column }) => ({ row, column })));
    expect(body.errors[1]!.message).toBe('لا يوجد قسم باسم «Coats» في الرجال');
    expect(body.errors[9]!.message).toBe('هذا الاسم موجود أيضًا في الصف ٢');
    // every sentence has its Arabic: none is left as the English
    body.errors.forEach((error, index) => expect(error.message).not.toBe(expected[index]!.message));
  });

  it('names a missing column, a row of the wrong length and a quote left open', async () => {
    const noPrice = `\uFEFFname,description,category,gender,sizes,images\r\nA,B,Shirts,men,M,/images/a.webp\r\n`;
    expect((await importCsv(noPrice, { dryRun: true })).answer.errors).toEqual([{ row: 1, column: 'price (EGP)', message: 'Column "price (EGP)" is missing' }]);

    // the first row has nine cells, one short of the header's ten
    const short = fileOf(['Short Row', '', 'x', '', 'Shirts', 'men', '10', '0', 'M'], ['Fine', '', 'x', '', 'Shirts', 'men', '10', '0', 'M', '/images/a.webp']);
    const shortRows = (await importCsv(short, { dryRun: true })).answer;
    expect(shortRows.errors).toEqual([{ row: 2, column: '', message: 'This row has 9 cells; the header has 10' }]);
    expect(shortRows.created).toBe(1);

    const open = `${fileOf(['Fine', '', 'x', '', 'Shirts', 'men', '10', '0', 'M', '/images/a.webp'])}"Open, "" quote,x\r\n`;
    expect((await importCsv(open, { dryRun: true })).answer.errors).toEqual([{ row: 3, column: '', message: 'A quoted cell is not closed' }]);
    expect((await importCsv(Buffer.from([0xef, 0xbb, 0xbf, 0x6e, 0xff, 0xfe]))).body).toEqual({ message: 'The file must be UTF-8 text: save it as "CSV UTF-8"' });
  });

  it('refuses staff, and anyone not signed in', async () => {
    const file = fileOf(['Staff Shirt', '', 'x', '', 'Shirts', 'men', '10', '0', 'M', '/images/a.webp']);
    expect((await importCsv(file, { as: staffToken })).status).toBe(403);
    expect((await importCsv(file, { dryRun: true, as: staffToken })).status).toBe(403);
    expect((await importCsv(file, { as: '' })).status).toBe(401);
    expect(await app.db.select().from(products).where(eq(products.name, 'Staff Shirt'))).toEqual([]);
  });
});

describe('POST /api/products/import: writing', () => {
  it('writes nothing on a dry run; a real run creates and updates by name, with audit rows, and the cached catalog is read again', async () => {
    const [shirts] = await app.db.select().from(categories).where(eq(categories.title, 'Shirts'));
    const kept = await insertProduct(app.db, { categoryRow: shirts!, name: 'Kept Shirt', description: 'Old', price: 100, disCountPrecent: 0, sizes: [{ size: 'S', stock: 2 }, { size: 'M', stock: 5 }] });
    const shopper = await insertUser(app.db, { username: 'mona', email: 'mona@example.com', passwordHash: 'x' });
    await app.db.insert(cartItems).values([{ userId: shopper.id, productId: kept.id, size: 'S', quantity: 1 }, { userId: shopper.id, productId: kept.id, size: 'M', quantity: 1 }]);
    const listed = await api('shopProducts', { query: { gender: 'men', category: 'Shirts', limit: 50 }, app });
    expect(listed.answer.map((product) => product.name)).not.toContain('Brand New Tee');

    const file = fileOf(
      ['Brand New Tee', 'تيشيرت جديد', 'Soft', '', 'Shirts', 'men', '150', '0', 'S:4 | M', '/images/tee.webp'],
      ['KEPT SHIRT', '', 'New words', '', 'Shirts', 'men', '120', '5', 'M:9 | L:1', '/images/kept.webp'],
    );
    const [productsBefore, auditBefore] = [await productCount(), await auditCount()];
    const dry = await importCsv(file, { dryRun: true });
    expect(dry.answer).toMatchObject({ created: 1, updated: 1, errors: [], dryRun: true });
    expect(await productCount()).toBe(productsBefore);
    expect(await auditCount()).toBe(auditBefore);

    const real = await importCsv(file);
    expect(real.answer).toMatchObject({ created: 1, updated: 1, errors: [], dryRun: false });
    expect(await productCount()).toBe(productsBefore + 1);
    const updated = await api('getProduct', { params: { x: kept.id }, app });
    // the name is the file's; the sizes are the file's, S gone with its cart line
    expect(updated.answer).toMatchObject({ name: 'KEPT SHIRT', description: 'New words', price: 120, disCountPrecent: 5, sizes: [{ size: 'M', stock: 9 }, { size: 'L', stock: 1 }] });
    expect((await app.db.select().from(cartItems).where(eq(cartItems.productId, kept.id))).map((line) => line.size)).toEqual(['M']);
    expect((await app.db.select().from(productSizes).where(eq(productSizes.productId, kept.id))).length).toBe(2);

    const audit = await app.db.select().from(auditEntries).where(eq(auditEntries.entity, 'product'));
    const ofKept = audit.filter((entry) => entry.entityId === kept.id);
    expect(ofKept).toHaveLength(1);
    expect(ofKept[0]).toMatchObject({ actorUsername: 'owner', action: 'update', before: { name: 'Kept Shirt', price: 100 }, after: { name: 'KEPT SHIRT', price: 120 } });
    const created = audit.find((entry) => entry.action === 'create' && (entry.after as { name?: string } | null)?.name === 'Brand New Tee');
    expect(created).toMatchObject({ actorUsername: 'owner', before: null, after: { nameAr: 'تيشيرت جديد', sizes: [{ size: 'S', stock: 4 }, { size: 'M', stock: null }] } });

    const again = await api('shopProducts', { query: { gender: 'men', category: 'Shirts', limit: 50 }, app });
    expect(again.answer.map((product) => product.name)).toContain('Brand New Tee');
  });

  it('imports 10,000 rows in under 30 seconds', async () => {
    const rows = Array.from({ length: 10_000 }, (_, k) => [
      `Bulk Piece ${k}`, `قطعة ${k}`, `Bulk piece number ${k}, "quoted"\nsecond line`, '', k % 2 ? 'Shirts' : 'Dresses', k % 2 ? 'men' : 'women',
      String(100 + (k % 500) + 0.25), String(k % 30), 'S:3 | M:0 | L | XL:12', `/images/bulk-${k}.webp https://cdn.example.com/${k}.jpg`,
    ]);
    const file = fileOf(...rows);
    const dryStarted = performance.now();
    expect((await importCsv(file, { dryRun: true })).answer).toMatchObject({ created: 10_000, errors: [] });
    const dryMs = performance.now() - dryStarted;
    const started = performance.now();
    const created = await importCsv(file);
    const ms = performance.now() - started;
    expect(created.answer).toMatchObject({ created: 10_000, updated: 0, errors: [] });
    console.info(`import of 10,000 rows (${(file.length / 1e6).toFixed(1)} MB): dry run ${Math.round(dryMs)} ms, written ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(30_000);
    const pieces = await app.db.select().from(productSizes).innerJoin(products, eq(products.id, productSizes.productId)).where(eq(products.name, 'Bulk Piece 7'));
    expect(pieces.map((row) => [row.product_sizes.size, row.product_sizes.stock])).toEqual([['S', 3], ['M', 0], ['L', null], ['XL', 12]]);
  }, 120_000);
});

describe('POST /api/products/import: style and colour', () => {
  it('checks them by the product form\'s rules: a bad hex, or a colour without a name, is named by row and column, and nothing is written', async () => {
    const bad = colourFileOf(
      ['Bad Hex Shirt', '', 'Cotton', '', 'Shirts', 'men', '300', '0', 'M', '/images/a.webp', 'hex-shirts', 'Navy', 'كحلي', 'navy'],
      ['Nameless Colour Shirt', '', 'Cotton', '', 'Shirts', 'men', '300', '0', 'M', '/images/a.webp', '', '', 'كحلي', '#1f2937'],
      ['Long Style Shirt', '', 'Cotton', '', 'Shirts', 'men', '300', '0', 'M', '/images/a.webp', 'x'.repeat(81), 'Navy', '', '#12'],
      ['Good Colour Shirt', '', 'Cotton', '', 'Shirts', 'men', '300', '0', 'M', '/images/a.webp', 'hex-shirts', ' Navy ', '', '#1F2937'],
    );
    const expected = [
      { row: 2, column: 'colour (hex)', message: 'Colour must be a hex colour, like #1f2937' },
      { row: 3, column: 'colour', message: 'Colour name is required' },
      { row: 4, column: 'style', message: 'Style must be at most 80 characters' },
      { row: 4, column: 'colour (hex)', message: 'Colour must be a hex colour, like #1f2937' },
    ];
    await expectRefused(bad, expected);
    expect(await app.db.select().from(products).where(eq(products.name, 'Good Colour Shirt'))).toEqual([]);

    // in Arabic, each in Arabic
    const arabic = (await importCsv(bad, { dryRun: true, lang: 'ar' })).answer;
    expect(arabic.errors.map(({ row, column }) => ({ row, column }))).toEqual(expected.map(({ row, column }) => ({ row, column })));
    expect(arabic.errors.map(({ message }) => message)).toEqual([
      'يجب أن يكون اللون رمز لون سداسيًا عشريًا: # وبعدها ستة أحرف أو أرقام', 'اسم اللون مطلوب', 'يجب ألا يزيد الطراز على ٨٠ حرف',
      'يجب أن يكون اللون رمز لون سداسيًا عشريًا: # وبعدها ستة أحرف أو أرقام',
    ]);

    // a file with a colour's name needs its hex, and the other way round; its Arabic name may be left out
    const noHex = `\uFEFF${OLD_HEADER.join(',')},colour,colour (Arabic)\r\nNo Hex,,x,,Shirts,men,10,0,M,/images/a.webp,Navy,كحلي\r\n`;
    expect((await importCsv(noHex, { dryRun: true })).answer.errors).toEqual([{ row: 1, column: 'colour (hex)', message: 'Column "colour (hex)" is missing' }]);
    const noName = `\uFEFF${OLD_HEADER.join(',')},colour (hex)\r\nNo Name,,x,,Shirts,men,10,0,M,/images/a.webp,#000000\r\n`;
    expect((await importCsv(noName, { dryRun: true })).answer.errors).toEqual([{ row: 1, column: 'colour', message: 'Column "colour" is missing' }]);
    const noArabic = `\uFEFF${OLD_HEADER.join(',')},colour (hex),colour\r\nNo Arabic,,x,,Shirts,men,10,0,M,/images/a.webp,#000000,Black\r\n`;
    expect((await importCsv(noArabic, { dryRun: true })).answer).toMatchObject({ created: 1, errors: [] });
  });

  it('names a cell with a NUL character, which the database cannot store, by row and column, and writes nothing', async () => {
    const bad = colourFileOf(
      ['Nul Colour Shirt', '', 'Cotton', '', 'Shirts', 'men', '300', '0', 'M', '/images/a.webp', 'nul-shirts', 'Navy', 'كحلي\u0000', '#1f2937'],
      ['Nul Style Shirt', '', 'Cotton', '', 'Shirts', 'men', '300', '0', 'M', '/images/a.webp', 'nul\u0000shirts', 'Navy', '', '#1f2937'],
      ['Clean Colour Shirt', '', 'Cotton', '', 'Shirts', 'men', '300', '0', 'M', '/images/a.webp', 'nul-shirts', 'Navy', 'كحلي', '#1f2937'],
    );
    const expected = [
      { row: 2, column: 'colour (Arabic)', message: 'Arabic colour name contains a character that is not allowed' },
      { row: 3, column: 'style', message: 'Style contains a character that is not allowed' },
    ];
    await expectRefused(bad, expected);
    expect(await app.db.select().from(products).where(eq(products.name, 'Clean Colour Shirt'))).toEqual([]);
    const arabic = (await importCsv(bad, { dryRun: true, lang: 'ar' })).answer;
    expect(arabic.errors.map(({ message }) => message)).toEqual(['يحتوي اسم اللون بالعربية على حرف غير مسموح به', 'يحتوي الطراز على حرف غير مسموح به']);
  });

  it('sets colours in bulk, an empty colour cell clearing it, with audit rows; a file without the columns leaves them alone', async () => {
    const [shirts] = await app.db.select().from(categories).where(eq(categories.title, 'Shirts'));
    const navy = await insertProduct(app.db, {
      categoryRow: shirts!, name: 'Polo Navy', description: 'Pique', price: 300, disCountPrecent: 0, style: 'polo', color: { name: 'Navy', nameAr: 'كحلي', hex: '#1f2937' },
    });
    const plain = await insertProduct(app.db, { categoryRow: shirts!, name: 'Polo Plain', description: 'Pique', price: 300, disCountPrecent: 0 });
    const auditOf = async (id: string) => (await app.db.select().from(auditEntries).where(eq(auditEntries.entityId, id))).filter((entry) => entry.action === 'update');

    // an old file (without the columns) changes the price and leaves the style and colours as they are
    const old = fileOf(
      ['Polo Navy', '', 'Pique', '', 'Shirts', 'men', '320', '0', 'One size', 'https://cdn.example.com/a.webp'],
      ['Polo Plain', '', 'Pique', '', 'Shirts', 'men', '320', '0', 'One size', 'https://cdn.example.com/a.webp'],
    );
    expect((await importCsv(old)).answer).toMatchObject({ created: 0, updated: 2, errors: [] });
    expect((await api('getProduct', { params: { x: navy.id }, app })).answer).toMatchObject({
      price: 320, style: 'polo', color: { name: 'Navy', nameAr: 'كحلي', hex: '#1f2937' },
    });
    const plainNow = (await api('getProduct', { params: { x: plain.id }, app })).answer;
    expect(plainNow.price).toBe(320);
    expect(plainNow.style).toBeUndefined();
    expect(plainNow.color).toBeUndefined();
    expect((await auditOf(navy.id)).map(({ before, after }) => ({ before, after }))).toEqual([{ before: { price: 300 }, after: { price: 320 } }]);

    // a file with them: the plain polo gets the style and a colour (its hex written as the form writes it), the navy one's
    // colour is cleared by its empty cells, its style kept by its cell
    const file = colourFileOf(
      ['Polo Navy', '', 'Pique', '', 'Shirts', 'men', '320', '0', 'One size', 'https://cdn.example.com/a.webp', 'polo', '', '', ''],
      ['Polo Plain', '', 'Pique', '', 'Shirts', 'men', '320', '0', 'One size', 'https://cdn.example.com/a.webp', ' polo ', 'White', 'أبيض', '#FFF'],
    );
    expect((await importCsv(file)).answer).toMatchObject({ created: 0, updated: 2, errors: [] });
    const navyNow = (await api('getProduct', { params: { x: navy.id }, app })).answer;
    expect(navyNow.style).toBe('polo');
    expect(navyNow.color).toBeUndefined();
    const [navyRow] = await app.db.select().from(products).where(eq(products.id, navy.id));
    expect([navyRow!.colorName, navyRow!.colorNameAr, navyRow!.colorHex]).toEqual([null, null, null]);
    expect((await api('getProduct', { params: { x: plain.id }, app })).answer).toMatchObject({
      style: 'polo', color: { name: 'White', nameAr: 'أبيض', hex: '#ffffff' }, styleColors: [{ _id: plain.id, color: { name: 'White' } }],
    });
    expect((await auditOf(navy.id)).at(-1)).toMatchObject({ actorUsername: 'owner', before: { color: { name: 'Navy', nameAr: 'كحلي', hex: '#1f2937' } }, after: { color: null } });
    expect((await auditOf(plain.id)).at(-1)).toMatchObject({ before: { style: null, color: null }, after: { style: 'polo', color: { name: 'White', nameAr: 'أبيض', hex: '#ffffff' } } });
    // the colour filter counts them as they are now
    const white = await api('shopProducts', { query: { gender: 'men', color: 'White', limit: 50 }, app });
    expect(white.answer.map((product) => product.name)).toEqual(['Polo Plain']);
    const navyShirts = await api('shopProducts', { query: { gender: 'men', color: 'Navy', limit: 50 }, app });
    expect(navyShirts.answer.map((product) => product.name)).not.toContain('Polo Navy');

    // blank style cell: no style
    const noStyle = colourFileOf(['Polo Plain', '', 'Pique', '', 'Shirts', 'men', '320', '0', 'One size', 'https://cdn.example.com/a.webp', '', 'White', 'أبيض', '#ffffff']);
    expect((await importCsv(noStyle)).answer).toMatchObject({ updated: 1, errors: [] });
    expect((await api('getProduct', { params: { x: plain.id }, app })).answer.style).toBeUndefined();
  });
});

describe('readCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks as one spreadsheet row, and skips blank rows', () => {
    const read = readCsv('\uFEFFa,b\r\n"x, ""y""","two\nlines"\n\n,\r\nlast,""\r\n');
    expect(read.problem).toBeUndefined();
    expect(read.rows).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['x, "y"', 'two\nlines'] },
      { row: 5, cells: ['last', ''] },
    ]);
    expect(readCsv('a,"b"c\r\n').problem).toEqual({ row: 1, message: 'A quote inside a cell must be written twice ("")' });
  });
});
