import { describe, expect, it } from 'vitest';
import { createCartItem, createProduct, createUser } from './helpers.ts';
import { api } from './client.ts';

const cartOf = async (shopper: { token: string }) => {
  const response = await api('getCart', { token: shopper.token });
  expect(response.status).toBe(200);
  return response.answer;
};
const NO_TOKEN = { message: 'Please log in to continue' };
const NOT_FOUND = { message: 'Cart item not found' };

describe('GET /api/cart', () => {
  it("answers the caller's own items, each with the whole product and the discounted unit price", async () => {
    const shopper = await createUser();
    const other = await createUser();
    const product = await createProduct({ price: 199.99, disCountPrecent: 15 });
    const itemId = await createCartItem(shopper.user, product, 2);
    await createCartItem(other.user, await createProduct(), 1);

    const response = await api('getCart', { token: shopper.token });
    expect(response.status).toBe(200);
    expect(response.answer).toEqual([
      {
        _id: itemId,
        product,
        size: 'One size',
        quantaty: 2,
        nameProduct: product.name,
        imageProduct: product.images[0],
        priceProduct: 169.99, // 199.99 less 15%, rounded to the piastre
        createdAt: expect.any(String),
      },
    ]);
  });

  it('answers an empty list for an empty cart', async () => {
    const shopper = await createUser();
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('is refused without a token (401) and with a bad one (401)', async () => {
    const anonymous = await api('getCart');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_TOKEN);
    const forged = await api('getCart', { headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ message: 'Your session has expired, please log in again' });
  });
});

describe('POST /api/cart/add-cart', () => {
  it("adds SPEC's payload (201) with the server's own price, whatever priceProduct the client sends", async () => {
    const shopper = await createUser();
    const product = await createProduct({ price: 300, disCountPrecent: 10 });
    const response = await api('addToCart', { token: shopper.token, payload: { product, quantaty: 2, nameProduct: 'whatever', imageProduct: 'x.png', priceProduct: 1 } });
    expect(response.status).toBe(201);
    expect(response.answer).toMatchObject({
      product: { _id: product._id },
      quantaty: 2,
      nameProduct: product.name,
      priceProduct: 270,
      message: 'Product has been added to your cart',
    });
    const cart = await cartOf(shopper);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ _id: response.answer._id, quantaty: 2 });
  });

  it('raises the quantity of the one line when the same product is added twice, a "3" string included', async () => {
    const shopper = await createUser();
    const product = await createProduct();
    const first = await api('addToCart', { token: shopper.token, body: { product: product._id, quantaty: 2 } });
    const second = await api('addToCart', { token: shopper.token, body: { product, quantaty: '3' } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.answer).toMatchObject({ _id: first.answer._id, quantaty: 5 });
    const cart = await cartOf(shopper);
    expect(cart.map((item) => [item._id, item.quantaty])).toEqual([[first.answer._id, 5]]);
  });

  it('adds up two adds of the same product sent at once, on one line', async () => {
    const shopper = await createUser();
    const product = await createProduct();
    const answers = await Promise.all([
      api('addToCart', { token: shopper.token, body: { product: product._id, quantaty: 2 } }),
      api('addToCart', { token: shopper.token, body: { product: product._id, quantaty: 3 } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const cart = await cartOf(shopper);
    expect(cart.map((item) => item.quantaty)).toEqual([5]);
  });

  it('never lets a line go above 99', async () => {
    const shopper = await createUser();
    const product = await createProduct();
    await createCartItem(shopper.user, product, 60);
    const response = await api('addToCart', { token: shopper.token, body: { product: product._id, quantaty: 60 } });
    expect(response.status).toBe(201);
    expect(response.answer.quantaty).toBe(99);
  });

  it.each([
    ['a zero quantity', 0, 'Quantity must be between 1 and 99'],
    ['a negative quantity', -1, 'Quantity must be between 1 and 99'],
    ['a quantity above 99', 100, 'Quantity must be between 1 and 99'],
    ['a fractional quantity', 1.5, 'Quantity must be a whole number'],
    ['a quantity that is not a number', 'abc', 'Quantity must be a whole number'],
    ['a missing quantity', undefined, 'Quantity is required'],
  ])('refuses %s with 400 and adds nothing', async (_case, quantaty, message) => {
    const shopper = await createUser();
    const product = await createProduct();
    const response = await api('addToCart', { token: shopper.token, body: { product: product._id, quantaty } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('refuses a missing or malformed product (400) and an unknown one (404)', async () => {
    const shopper = await createUser();
    const missing = await api('addToCart', { token: shopper.token, payload: { quantaty: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Product is required' });
    const wrongType = await api('addToCart', { token: shopper.token, payload: { product: 42, quantaty: 1 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({ message: 'Product is required' });
    for (const product of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      const unknown = await api('addToCart', { token: shopper.token, body: { product, quantaty: 1 } });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Product not found' });
    }
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('is refused without a token (401)', async () => {
    const product = await createProduct();
    const response = await api('addToCart', { body: { product: product._id, quantaty: 1 } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(NO_TOKEN);
  });
});

describe('PUT /api/cart/update/{id}', () => {
  it('sets the quantity (sent as a string) and answers the item with "Item has been updated"', async () => {
    const shopper = await createUser();
    const product = await createProduct({ price: 100, disCountPrecent: 50 });
    const itemId = await createCartItem(shopper.user, product, 1);
    const response = await api('updateCartItem', { params: { id: itemId }, token: shopper.token, body: { quantaty: '4' } });
    expect(response.status).toBe(200);
    expect(response.answer).toMatchObject({
      _id: itemId,
      quantaty: 4,
      product: { _id: product._id },
      nameProduct: product.name,
      priceProduct: 50,
      message: 'Item has been updated',
    });
    expect((await cartOf(shopper))[0]?.quantaty).toBe(4);
  });

  it("answers 404 for another shopper's item and leaves it alone", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const itemId = await createCartItem(owner.user, await createProduct(), 2);
    const response = await api('updateCartItem', { params: { id: itemId }, token: intruder.token, body: { quantaty: 9 } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect((await cartOf(owner))[0]?.quantaty).toBe(2);
  });

  it('answers 404 for an unknown item', async () => {
    const shopper = await createUser();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await api('updateCartItem', { params: { id }, token: shopper.token, body: { quantaty: 1 } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
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
    const shopper = await createUser();
    const itemId = await createCartItem(shopper.user, await createProduct(), 3);
    const response = await api('updateCartItem', { params: { id: itemId }, token: shopper.token, body: { quantaty } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect((await cartOf(shopper))[0]?.quantaty).toBe(3);
  });

  it('is refused without a token (401)', async () => {
    const shopper = await createUser();
    const itemId = await createCartItem(shopper.user, await createProduct(), 1);
    const response = await api('updateCartItem', { params: { id: itemId }, body: { quantaty: 2 } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(NO_TOKEN);
  });
});

describe('DELETE /api/cart/delete/{id}', () => {
  it('removes one item and keeps the others', async () => {
    const shopper = await createUser();
    const gone = await createCartItem(shopper.user, await createProduct(), 1);
    const kept = await createCartItem(shopper.user, await createProduct(), 1);
    const response = await api('deleteCartItem', { params: { id: gone }, token: shopper.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Product has been deleted from your cart' });
    expect((await cartOf(shopper)).map((item) => item._id)).toEqual([kept]);
  });

  it("answers 404 for another shopper's item, an unknown item, and a second delete", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const itemId = await createCartItem(owner.user, await createProduct(), 1);
    const asIntruder = await api('deleteCartItem', { params: { id: itemId }, token: intruder.token });
    expect(asIntruder.status).toBe(404);
    expect(asIntruder.body).toEqual(NOT_FOUND);
    expect((await cartOf(owner)).map((item) => item._id)).toEqual([itemId]);

    expect((await api('deleteCartItem', { params: { id: itemId }, token: owner.token })).status).toBe(200);
    const again = await api('deleteCartItem', { params: { id: itemId }, token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
    const malformed = await api('deleteCartItem', { params: { id: 'not-an-id' }, token: owner.token });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(NOT_FOUND);
  });

  it('is refused without a token (401)', async () => {
    const shopper = await createUser();
    const itemId = await createCartItem(shopper.user, await createProduct(), 1);
    const response = await api('deleteCartItem', { params: { id: itemId } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(NO_TOKEN);
    expect(await cartOf(shopper)).toHaveLength(1);
  });
});

describe('DELETE /api/cart/delete-all-cart', () => {
  it("empties the caller's cart only", async () => {
    const shopper = await createUser();
    const neighbour = await createUser();
    await createCartItem(shopper.user, await createProduct(), 1);
    await createCartItem(shopper.user, await createProduct(), 2);
    const neighbours = await createCartItem(neighbour.user, await createProduct(), 1);
    const response = await api('clearCart', { token: shopper.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Your Cart has been deleted' });
    expect(await cartOf(shopper)).toEqual([]);
    expect((await cartOf(neighbour)).map((item) => item._id)).toEqual([neighbours]);
  });

  it('is refused without a token (401)', async () => {
    const response = await api('clearCart');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(NO_TOKEN);
  });
});
