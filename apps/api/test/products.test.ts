import { describe, expect, it } from 'vitest';
import type { Product, ProductFields } from '@shop/core/contract/catalog';
import type { App } from '../src/app.ts';
import {
  addToWishlist, createAdmin, createCartItem, createCategory, createOrder, createProduct, createUser, getApp, newest, unique,
} from './helpers.ts';
import { api } from './client.ts';

const ids = (list: { _id: string }[]) => list.map((p) => p._id);
const NO_TOKEN = { message: 'Please log in to continue' };
const ADMIN_ONLY = { message: 'Only an admin can do this' };

/** A word no other product uses, so a search finds only this test's products. */
const marker = () => `zq${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'x')}`;

describe('GET /api/products', () => {
  it('answers a bare array of whole products, newest first, paged and counted in X-Total-Count', async () => {
    const oldest = await createProduct({ createdAt: newest() });
    const middle = await createProduct({ createdAt: newest() });
    const latest = await createProduct({ createdAt: newest() });

    const page1 = await api('listProducts', { query: { page: 1, limit: 2 } });
    expect(page1.status).toBe(200);
    expect(page1.answer).toEqual([latest, middle]);
    expect(Object.keys(latest).sort()).toEqual(
      ['_id', 'category', 'createdAt', 'description', 'disCountPrecent', 'gender', 'images', 'inStock', 'name', 'price', 'rating', 'sizes', 'updatedAt'],
    );
    const total = Number(page1.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);

    const page2 = await api('listProducts', { query: { page: 2, limit: 2 } });
    expect(ids(page2.answer)[0]).toBe(oldest._id);
    expect(page2.headers['x-total-count']).toBe(String(total));

    const all = await api('listProducts');
    expect(all.answer).toHaveLength(Math.min(total, 100));
    expect(ids(all.answer).slice(0, 3)).toEqual([latest._id, middle._id, oldest._id]);
  });

  it('shows a product an admin adds at once, even after the same list was read', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const word = marker();
    const search = () => api('shopProducts', { query: { search: word } });
    const before = await search();
    expect(before.answer).toEqual([]);
    // no discount field: the form may leave it out
    const added = await api('addProduct', { token: admin.token, payload: { name: unique(`Fresh ${word} Tee`), description: 'New in.', price: 150, gender: category.gender, category: category.title, imageUrls: ['https://cdn.example.com/t.webp'] } });
    expect(added.status).toBe(201);
    const after = await search();
    expect(ids(after.answer)).toEqual([added.answer._id]);
    expect(after.headers['x-total-count']).toBe('1');

    const deleted = await api('deleteProduct', { params: { x: added.answer._id }, token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await search()).answer).toEqual([]);
  });

  it.each([
    ['page=0', 'page must be a whole number from 1'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=abc', 'limit must be a whole number from 1 to 100'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await api('listProducts', { rawQuery: Object.fromEntries(new URLSearchParams(query)) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe('GET /api/products/shop', () => {
  it('filters by gender and category independently, the malformed ?&category= included', async () => {
    const category = await createCategory({ gender: 'men', title: unique('Shirts') });
    const product = await createProduct({ category });
    const other = await createProduct({ gender: 'men' });
    const response = await api('shopProducts', { query: { category: category.title } });
    expect(response.status).toBe(200);
    expect(ids(response.answer)).toEqual([product._id]);
    expect(response.headers['x-total-count']).toBe('1');
    const men = await api('shopProducts', { query: { gender: 'men', limit: 100 } });
    expect(ids(men.answer)).toEqual(expect.arrayContaining([product._id, other._id]));
    expect(men.answer.every((p: { gender: string }) => p.gender === 'men')).toBe(true);
  });

  it('keeps the genders apart for a category title both genders use', async () => {
    const title = unique('Knitwear');
    const forMen = await createProduct({ category: await createCategory({ gender: 'men', title }) });
    const forWomen = await createProduct({ category: await createCategory({ gender: 'women', title }) });
    const women = await api('shopProducts', { query: { gender: 'women', category: title } });
    expect(ids(women.answer)).toEqual([forWomen._id]);
    const both = await api('shopProducts', { query: { category: title.toLowerCase() } });
    expect(ids(both.answer).sort()).toEqual([forMen._id, forWomen._id].sort());
  });

  it('searches words in the name, the description and the category, as prefixes, best match first', async () => {
    const word = marker();
    const inName = await createProduct({ name: unique(`Linen ${word}shirt`), createdAt: newest() });
    const inDescription = await createProduct({ description: `A light ${word} for summer evenings.`, createdAt: newest() });
    const inCategory = await createProduct({ category: await createCategory({ title: unique(`${word} Coats`) }), createdAt: newest() });
    await createProduct({ description: 'Nothing to find here.' });

    const response = await api('shopProducts', { query: { search: word } });
    expect(response.status).toBe(200);
    // ranked: a word in the name weighs more than one in the category, which weighs more than one in the description
    expect(ids(response.answer)).toEqual([inName._id, inCategory._id, inDescription._id]);
    expect(response.headers['x-total-count']).toBe('3');

    const twoWords = await api('shopProducts', { query: { search: `${word.toUpperCase()} summer` } });
    expect(ids(twoWords.answer)).toEqual([inDescription._id]);

    const paged = await api('shopProducts', { query: { search: word, page: 2, limit: 2 } });
    expect(ids(paged.answer)).toEqual([inDescription._id]);
    expect(paged.headers['x-total-count']).toBe('3');
  });

  it('answers an empty list when nothing matches, punctuation-only searches included', async () => {
    for (const search of [marker(), '%%%', `'); drop table products; -- ${marker()}`]) {
      const response = await api('shopProducts', { query: { search } });
      expect(response.status).toBe(200);
      expect(response.answer).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    }
  });

  it.each([
    ['gender=kids', 'Gender must be men or women'],
    [`search=${'a'.repeat(101)}`, 'Search must be at most 100 characters'],
    [`category=${'c'.repeat(101)}`, 'Category must be at most 100 characters'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await api('shopProducts', { rawQuery: Object.fromEntries(new URLSearchParams(query)) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe('GET /api/products/{name or id}', () => {
  it('answers one product by id and by its name, whatever the case', async () => {
    const product = await createProduct({ name: unique('Linen Shirt & Co/Arabic قميص'), price: 799.5, disCountPrecent: 20 });
    const byId = await api('getProduct', { params: { x: product._id } });
    expect(byId.status).toBe(200);
    expect(byId.answer).toEqual(product);
    expect(byId.answer).toMatchObject({ price: 799.5, disCountPrecent: 20 });
    const byName = await api('getProduct', { params: { x: product.name.toUpperCase() } });
    expect(byName.status).toBe(200);
    expect(byName.answer._id).toBe(product._id);
  });

  it('answers 404 with a message for an unknown product', async () => {
    for (const x of ['no-such-product-anywhere', '00000000-0000-4000-8000-000000000000']) {
      const response = await api('getProduct', { params: { x } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Product not found' });
    }
  });
});

describe('GET /api/products/{name or id}/related', () => {
  it('answers up to 3 other products of the same category and gender, newest first', async () => {
    const title = unique('Blazers');
    const category = await createCategory({ gender: 'men', title });
    const product = await createProduct({ category, createdAt: newest() });
    const siblings = [];
    for (let i = 0; i < 4; i++) siblings.push(await createProduct({ category, createdAt: newest() }));
    await createProduct({ category: await createCategory({ gender: 'women', title }) });
    await createProduct({ gender: 'men' });

    const response = await api('relatedProducts', { params: { x: product.name } });
    expect(response.status).toBe(200);
    expect(ids(response.answer)).toEqual([siblings[3]!._id, siblings[2]!._id, siblings[1]!._id]);
  });

  it('answers an empty list for a product alone in its category, and 404 for an unknown one', async () => {
    const lonely = await createProduct();
    const response = await api('relatedProducts', { params: { x: lonely._id } });
    expect(response.status).toBe(200);
    expect(response.answer).toEqual([]);
    const unknown = await api('relatedProducts', { params: { x: 'no-such-product-anywhere' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Product not found' });
  });
});

/** The add-product fields SPEC's form sends, as JSON with image links. */
async function productFields(overrides: Record<string, unknown> = {}) {
  const category = await createCategory({ gender: 'women' });
  return {
    name: unique('Pleated Skirt'),
    description: 'A midi skirt in soft crepe.',
    price: 640,
    disCountPrecent: 10,
    gender: 'women',
    category: category.title,
    imageUrls: ['https://cdn.example.com/skirt-1.webp', 'http://cdn.example.com/skirt-2.webp'],
    ...overrides,
  };
}

// bodies of any shape, bad ones included: sent as they are
const addProduct = (app: App, auth: { authorization: string } | undefined, payload: object) =>
  api('addProduct', { app, payload, ...(auth ? { headers: auth } : {}) });

describe('POST /api/products/add-product (JSON with image links)', () => {
  it('creates the product (201) and answers it with a message', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await productFields();
    const response = await addProduct(app, admin.auth, fields);
    expect(response.status).toBe(201);
    const body = response.answer;
    expect(body).toMatchObject({
      name: fields.name, description: fields.description, price: 640, disCountPrecent: 10, gender: 'women',
      category: fields.category, images: fields.imageUrls, message: 'Product has been created',
    });
    const read = await api('getProduct', { params: { x: body._id } });
    const { message: _message, ...product } = body;
    expect(read.answer).toEqual(product);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['the string "undefined"', 'undefined'],
  ])('treats a discount that is %s as 0', async (_case, disCountPrecent) => {
    const app = await getApp();
    const admin = await createAdmin();
    const response = await addProduct(app, admin.auth, await productFields({ disCountPrecent }));
    expect(response.status).toBe(201);
    expect(response.answer.disCountPrecent).toBe(0);
  });

  it.each([
    ['a missing name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a name that is too long', { name: 'n'.repeat(121) }, 'Name must be at most 120 characters'],
    ['a name that is not text', { name: 12 }, 'Name must be text'],
    ['a missing description', { description: undefined }, 'Description is required'],
    ['a missing price', { price: undefined }, 'Price is required'],
    ['a zero price', { price: 0 }, 'Price must be greater than zero.'],
    ['a negative price', { price: -5 }, 'Price must be greater than zero.'],
    ['a price that is not a number', { price: 'abc' }, 'Price must be a number'],
    ['a price with 3 decimals', { price: 10.005 }, 'Price can have at most 2 decimals'],
    ['a discount of 100', { disCountPrecent: 100 }, 'Discount must be between 0 and 99.'],
    ['a negative discount', { disCountPrecent: -1 }, 'Discount must be between 0 and 99.'],
    ['a discount that is not a number', { disCountPrecent: 'lots' }, 'Discount must be between 0 and 99.'],
    ['a missing gender', { gender: undefined }, 'Gender must be men or women'],
    ['a missing category', { category: undefined }, 'Category is required'],
    ['a category of the other gender', { gender: 'men' }, 'Please choose an existing category for this gender'],
    ['no image at all', { imageUrls: [] }, 'Please choose images'],
    ['an empty image link', { imageUrls: [''] }, 'Image link is required'],
    ['a javascript: link', { imageUrls: ['javascript:alert(1)'] }, 'Image links must start with http:// or https://'],
    ['a data: link', { imageUrls: ['data:image/png;base64,AAAA'] }, 'Image links must start with http:// or https://'],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_case, change, message) => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await productFields(change);
    const response = await addProduct(app, admin.auth, fields);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    if (typeof fields.name === 'string' && fields.name.trim()) {
      expect((await api('getProduct', { params: { x: fields.name } })).status).toBe(404);
    }
  });

  it('refuses 9 image links with 413', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const imageUrls = Array.from({ length: 9 }, (_, i) => `https://cdn.example.com/${i}.webp`);
    const response = await addProduct(app, admin.auth, await productFields({ imageUrls }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'A product can have at most 8 images' });
  });

  it('refuses a name another product has, whatever the case (409)', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const existing = await createProduct();
    const response = await addProduct(app, admin.auth, await productFields({ name: existing.name.toLowerCase() }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'A product with this name already exists' });
  });

  it('is refused without a token (401) and with a customer token (403)', async () => {
    const app = await getApp();
    const customer = await createUser();
    const fields = await productFields();
    const anonymous = await addProduct(app, undefined, fields);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_TOKEN);
    const asCustomer = await addProduct(app, customer.auth, fields);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual(ADMIN_ONLY);
    expect((await api('getProduct', { params: { x: fields.name } })).status).toBe(404);
  });
});

describe('PUT /api/products/update/{name}', () => {
  const fieldsOf = (product: Product): ProductFields => ({
    name: product.name, description: product.description, price: product.price, disCountPrecent: product.disCountPrecent,
    gender: product.gender, category: product.category,
  });

  it('updates the product addressed by its name and answers it with a message', async () => {
    const admin = await createAdmin();
    const product = await createProduct({ name: unique('Wool Coat / شتوي'), price: 1200 });
    const otherCategory = await createCategory({ gender: 'men' });
    const name = unique('Wool Coat v2');
    const response = await api('updateProduct', { params: { x: product.name }, token: admin.token, body: { ...fieldsOf(product), name, price: '999.90', disCountPrecent: '15', gender: 'men', category: otherCategory.title } });
    expect(response.status).toBe(200);
    expect(response.answer).toMatchObject({
      _id: product._id, name, price: 999.9, disCountPrecent: 15, gender: 'men', category: otherCategory.title,
      images: product.images, message: 'Item has been updated',
    });
    const read = await api('getProduct', { params: { x: name } });
    expect(read.answer).toMatchObject({ _id: product._id, price: 999.9 });
    expect((await api('getProduct', { params: { x: product.name } })).status).toBe(404);
  });

  it('is seen at once by readers of the product, its list and its ETag', async () => {
    const admin = await createAdmin();
    const product = await createProduct({ price: 300 });
    const first = await api('getProduct', { params: { x: product._id } });
    expect(first.answer.price).toBe(300);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const unchanged = await api('getProduct', { params: { x: product._id }, headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);

    const response = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), price: 275 } });
    expect(response.status).toBe(200);
    const fresh = await api('getProduct', { params: { x: product._id }, headers: { 'if-none-match': etag } });
    expect(fresh.status).toBe(200);
    expect(fresh.answer.price).toBe(275);
  });

  it('also takes the id, and replaces the images when a list is sent', async () => {
    const admin = await createAdmin();
    const product = await createProduct();
    const images = ['https://cdn.example.com/new.webp'];
    const response = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), images } });
    expect(response.status).toBe(200);
    expect(response.answer.images).toEqual(images);
  });

  it.each([
    ['a zero price', { price: 0 }, 400, 'Price must be greater than zero.'],
    ['a discount of 100', { disCountPrecent: 100 }, 400, 'Discount must be between 0 and 99.'],
    ['a missing description', { description: undefined }, 400, 'Description is required'],
    ['an unknown category', { category: 'No Such Category Here' }, 400, 'Please choose an existing category for this gender'],
    ['an empty image list', { images: [] }, 400, 'Please choose images'],
    ['a javascript: image', { images: ['javascript:alert(1)'] }, 400, 'Image links must start with http:// or https://'],
  ])('refuses %s and leaves the product as it was', async (_case, change, status, message) => {
    const admin = await createAdmin();
    const product = await createProduct();
    const response = await api('updateProduct', { params: { x: product._id }, token: admin.token, payload: { ...fieldsOf(product), ...change } });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
    expect((await api('getProduct', { params: { x: product._id } })).answer).toEqual(product);
  });

  it("refuses another product's name (409), and 404 for an unknown product", async () => {
    const admin = await createAdmin();
    const product = await createProduct();
    const other = await createProduct();
    const taken = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), name: other.name.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'A product with this name already exists' });
    const unknown = await api('updateProduct', { params: { x: 'no-such-product-anywhere' }, token: admin.token, body: fieldsOf(product) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Product not found' });
  });

  it('is refused without a token (401) and with a customer token (403)', async () => {
    const customer = await createUser();
    const product = await createProduct();
    const payload = { ...fieldsOf(product), price: 1 };
    const anonymous = await api('updateProduct', { params: { x: product._id }, body: payload });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_TOKEN);
    const asCustomer = await api('updateProduct', { params: { x: product._id }, token: customer.token, body: payload });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual({ message: "Only the shop's staff can do this" });
    expect((await api('getProduct', { params: { x: product._id } })).answer.price).toBe(product.price);
  });
});

