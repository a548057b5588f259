import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createCartItem, createProduct, createUser, getApp } from './helpers.ts';

type Auth = { authorization: string };
const cartOf = async (app: App, auth: Auth) => {
  const response = await app.inject({ method: 'GET', url: '/api/cart', headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json() as { _id: string; quantaty: number; product: { _id: string } }[];
};
const NO_TOKEN = { message: 'Please log in to continue' };
const NOT_FOUND = { message: 'Cart item not found' };

describe('GET /api/cart', () => {
  it("answers the caller's own items, each with the whole product and the discounted unit price", async () => {
    const app = await getApp();
    const shopper = await createUser();
    const other = await createUser();
    const product = await createProduct({ price: 199.99, disCountPrecent: 15 });
    const itemId = await createCartItem(shopper.user, product, 2);
    await createCartItem(other.user, await createProduct(), 1);

    const response = await app.inject({ method: 'GET', url: '/api/cart', headers: shopper.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        _id: itemId,
        product,
        quantaty: 2,
        nameProduct: product.name,
        imageProduct: product.images[0],
        priceProduct: 169.99, // 199.99 less 15%, rounded to the piastre
        createdAt: expect.any(String),
      },
    ]);
  });

  it('answers an empty list for an empty cart', async () => {
    const app = await getApp();
    const shopper = await createUser();
    expect(await cartOf(app, shopper.auth)).toEqual([]);
  });

  it('is refused without a token (401) and with a bad one (401)', async () => {
    const app = await getApp();
    const anonymous = await app.inject({ method: 'GET', url: '/api/cart' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NO_TOKEN);
    const forged = await app.inject({ method: 'GET', url: '/api/cart', headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Your session has expired, please log in again' });
  });
});

describe('POST /api/cart/add-cart', () => {
  it("adds SPEC's payload (201) with the server's own price, whatever priceProduct the client sends", async () => {
    const app = await getApp();
    const shopper = await createUser();
    const product = await createProduct({ price: 300, disCountPrecent: 10 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart/add-cart',
      headers: shopper.auth,
      payload: { product, quantaty: 2, nameProduct: 'whatever', imageProduct: 'x.png', priceProduct: 1 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      product: { _id: product._id },
      quantaty: 2,
      nameProduct: product.name,
      priceProduct: 270,
      message: 'Product has been added to your cart',
    });
    const cart = await cartOf(app, shopper.auth);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ _id: response.json()._id, quantaty: 2 });
  });

  it('raises the quantity of the one line when the same product is added twice, a "3" string included', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const product = await createProduct();
    const first = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product: product._id, quantaty: 2 } });
    const second = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product, quantaty: '3' } });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ _id: first.json()._id, quantaty: 5 });
    const cart = await cartOf(app, shopper.auth);
    expect(cart.map((item) => [item._id, item.quantaty])).toEqual([[first.json()._id, 5]]);
  });

  it('adds up two adds of the same product sent at once, on one line', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const product = await createProduct();
    const answers = await Promise.all([
      app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product: product._id, quantaty: 2 } }),
      app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product: product._id, quantaty: 3 } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const cart = await cartOf(app, shopper.auth);
    expect(cart.map((item) => item.quantaty)).toEqual([5]);
  });

  it('never lets a line go above 99', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const product = await createProduct();
    await createCartItem(shopper.user, product, 60);
    const response = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product: product._id, quantaty: 60 } });
    expect(response.statusCode).toBe(201);
    expect(response.json().quantaty).toBe(99);
  });

  it.each([
    ['a zero quantity', 0, 'Quantity must be between 1 and 99'],
    ['a negative quantity', -1, 'Quantity must be between 1 and 99'],
    ['a quantity above 99', 100, 'Quantity must be between 1 and 99'],
    ['a fractional quantity', 1.5, 'Quantity must be a whole number'],
    ['a quantity that is not a number', 'abc', 'Quantity must be a whole number'],
    ['a missing quantity', undefined, 'Quantity is required'],
  ])('refuses %s with 400 and adds nothing', async (_case, quantaty, message) => {
    const app = await getApp();
    const shopper = await createUser();
    const product = await createProduct();
    const response = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product: product._id, quantaty } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await cartOf(app, shopper.auth)).toEqual([]);
  });

  it('refuses a missing or malformed product (400) and an unknown one (404)', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const missing = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { quantaty: 1 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Product is required' });
    const wrongType = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product: 42, quantaty: 1 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ message: 'Product is required' });
    for (const product of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      const unknown = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: shopper.auth, payload: { product, quantaty: 1 } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Product not found' });
    }
    expect(await cartOf(app, shopper.auth)).toEqual([]);
  });

  it('is refused without a token (401)', async () => {
    const app = await getApp();
    const product = await createProduct();
    const response = await app.inject({ method: 'POST', url: '/api/cart/add-cart', payload: { product: product._id, quantaty: 1 } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NO_TOKEN);
  });
});

