// Sizes and stock (PRODUCT.md section 7): sizes in the admin's order, a cart line per product and size, the stock
// checked when a line is added and taken in the order's own transaction, given back on cancel.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { productFields, unique } from '@shop/core/factories';
import type { Product, SizeStock } from '@shop/core/contract/catalog';
import { api } from './client.ts';
import { createAdmin, createCategory, createCartItem, createProduct, createUser, multipart, newOrderBody, scratchDatabase } from './helpers.ts';


const SHIRT_SIZES: SizeStock[] = [
  { size: 'S', stock: 4 },
  { size: 'M', stock: 2 },
  { size: 'L', stock: 0 },
  { size: 'XL', stock: null },
];

async function productWith(sizes: SizeStock[] = SHIRT_SIZES, price = 100) {
  return createProduct({ sizes, price });
}

async function sizesOf(product: { _id: string }) {
  return (await api('getProduct', { params: { x: product._id } })).answer.sizes;
}

async function stockOf(product: { _id: string }, size: string) {
  return (await sizesOf(product)).find((entry) => entry.size === size)?.stock;
}

type Shopper = Awaited<ReturnType<typeof createUser>>;
const addToCart = (shopper: Shopper, product: { _id: string }, quantaty: number, size?: string) =>
  api('addToCart', { token: shopper.token, body: { product: product._id, quantaty, ...(size === undefined ? {} : { size }) } });

/** Places the shopper's cart as it is now (the body lists products and quantities, as SPEC's checkout sends). */
async function placeCart(shopper: Shopper, products: Product[]) {
  const cart = (await api('getCart', { token: shopper.token })).answer;
  const lines = cart.map((item) => ({ product: products.find((product) => product._id === item.product._id)!, quantity: item.quantaty }));
  return api('placeOrder', { token: shopper.token, body: newOrderBody(lines) });
}

describe('sizes on products', () => {
  it('gives a product added without sizes (SPEC\'s form) One size, not tracked, and in stock', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const fields = productFields({ gender: category.gender, category: category.title });
    const response = await api('addProduct', { token: admin.token, body: { ...fields, imageUrls: ['https://cdn.example.com/a.webp'] } });
    expect(response.status).toBe(201);
    expect(response.answer).toMatchObject({ sizes: [{ size: 'One size', stock: null }], inStock: true });
  });

  it('keeps the admin\'s order of sizes, from JSON and from a multipart JSON string', async () => {
    const admin = await createAdmin();
    const category = await createCategory({ gender: 'men' });
    const fields = productFields({ gender: 'men', category: category.title });
    const json = await api('addProduct', { token: admin.token, body: { ...fields, sizes: SHIRT_SIZES, imageUrls: ['https://cdn.example.com/a.webp'] } });
    expect(json.status).toBe(201);
    expect(json.answer.sizes).toEqual(SHIRT_SIZES);

    const shoes: SizeStock[] = [{ size: '44', stock: 1 }, { size: '38', stock: 3 }, { size: '41', stock: null }];
    const body = await multipart({
      name: unique('Runner'), description: 'Light running shoe.', price: '1200', disCountPrecent: '0', gender: 'men', category: category.title,
      imageUrls: 'https://cdn.example.com/shoe.webp', sizes: JSON.stringify(shoes),
    });
    const form = await api('addProduct', { headers: { ...admin.auth, ...body.headers }, payload: body.payload });
    expect(form.status).toBe(201);
    expect(form.answer.sizes).toEqual(shoes);
    expect((await api('getProduct', { params: { x: form.answer._id } })).answer.sizes).toEqual(shoes);
  });

  it('replaces the sizes on update, and keeps them when SPEC\'s update sends none', async () => {
    const admin = await createAdmin();
    const product = await productWith();
    const fields = { name: product.name, description: product.description, price: product.price, disCountPrecent: 0, gender: product.gender, category: product.category };
    const kept = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: fields });
    expect(kept.answer.sizes).toEqual(SHIRT_SIZES);
    const next: SizeStock[] = [{ size: 'XL', stock: 7 }, { size: 'S', stock: 0 }];
    const changed = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fields, sizes: next } });
    expect(changed.status).toBe(200);
    expect(changed.answer.sizes).toEqual(next);
    expect(await sizesOf(product)).toEqual(next);
  });

  it('answers inStock false when every size is sold out', async () => {
    const soldOut = await productWith([{ size: 'S', stock: 0 }, { size: 'M', stock: 0 }]);
    expect(soldOut.inStock).toBe(false);
    const listed = await api('shopProducts', { query: { search: soldOut.name } });
    expect(listed.answer.find((product) => product._id === soldOut._id)?.inStock).toBe(false);
    expect((await productWith([{ size: 'S', stock: 0 }, { size: 'M', stock: null }])).inStock).toBe(true);
  });

  it.each([
    ['an unknown size', [{ size: 'XXXL', stock: 1 }], /XXXL/],
    ['a negative stock', [{ size: 'M', stock: -1 }], /negative/],
    ['a fractional stock', [{ size: 'M', stock: 1.5 }], /whole number/],
    ['the same size twice', [{ size: 'M', stock: 1 }, { size: 'M', stock: 2 }], /Size M is listed twice/],
    ['no size at all', [], /at least one size/],
  ])('refuses %s with a 400 that says why, on add and on update', async (_label, sizes, message) => {
    const admin = await createAdmin();
    const category = await createCategory();
    const fields = productFields({ gender: category.gender, category: category.title });
    const added = await api('addProduct', { token: admin.token, payload: { ...fields, sizes, imageUrls: ['https://cdn.example.com/a.webp'] } });
    expect(added.status).toBe(400);
    expect(added.message).toMatch(message);
    expect((await api('getProduct', { params: { x: fields.name } })).status).toBe(404);

    const product = await productWith();
    const updated = await api('updateProduct', {
      params: { x: product._id },
      token: admin.token,
      payload: { name: product.name, description: product.description, price: product.price, gender: product.gender, category: product.category, sizes },
    });
    expect(updated.status).toBe(400);
    expect(updated.message).toMatch(message);
    expect(await sizesOf(product)).toEqual(SHIRT_SIZES);
  });
});

