import { describe, expect, it } from 'vitest';
import { createAdmin, createCategory, createProduct, createUser, getApp, unique } from './helpers.ts';

describe('GET /api/products/{name or id}', () => {
  it('answers one product by id and by its name, whatever the case', async () => {
    const app = await getApp();
    const product = await createProduct({ name: unique('Linen Shirt & Co/Arabic قميص'), price: 799.5, disCountPrecent: 20 });
    const byId = await app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ _id: product._id, name: product.name, price: 799.5, disCountPrecent: 20 });
    const byName = await app.inject({ method: 'GET', url: `/api/products/${encodeURIComponent(product.name.toUpperCase())}` });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()._id).toBe(product._id);
  });

  it('answers 404 with a message for an unknown product', async () => {
    const app = await getApp();
    const response = await app.inject({ method: 'GET', url: '/api/products/no-such-product-anywhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found' });
  });
});

describe('GET /api/products/shop', () => {
  it('filters by gender and category independently, the malformed ?&category= included', async () => {
    const app = await getApp();
    const category = await createCategory({ gender: 'men', title: unique('Shirts') });
    const product = await createProduct({ category });
    const other = await createProduct({ gender: 'men' });
    const response = await app.inject({ method: 'GET', url: `/api/products/shop?&category=${encodeURIComponent(category.title)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { _id: string }) => p._id)).toEqual([product._id]);
    expect(response.headers['x-total-count']).toBe('1');
    const men = await app.inject({ method: 'GET', url: '/api/products/shop?gender=men&limit=100' });
    expect(men.json().map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([product._id, other._id]));
  });

  it('rejects a bad gender with a message', async () => {
    const app = await getApp();
    const response = await app.inject({ method: 'GET', url: '/api/products/shop?gender=kids' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Gender must be men or women');
  });
});

describe('DELETE /api/products/delete/{id}', () => {
  it('is refused without a token (401) and with a customer token (403)', async () => {
    const app = await getApp();
    const product = await createProduct();
    const { auth } = await createUser();
    expect((await app.inject({ method: 'DELETE', url: `/api/products/delete/${product._id}` })).statusCode).toBe(401);
    const asCustomer = await app.inject({ method: 'DELETE', url: `/api/products/delete/${product._id}`, headers: auth });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe('Only an admin can do this');
    const admin = await createAdmin();
    const asAdmin = await app.inject({ method: 'DELETE', url: `/api/products/delete/${product._id}`, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ message: 'Product has been deleted' });
  });
});