describe('PUT /api/cart/update/{id}', () => {
  it('sets the quantity (sent as a string) and answers the item with "Item has been updated"', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const product = await createProduct({ price: 100, disCountPrecent: 50 });
    const itemId = await createCartItem(shopper.user, product, 1);
    const response = await app.inject({ method: 'PUT', url: `/api/cart/update/${itemId}`, headers: shopper.auth, payload: { quantaty: '4' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: itemId,
      quantaty: 4,
      product: { _id: product._id },
      nameProduct: product.name,
      priceProduct: 50,
      message: 'Item has been updated',
    });
    expect((await cartOf(app, shopper.auth))[0]?.quantaty).toBe(4);
  });

  it("answers 404 for another shopper's item and leaves it alone", async () => {
    const app = await getApp();
    const owner = await createUser();
    const intruder = await createUser();
    const itemId = await createCartItem(owner.user, await createProduct(), 2);
    const response = await app.inject({ method: 'PUT', url: `/api/cart/update/${itemId}`, headers: intruder.auth, payload: { quantaty: 9 } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect((await cartOf(app, owner.auth))[0]?.quantaty).toBe(2);
  });

  it('answers 404 for an unknown item', async () => {
    const app = await getApp();
    const shopper = await createUser();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await app.inject({ method: 'PUT', url: `/api/cart/update/${id}`, headers: shopper.auth, payload: { quantaty: 1 } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it.each([
    [0, 'Quantity must be between 1 and 99'],
    [-1, 'Quantity must be between 1 and 99'],
    ['1.5', 'Quantity must be a whole number'],
    [1.5, 'Quantity must be a whole number'],
    ['abc', 'Quantity must be a whole number'],
    [undefined, 'Quantity is required'],
  ])('refuses quantaty %j with 400 and keeps the saved quantity', async (quantaty, message) => {
    const app = await getApp();
    const shopper = await createUser();
    const itemId = await createCartItem(shopper.user, await createProduct(), 3);
    const response = await app.inject({ method: 'PUT', url: `/api/cart/update/${itemId}`, headers: shopper.auth, payload: { quantaty } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await cartOf(app, shopper.auth))[0]?.quantaty).toBe(3);
  });

  it('is refused without a token (401)', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const itemId = await createCartItem(shopper.user, await createProduct(), 1);
    const response = await app.inject({ method: 'PUT', url: `/api/cart/update/${itemId}`, payload: { quantaty: 2 } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NO_TOKEN);
  });
});

describe('DELETE /api/cart/delete/{id}', () => {
  it('removes one item and keeps the others', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const gone = await createCartItem(shopper.user, await createProduct(), 1);
    const kept = await createCartItem(shopper.user, await createProduct(), 1);
    const response = await app.inject({ method: 'DELETE', url: `/api/cart/delete/${gone}`, headers: shopper.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Product has been deleted from your cart' });
    expect((await cartOf(app, shopper.auth)).map((item) => item._id)).toEqual([kept]);
  });

  it("answers 404 for another shopper's item, an unknown item, and a second delete", async () => {
    const app = await getApp();
    const owner = await createUser();
    const intruder = await createUser();
    const itemId = await createCartItem(owner.user, await createProduct(), 1);
    const asIntruder = await app.inject({ method: 'DELETE', url: `/api/cart/delete/${itemId}`, headers: intruder.auth });
    expect(asIntruder.statusCode).toBe(404);
    expect(asIntruder.json()).toEqual(NOT_FOUND);
    expect((await cartOf(app, owner.auth)).map((item) => item._id)).toEqual([itemId]);

    expect((await app.inject({ method: 'DELETE', url: `/api/cart/delete/${itemId}`, headers: owner.auth })).statusCode).toBe(200);
    const again = await app.inject({ method: 'DELETE', url: `/api/cart/delete/${itemId}`, headers: owner.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
    const malformed = await app.inject({ method: 'DELETE', url: '/api/cart/delete/not-an-id', headers: owner.auth });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual(NOT_FOUND);
  });

  it('is refused without a token (401)', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const itemId = await createCartItem(shopper.user, await createProduct(), 1);
    const response = await app.inject({ method: 'DELETE', url: `/api/cart/delete/${itemId}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NO_TOKEN);
    expect(await cartOf(app, shopper.auth)).toHaveLength(1);
  });
});

describe('DELETE /api/cart/delete-all-cart', () => {
  it("empties the caller's cart only", async () => {
    const app = await getApp();
    const shopper = await createUser();
    const neighbour = await createUser();
    await createCartItem(shopper.user, await createProduct(), 1);
    await createCartItem(shopper.user, await createProduct(), 2);
    const neighbours = await createCartItem(neighbour.user, await createProduct(), 1);
    const response = await app.inject({ method: 'DELETE', url: '/api/cart/delete-all-cart', headers: shopper.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your Cart has been deleted' });
    expect(await cartOf(app, shopper.auth)).toEqual([]);
    expect((await cartOf(app, neighbour.auth)).map((item) => item._id)).toEqual([neighbours]);
  });

  it('is refused without a token (401)', async () => {
    const app = await getApp();
    const response = await app.inject({ method: 'DELETE', url: '/api/cart/delete-all-cart' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NO_TOKEN);
  });
});