describe('the admin\'s stock filter', () => {
  it('lists the products with a size running low (3 or fewer left) or sold out in every size', async () => {
    const low = await productWith([{ size: 'S', stock: 10 }, { size: 'M', stock: 3 }]);
    const soldOut = await productWith([{ size: 'S', stock: 0 }, { size: 'M', stock: 0 }]);
    const plenty = await productWith([{ size: 'S', stock: 10 }, { size: 'M', stock: null }]);
    const ids = async (stock: 'low' | 'sold-out') => (await api('listProducts', { query: { stock, limit: 100 } })).answer.map((product) => product._id);
    const lows = await ids('low');
    expect(lows).toContain(low._id);
    expect(lows).not.toContain(soldOut._id);
    expect(lows).not.toContain(plenty._id);
    const soldOuts = await ids('sold-out');
    expect(soldOuts).toContain(soldOut._id);
    expect(soldOuts).not.toContain(low._id);
    expect(soldOuts).not.toContain(plenty._id);
    expect((await api('listProducts', { rawQuery: { stock: 'many' } })).status).toBe(400);
  });
});

describe('sizes in the cart', () => {
  it('lets SPEC\'s client add a one-size product without a size', async () => {
    const shopper = await createUser();
    const product = await createProduct();
    const added = await addToCart(shopper, product, 2);
    expect(added.status).toBe(201);
    expect(added.answer).toMatchObject({ size: 'One size', quantaty: 2 });
  });

  it('asks for a size (400 "Please choose a size") when the product has several', async () => {
    const shopper = await createUser();
    const product = await productWith();
    const response = await addToCart(shopper, product, 1);
    expect(response.status).toBe(400);
    expect(response.message).toBe('Please choose a size');
    expect((await api('getCart', { token: shopper.token })).answer).toEqual([]);
  });

  it('refuses a size the shop or the product does not have, naming it', async () => {
    const shopper = await createUser();
    const product = await productWith();
    const unknown = await addToCart(shopper, product, 1, 'XXXL');
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('XXXL');
    const notOffered = await addToCart(shopper, product, 1, 'XS');
    expect(notOffered.status).toBe(400);
    expect(notOffered.message).toContain('XS');
  });

  it('makes one line per product and size: two sizes are two lines, the same size again grows its line', async () => {
    const shopper = await createUser();
    const product = await productWith();
    expect((await addToCart(shopper, product, 1, 'S')).status).toBe(201);
    expect((await addToCart(shopper, product, 1, 'XL')).status).toBe(201);
    expect((await addToCart(shopper, product, 2, 'S')).status).toBe(201);
    const cart = (await api('getCart', { token: shopper.token })).answer;
    expect(cart.map((item) => [item.size, item.quantaty])).toEqual([['S', 3], ['XL', 1]]);
  });

  it('answers 409 "Only N left in size S" past the stock, counting what the line already holds', async () => {
    const shopper = await createUser();
    const product = await productWith();
    const tooMany = await addToCart(shopper, product, 3, 'M');
    expect(tooMany.status).toBe(409);
    expect(tooMany.message).toBe('Only 2 left in size M');
    expect((await addToCart(shopper, product, 2, 'M')).status).toBe(201);
    const more = await addToCart(shopper, product, 1, 'M');
    expect(more.status).toBe(409);
    expect(more.message).toBe('Only 2 left in size M');
    const soldOut = await addToCart(shopper, product, 1, 'L');
    expect(soldOut.status).toBe(409);
    expect(soldOut.message).toBe('Only 0 left in size L');
    // not tracked: no limit
    expect((await addToCart(shopper, product, 50, 'XL')).status).toBe(201);
  });

  it('checks the stock when a line\'s quantity is changed', async () => {
    const shopper = await createUser();
    const product = await productWith();
    const line = (await addToCart(shopper, product, 1, 'S')).answer;
    const tooMany = await api('updateCartItem', { params: { id: line._id }, token: shopper.token, body: { quantaty: 5 } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.message).toBe('Only 4 left in size S');
    const fine = await api('updateCartItem', { params: { id: line._id }, token: shopper.token, body: { quantaty: 4 } });
    expect(fine.status).toBe(200);
    expect(fine.answer).toMatchObject({ size: 'S', quantaty: 4 });
  });

  it('drops the cart lines of a size the admin removes', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const product = await productWith();
    await addToCart(shopper, product, 1, 'S');
    await addToCart(shopper, product, 1, 'M');
    const fields = { name: product.name, description: product.description, price: product.price, disCountPrecent: 0, gender: product.gender, category: product.category };
    await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fields, sizes: [{ size: 'M', stock: 2 }] } });
    const cart = (await api('getCart', { token: shopper.token })).answer;
    expect(cart.map((item) => item.size)).toEqual(['M']);
  });
});