describe('DELETE /api/products/delete/{id}', () => {
  it('is refused without a token (401) and with a customer token (403)', async () => {
    const product = await createProduct();
    const { auth } = await createUser();
    const anonymous = await api('deleteProduct', { params: { x: product._id } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_TOKEN);
    const asCustomer = await api('deleteProduct', { params: { x: product._id }, headers: auth });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual(ADMIN_ONLY);
    expect((await api('getProduct', { params: { x: product._id } })).status).toBe(200);
    const admin = await createAdmin();
    const asAdmin = await api('deleteProduct', { params: { x: product._id }, token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({ message: 'Product has been deleted' });
  });

  it('removes the product from carts and wishlists, while past orders keep their snapshot', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const product = await createProduct({ price: 350, disCountPrecent: 20 });
    const kept = await createProduct();
    await createCartItem(shopper.user, product, 2);
    await createCartItem(shopper.user, kept, 1);
    await addToWishlist(shopper.user, product);
    await addToWishlist(shopper.user, kept);
    const order = await createOrder(shopper.user, [{ product, quantity: 1 }]);

    const response = await api('deleteProduct', { params: { x: product._id }, token: admin.token });
    expect(response.status).toBe(200);
    expect((await api('getProduct', { params: { x: product._id } })).status).toBe(404);

    const cart = await api('getCart', { token: shopper.token });
    expect(cart.answer.map((item: { product: { _id: string } }) => item.product._id)).toEqual([kept._id]);
    const wishlist = await api('getWishlist', { params: { userId: shopper.user._id }, token: shopper.token });
    expect(ids(wishlist.answer.wishlist)).toEqual([kept._id]);
    const stored = await api('getOrder', { params: { orderId: order._id }, token: shopper.token });
    expect(stored.status).toBe(200);
    expect(stored.answer).toEqual({ ...order, username: expect.any(String) });
    expect(stored.answer.products[0]).toMatchObject({ product: { _id: product._id, name: product.name, price: 350 }, unitPrice: 280 });
  });

  it('answers 404 for an unknown product and for a second delete', async () => {
    const admin = await createAdmin();
    const product = await createProduct();
    expect((await api('deleteProduct', { params: { x: product._id }, token: admin.token })).status).toBe(200);
    for (const x of [product._id, 'no-such-product-anywhere']) {
      const response = await api('deleteProduct', { params: { x }, token: admin.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Product not found' });
    }
  });
});

describe('catalog answers', () => {
  it('are compressed for clients that take brotli or gzip, and the same JSON otherwise', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const app = await getApp();
    // enough bytes to be worth compressing, whatever else the database holds
    for (let i = 0; i < 3; i++) await createProduct({ description: 'Soft, breathable cotton. '.repeat(30) });
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      // a URL of its own, so the first answer is computed and the second comes from the cache
      const url = `/api/products?limit=20&page=1&_=${encoding}${Date.now()}`;
      const bodies = [];
      for (const attempt of ['computed', 'cached']) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': `${encoding}, deflate` } });
        expect(response.headers['content-encoding'], attempt).toBe(encoding);
        expect(response.headers.vary).toContain('Accept-Encoding');
        bodies.push(JSON.parse(decode(response.rawPayload).toString()));
      }
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(bodies).toEqual([plain.json(), plain.json()]);
    }
  });
});
