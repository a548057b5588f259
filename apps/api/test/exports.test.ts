// Spreadsheets (PRODUCT section 8, "Reports and files"): UTF-8 CSV with a BOM, so Excel opens the Arabic as Arabic;
// the orders of a range of Cairo dates, in a status or all; every product with its sizes and stock; never a formula.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { csvCell } from '../src/modules/exports/csv.ts';
import { toProduct } from '../src/modules/wire.ts';
import { insertCategory, insertOrder, insertProduct, insertUser } from '../src/scripts/factories.ts';
import { api } from './client.ts';
import { appOnEmptyDatabase } from './helpers.ts';

let app: App;
let close: () => Promise<void>;
let token: string;

/** RFC 4180, as a spreadsheet reads it: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted && char === '"' && text[at + 1] === '"') {
      cell += '"';
      at++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted || (char !== '"' && char !== ',' && !(char === '\r' && text[at + 1] === '\n'))) {
      cell += char;
    } else if (char === '"') {
      quoted = true;
    } else {
      row.push(cell);
      cell = '';
      if (char === '\r') {
        rows.push(row);
        row = [];
        at++;
      }
    }
  }
  return rows;
}

beforeAll(async () => {
  ({ app, close } = await appOnEmptyDatabase());
  const admin = await insertUser(app.db, { username: 'owner', email: 'owner@example.com', passwordHash: 'x', role: 'admin' });
  token = app.signToken(admin);
});
afterAll(async () => {
  await close?.();
});

describe('GET /api/orders/export.csv', () => {
  it("answers the range's orders, oldest first, with a BOM, their Arabic intact and Cairo's times", async () => {
    const categoryRow = await insertCategory(app.db, { gender: 'women', title: 'Dresses' });
    const dress = toProduct(await insertProduct(app.db, { categoryRow, name: 'Linen Dress, "Nile"', nameAr: 'فستان كتان', price: 500, disCountPrecent: 0 }));
    const shopper = await insertUser(app.db, { username: 'mona', email: 'mona@example.com', passwordHash: 'x' });
    await insertOrder(app.db, shopper.id, [{ product: dress, quantity: 2, size: 'M' }], {
      createdAt: new Date('2026-03-09T22:30:00Z'), // March 10, 00:30 in Cairo
      billing: { firstName: 'منى', secondName: 'عادل', city: 'الدقي', address: '=HYPERLINK("http://evil")', Governorate: 'Giza' },
      status: 'delivered',
    });
    await insertOrder(app.db, shopper.id, [{ product: dress, quantity: 1 }], { createdAt: new Date('2026-03-10T10:00:00Z'), status: 'canceled' });
    await insertOrder(app.db, shopper.id, [{ product: dress, quantity: 1 }], { createdAt: new Date('2026-03-10T22:00:00Z') }); // March 11

    const response = await api('exportOrders', { app, query: { from: '2026-03-10', to: '2026-03-10' }, token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-10-to-2026-03-10.csv"');
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.text.slice(1));
    expect(header).toEqual(['number', 'order', 'placed (Cairo time)', 'status', 'first name', 'second name', 'email', 'phone', 'governorate', 'city', 'address', 'payment', 'items', 'pieces', 'total (EGP)']);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ 2: '2026-03-10 00:30', 3: 'delivered', 4: 'منى', 5: 'عادل', 8: 'Giza', 9: 'الدقي', 11: 'cash', 13: '2', 14: '1030' });
    // the order as people name it, then its id
    expect(Number(rows[0]![0])).toBeGreaterThanOrEqual(1001);
    expect(rows[0]![1]).toMatch(/^[0-9a-f-]{36}$/);
    // a formula would run in Excel: it is written as text
    expect(rows[0]![10]).toBe('\'=HYPERLINK("http://evil")');
    expect(rows[0]![12]).toBe('Linen Dress, "Nile" (M) x 2');
    expect(rows[1]![3]).toBe('canceled');

    const canceled = await api('exportOrders', { app, query: { from: '2026-03-01', to: '2026-03-31', status: 'canceled' }, token });
    expect(parseCsv(canceled.text.slice(1)).slice(1).map((row) => row[3])).toEqual(['canceled']);
  });

  it('refuses a range that is not one, and anyone but an admin', async () => {
    const bad = await api('exportOrders', { app, rawQuery: { from: '2026-03-10', to: '2026-03-01' }, token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'The start date must be on or before the end date' });
    const staff = await insertUser(app.db, { username: 'packer', email: 'packer@example.com', passwordHash: 'x', role: 'staff' });
    expect((await api('exportOrders', { app, query: { from: '2026-03-10', to: '2026-03-10' }, token: app.signToken(staff) })).status).toBe(403);
  });
});

describe('GET /api/products/export.csv', () => {
  it('answers every product by name with its sizes and stock, style and colour, Arabic intact', async () => {
    const categoryRow = await insertCategory(app.db, { gender: 'men', title: 'Shirts', titleAr: 'قمصان' });
    await insertProduct(app.db, {
      categoryRow, name: 'Oxford Shirt', nameAr: 'قميص أكسفورد', price: 450, disCountPrecent: 10, sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: null }],
      style: 'oxford-shirt', color: { name: 'Sky Blue', nameAr: 'أزرق سماوي', hex: '#87ceeb' },
    });
    await insertProduct(app.db, { categoryRow, name: 'Oxford Shirt White', price: 450, disCountPrecent: 0, style: 'oxford-shirt', color: { name: 'White', nameAr: '', hex: '#ffffff' } });
    await insertProduct(app.db, { categoryRow, name: 'Plain Tee', price: 150, disCountPrecent: 0 });
    const response = await api('exportProducts', { app, token });
    expect(response.status).toBe(200);
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.text.slice(1));
    // the columns added later come last: an owner's older files and formulas keep their places
    expect(header).toEqual([
      'name', 'name (Arabic)', 'description', 'description (Arabic)', 'category', 'gender', 'price (EGP)', 'discount (%)', 'sizes', 'images',
      'style', 'colour', 'colour (Arabic)', 'colour (hex)',
    ]);
    expect(rows.every((row) => row.length === header!.length)).toBe(true);
    const named = (name: string) => rows.find((row) => row[0] === name);
    expect(named('Oxford Shirt')).toMatchObject({ 1: 'قميص أكسفورد', 4: 'Shirts', 5: 'men', 6: '450', 7: '10', 8: 'M:3 | L' });
    expect(named('Oxford Shirt')!.slice(10)).toEqual(['oxford-shirt', 'Sky Blue', 'أزرق سماوي', '#87ceeb']);
    expect(named('Oxford Shirt White')!.slice(10)).toEqual(['oxford-shirt', 'White', '', '#ffffff']);
    expect(named('Plain Tee')!.slice(10)).toEqual(['', '', '', '']);
    expect(rows.map((row) => row[0])).toEqual([...rows.map((row) => row[0])].sort());
  });
});

describe('a file of many pages (the rows are read and sent a thousand at a time)', () => {
  it('holds every order of the range once, those placed in the same millisecond too, in order', async () => {
    const shopper = await insertUser(app.db, { username: 'many', email: 'many@example.com', passwordHash: 'x' });
    const categoryRow = await insertCategory(app.db, { gender: 'men', title: 'Many Orders' });
    const shirt = toProduct(await insertProduct(app.db, { categoryRow, name: 'Many Orders Shirt', price: 100, disCountPrecent: 0 }));
    const [line] = (await insertOrder(app.db, shopper.id, [{ product: shirt, quantity: 1 }], { createdAt: new Date('2026-05-01T09:00:00Z') })).lines;
    // 2,500 more on May 2 (Cairo), 999 of them within one millisecond, a microsecond apart, across the first page's end
    await app.db.execute(sql`
      insert into orders (user_id, first_name, second_name, email, phone_number, governorate, city, address, way_for_payment, total_piastres, lines, status, history, created_at)
      select ${shopper.id}, 'Many', 'Orders', 'many@example.com', '+20 100 000 0000', 'Cairo', 'Cairo', 'Street ' || g, 'cash', 10000,
             ${JSON.stringify([line])}::jsonb, 'accepted', '[]'::jsonb,
             case when g <= 500 then '2026-05-02 09:00:00+00'::timestamptz + g * interval '1 second'
                  when g < 1500 then '2026-05-02 10:00:00.123+00'::timestamptz + (g - 500) * interval '1 microsecond'
                  else '2026-05-02 12:00:00+00'::timestamptz + g * interval '1 second' end
      from generate_series(1, 2500) g`);
    const expected = await app.db.execute(sql`select id from orders where created_at >= '2026-05-02 00:00+03' and created_at < '2026-05-03 00:00+03' order by created_at, id`);
    const ids = ((expected as unknown as { rows: { id: string }[] }).rows).map((row) => row.id);
    expect(ids).toHaveLength(2500);

    const response = await api('exportOrders', { app, query: { from: '2026-05-02', to: '2026-05-02' }, token });
    expect(response.status).toBe(200);
    const [, ...rows] = parseCsv(response.text.slice(1));
    expect(rows.map((row) => row[1])).toEqual(ids);
  });

  it('holds every product once, by name in any case', async () => {
    const categoryRow = await insertCategory(app.db, { gender: 'women', title: 'Many Products' });
    await app.db.execute(sql`
      insert into products (name, description, price_piastres, category_id, category, gender, images)
      select case when g % 2 = 0 then 'many product ' else 'Many Product ' end || lpad(g::text, 4, '0'), 'Many.', 10000,
             ${categoryRow.id}, ${categoryRow.title}, 'women', '[]'::jsonb
      from generate_series(1, 2300) g`);
    const response = await api('exportProducts', { app, token });
    expect(response.status).toBe(200);
    const names = parseCsv(response.text.slice(1)).slice(1).map((row) => row[0]!).filter((name) => name.toLowerCase().startsWith('many product '));
    expect(names).toHaveLength(2300);
    expect(names.map((name) => name.toLowerCase())).toEqual(Array.from({ length: 2300 }, (_, i) => `many product ${String(i + 1).padStart(4, '0')}`));
  });
});

describe('csvCell', () => {
  it('quotes what must be quoted and never starts a formula; the shop\'s own figures stay numbers', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd|calc')).toBe("'+cmd|calc");
    // a text that looks like a number is still text a spreadsheet could run (decision 051)
    expect(csvCell('+20 100 123 4567')).toBe("'+20 100 123 4567");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });
});
