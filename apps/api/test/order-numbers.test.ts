// Order numbers (PRODUCT section 2, issue 42): every order carries `number`, from the shop's own sequence starting at
// 1001 and never reused, named "#1001" wherever people see it; staff find an order by it however it is quoted.
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { arabicDigits } from '@shop/core/locale';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/client.ts';
import { orderPlacedMail, orderStatusMail } from '../src/modules/mail/templates.ts';
import { api } from './client.ts';
import {
  billing, createAdmin, createCartItem, createOrder, createProduct, createStaff, createUser, getApp, newOrderBody, scratchDatabase,
} from './helpers.ts';

const MAIL_SHOP = { publicUrl: 'https://shop.example', name: 'Nile Clothing', tagline: '', logoUrl: null, accent: '#0f766e' };

async function placed() {
  const shopper = await createUser();
  const product = await createProduct({ price: 300 });
  await createCartItem(shopper.user, product, 1);
  const response = await api('placeOrder', { payload: newOrderBody([{ product, quantity: 1 }]), headers: shopper.auth });
  expect(response.status, response.text).toBe(201);
  return { shopper, order: response.answer };
}

describe('an order number', () => {
  it('is given to every order from the sequence, from 1001 up, and is on every answer that carries the order', async () => {
    const app = await getApp();
    const first = await placed();
    const second = await placed();
    expect(first.order.number).toBeGreaterThanOrEqual(1001);
    expect(second.order.number).toBeGreaterThan(first.order.number);

    const admin = await createAdmin();
    const own = await api('getOrder', { params: { orderId: first.order._id }, token: first.shopper.token });
    expect(own.answer.number).toBe(first.order.number);
    const mine = await api('userOrders', { params: { userId: first.shopper.user._id }, token: first.shopper.token });
    expect(mine.answer.map((order) => order.number)).toEqual([first.order.number]);
    const moved = await api('moveOrder', { params: { id: first.order._id }, body: { status: 'shipped' }, token: admin.token });
    expect(moved.answer.number).toBe(first.order.number);

    const product = await createProduct({ price: 120 });
    const guest = await api('guestOrder', { app, body: { ...billing(), lines: [{ product: product._id, size: 'One size', quantity: 1 }] } });
    expect(guest.status, guest.text).toBe(201);
    expect(guest.answer.number).toBeGreaterThan(second.order.number);
    const read = await api('getGuestOrder', { app, params: { id: guest.answer._id }, headers: { 'x-order-token': guest.answer.guestToken } });
    expect(read.answer.number).toBe(guest.answer.number);
  });

  it('is never given twice, to orders placed at the same moment', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, async () => {
      const shopper = await createUser();
      const product = await createProduct({ price: 50 });
      await createCartItem(shopper.user, product, 1);
      return { shopper, product };
    }));
    const answers = await Promise.all(
      shoppers.map(({ shopper, product }) => api('placeOrder', { payload: newOrderBody([{ product, quantity: 1 }]), headers: shopper.auth })),
    );
    const numbers = answers.map((response) => response.answer.number);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.every((number) => Number.isInteger(number) && number >= 1001)).toBe(true);
  });

  it('names the order in its mails, "#1001" in English and in Arabic digits in Arabic', async () => {
    const shopper = await createUser();
    const order = await createOrder(shopper.user, [{ product: await createProduct({ price: 100 }), quantity: 1 }]);
    const english = orderPlacedMail(order, MAIL_SHOP, 'en');
    expect(english.subject).toBe(`Your Nile Clothing order #${order.number} is placed`);
    expect(english.text).toContain(`Thank you for your order #${order.number}.`);
    expect(english.html).toContain(`#${order.number}`);
    const arabic = orderStatusMail(order, { status: 'shipped' }, MAIL_SHOP, 'ar');
    expect(arabic.subject).toContain(`طلبك #${arabicDigits(String(order.number))} من Nile Clothing`);
    expect(arabic.text).not.toMatch(/#\d/);
    // no longer the first characters of its id
    expect(english.text).not.toContain(order._id.replace(/-/g, '').slice(0, 8).toUpperCase());
  });
});