describe('stock and orders', () => {
  it('takes the stock when the order is placed, and the order\'s lines carry their sizes', async () => {
    const shopper = await createUser();
    const product = await productWith();
    await addToCart(shopper, product, 3, 'S');
    await addToCart(shopper, product, 2, 'M');
    await addToCart(shopper, product, 5, 'XL');
    const placed = await placeCart(shopper, [product]);
    expect(placed.status).toBe(201);
    expect(placed.answer.products.map((line) => [line.size, line.quantity])).toEqual([['S', 3], ['M', 2], ['XL', 5]]);
    expect(await sizesOf(product)).toEqual([{ size: 'S', stock: 1 }, { size: 'M', stock: 0 }, { size: 'L', stock: 0 }, { size: 'XL', stock: null }]);
    const stored = await api('getOrder', { params: { orderId: placed.answer._id }, token: shopper.token });
    expect(stored.answer.products.map((line) => line.size)).toEqual(['S', 'M', 'XL']);
  });

  it('checks the stock again at checkout: 409 "Only N left in size S", nothing taken, the cart kept', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const product = await productWith();
    const other = await productWith([{ size: 'XS', stock: 5 }]);
    await addToCart(shopper, other, 2, 'XS');
    await addToCart(shopper, product, 2, 'M');
    // someone else bought one meanwhile (the admin lowers the stock)
    const fields = { name: product.name, description: product.description, price: product.price, disCountPrecent: 0, gender: product.gender, category: product.category };
    await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fields, sizes: [...SHIRT_SIZES.slice(0, 1), { size: 'M', stock: 1 }, ...SHIRT_SIZES.slice(2)] } });
    const placed = await placeCart(shopper, [product, other]);
    expect(placed.status).toBe(409);
    expect(placed.message).toBe('Only 1 left in size M');
    expect(await stockOf(other, 'XS')).toBe(5); // the whole order rolled back
    expect(await stockOf(product, 'M')).toBe(1);
    expect((await api('getCart', { token: shopper.token })).answer).toHaveLength(2);
    expect((await api('userOrders', { params: { userId: shopper.user._id }, token: shopper.token })).answer).toEqual([]);
  });

  it('gives the stock back when the order is canceled, once', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const product = await productWith();
    await addToCart(shopper, product, 2, 'S');
    await addToCart(shopper, product, 1, 'XL');
    const placed = await placeCart(shopper, [product]);
    expect(await stockOf(product, 'S')).toBe(2);
    const canceled = await api('cancelOrder', { params: { id: placed.answer._id }, token: admin.token });
    expect(canceled.status).toBe(200);
    expect(await stockOf(product, 'S')).toBe(4);
    expect(await stockOf(product, 'XL')).toBeNull();
    const again = await api('cancelOrder', { params: { id: placed.answer._id }, token: admin.token });
    expect(again.status).toBe(409);
    expect(await stockOf(product, 'S')).toBe(4);
  });

  it('keeps SPEC\'s checkout working for one-size products, and orders of the same product in two sizes', async () => {
    const shopper = await createUser();
    const single = await createProduct({ price: 50 });
    const shirt = await productWith();
    await addToCart(shopper, single, 2);
    await addToCart(shopper, shirt, 1, 'S');
    await addToCart(shopper, shirt, 1, 'M');
    const placed = await placeCart(shopper, [single, shirt]);
    expect(placed.status).toBe(201);
    expect(placed.answer.products.map((line) => [line.product._id, line.size, line.quantity])).toEqual([
      [single._id, 'One size', 2], [shirt._id, 'S', 1], [shirt._id, 'M', 1],
    ]);
  });

  it('refuses a checkout whose body does not add up to the cart per product', async () => {
    const shopper = await createUser();
    const shirt = await productWith();
    await createCartItem(shopper.user, shirt, 1, 'S');
    await createCartItem(shopper.user, shirt, 1, 'M');
    const wrong = await api('placeOrder', { token: shopper.token, body: newOrderBody([{ product: shirt, quantity: 1 }]) });
    expect(wrong.status).toBe(409);
    expect(await stockOf(shirt, 'S')).toBe(4);
  });
});