describe('GET /api/orders?search=', () => {
  it('finds the order whose number a shopper quotes, written any way she writes it', async () => {
    const { order } = await placed();
    await placed();
    const admin = await createAdmin();
    for (const search of [String(order.number), `#${order.number}`, ` # ${order.number} `, arabicDigits(String(order.number)), `#${arabicDigits(String(order.number))}`]) {
      const found = await api('listOrders', { query: { search }, token: admin.token });
      expect(found.status, search).toBe(200);
      expect(found.answer.map((each) => each._id), search).toEqual([order._id]);
      expect(found.headers['x-total-count']).toBe('1');
    }
  });

  it('is open to staff, within a status, finds nothing for a number no order has, and refuses words', async () => {
    const { order } = await placed();
    const staff = await createStaff();
    expect((await api('listOrders', { query: { search: String(order.number) }, token: staff.token })).answer).toHaveLength(1);
    expect((await api('listOrders', { query: { search: String(order.number), status: 'accepted' }, token: staff.token })).answer).toHaveLength(1);
    expect((await api('listOrders', { query: { search: String(order.number), status: 'shipped' }, token: staff.token })).answer).toEqual([]);
    const none = await api('listOrders', { query: { search: '999999999' }, token: staff.token });
    expect(none.answer).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const words = await api('listOrders', { rawQuery: { search: 'Ahmed' }, token: staff.token });
    expect(words.status).toBe(400);
    expect(words.body).toEqual({ message: 'Search orders by their number, like 1001' });
    const arabic = await api('listOrders', { rawQuery: { search: 'أحمد' }, token: staff.token, headers: { 'accept-language': 'ar' } });
    expect(arabic.body).toEqual({ message: 'ابحث عن الطلبات برقمها، مثل ١٠٠١' });
  });

  it('is refused to a customer', async () => {
    const { shopper, order } = await placed();
    expect((await api('listOrders', { query: { search: String(order.number) }, token: shopper.token })).status).toBe(403);
  });
});

describe('migration 0025', () => {
  it('numbers the orders already placed oldest first, from 1001, and the next order after them', async () => {
    const scratch = await scratchDatabase();
    const database = await openDatabase({ databaseUrl: scratch.url });
    const client = new pg.Client({ connectionString: scratch.url });
    try {
      await runMigrations(database);
      await client.connect();
      // the shop as it was before the migration: no numbers
      await client.query('alter table orders drop column number');
      const user = (await client.query<{ id: string }>(`insert into users (username, email, password_hash) values ('old', 'old@example.com', 'x') returning id`)).rows[0]!.id;
      const insert = (at: string) =>
        client.query<{ id: string }>(
          `insert into orders (user_id, first_name, second_name, email, phone_number, governorate, city, address, way_for_payment, total_piastres, lines, created_at)
           values ($1, 'A', 'B', 'a@example.com', '01000000000', 'Cairo', 'Cairo', 'Street', 'cash', 1000, '[]', $2) returning id`,
          [user, at],
        );
      // written in another order than they were placed
      const second = (await insert('2026-02-01T10:00:00Z')).rows[0]!.id;
      const first = (await insert('2026-01-01T10:00:00Z')).rows[0]!.id;
      const third = (await insert('2026-03-01T10:00:00Z')).rows[0]!.id;
      await client.query(`insert into idempotency_keys (user_id, key, request_hash, status_code, response_body) values ($1, 'key-of-the-second', 'h', 201, $2)`, [
        user,
        JSON.stringify({ _id: second, totalPrice: 10 }),
      ]);

      const migration = readMigrationFiles({ migrationsFolder: migrationsFolder() }).find((each) => each.folderMillis === 1796000025000)!;
      for (const statement of migration.sql) await client.query(statement);

      const numbered = await client.query<{ id: string; number: string }>('select id, number from orders order by number');
      expect(numbered.rows.map((row) => [row.id, Number(row.number)])).toEqual([[first, 1001], [second, 1002], [third, 1003]]);
      const next = await insert('2026-04-01T10:00:00Z');
      expect(Number((await client.query<{ number: string }>('select number from orders where id = $1', [next.rows[0]!.id])).rows[0]!.number)).toBe(1004);
      const kept = await client.query<{ response_body: { number: number } }>(`select response_body from idempotency_keys where key = 'key-of-the-second'`);
      expect(kept.rows[0]!.response_body.number).toBe(1002);
    } finally {
      await client.end();
      await database.close();
      await scratch.drop();
    }
  });

  it('starts an empty shop at 1001', async () => {
    const scratch = await scratchDatabase();
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await runMigrations(database);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const user = (await client.query<{ id: string }>(`insert into users (username, email, password_hash) values ('new', 'new@example.com', 'x') returning id`)).rows[0]!.id;
      const row = await client.query<{ number: string }>(
        `insert into orders (user_id, first_name, second_name, email, phone_number, governorate, city, address, way_for_payment, total_piastres, lines)
         values ($1, 'A', 'B', 'a@example.com', '01000000000', 'Cairo', 'Cairo', 'Street', 'cash', 1000, '[]') returning number`,
        [user],
      );
      await client.end();
      expect(Number(row.rows[0]!.number)).toBe(1001);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