describe('stock under concurrent checkouts', () => {
  it('sells the last 5 pieces to exactly 5 of 20 customers ordering at the same moment', async () => {
    const product = await productWith([{ size: 'M', stock: 5 }, { size: 'L', stock: 10 }], 300);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    for (const shopper of shoppers) await createCartItem(shopper.user, product, 1, 'M');
    const results = await Promise.all(
      shoppers.map((shopper) => api('placeOrder', { token: shopper.token, body: newOrderBody([{ product, quantity: 1 }]) })),
    );
    const placed = results.filter((response) => response.status === 201);
    const refused = results.filter((response) => response.status === 409);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const response of refused) expect(response.message).toBe('Only 0 left in size M');
    expect(await stockOf(product, 'M')).toBe(0);
    expect(await stockOf(product, 'L')).toBe(10);
  });
});

describe('migration 0001_sizes_and_stock', () => {
  const statements = (file: string) =>
    readFileSync(path.resolve(import.meta.dirname, '../src/db/migrations', file), 'utf8').split('--> statement-breakpoint');

  it('keeps existing rows valid: products get One size not tracked, cart lines and order lines get "One size"', async () => {
    const scratch = await scratchDatabase();
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    try {
      for (const statement of statements('0000_init.sql')) await db.query(statement);
      await db.query(`
        insert into users (id, username, email, password_hash) values ('00000000-0000-4000-8000-000000000001', 'mona', 'mona@example.com', 'x');
        insert into categories (id, title, gender) values ('00000000-0000-4000-8000-000000000002', 'Shirts', 'men');
        insert into products (id, name, description, price_piastres, category_id, category, gender, images)
          values ('00000000-0000-4000-8000-000000000003', 'Oxford', 'Cotton', 50000, '00000000-0000-4000-8000-000000000002', 'Shirts', 'men', '["/images/a.webp"]');
        insert into cart_items (user_id, product_id, quantity) values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003', 2);
        insert into orders (user_id, first_name, second_name, email, phone_number, governorate, city, address, way_for_payment, total_piastres, lines)
          values ('00000000-0000-4000-8000-000000000001', 'M', 'H', 'm@example.com', '0101', 'Cairo', 'Giza', 'St', 'cash', 103000,
            '[{"product":{"_id":"a","name":"A"},"quantity":1,"unitPiastres":50000},{"product":{"_id":"b","name":"B"},"quantity":1,"unitPiastres":50000}]');
      `);
      for (const statement of statements('0001_sizes_and_stock.sql')) await db.query(statement);
      expect((await db.query('select size, position, stock from product_sizes')).rows).toEqual([{ size: 'One size', position: 0, stock: null }]);
      expect((await db.query('select size, quantity from cart_items')).rows).toEqual([{ size: 'One size', quantity: 2 }]);
      const [order] = (await db.query<{ lines: { product: { _id: string }; size: string }[] }>('select lines from orders')).rows;
      expect(order!.lines.map((line) => [line.product._id, line.size])).toEqual([['a', 'One size'], ['b', 'One size']]);
    } finally {
      await db.end();
      await scratch.drop();
    }
  });
});
