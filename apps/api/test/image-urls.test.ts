// With IMAGE_BASE_URL (a CDN) or PUBLIC_URL set, image URLs in answers are absolute; the database keeps the paths.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { api } from './client.ts';
import { appWith, closeAppsBuilt, createAdmin, createCartItem, createCategory, createProduct, createUser, getApp } from './helpers.ts';

afterAll(closeAppsBuilt);
describe('image URLs in answers', () => {
  it('are absolute on IMAGE_BASE_URL in product reads, lists, carts and add/update answers; other hosts stay as they are', async () => {
    const app = await appWith({ IMAGE_BASE_URL: 'https://cdn.shop.example/', PUBLIC_URL: 'https://shop.example' });
    const category = await createCategory();
    const product = await createProduct({ category, images: ['/images/shirt-ab12-800.webp', 'https://elsewhere.example/b.webp'] });
    const expected = ['https://cdn.shop.example/images/shirt-ab12-800.webp', 'https://elsewhere.example/b.webp'];

    expect((await api('getProduct', { app, params: { x: product._id } })).answer.images).toEqual(expected);
    const listed = await api('shopProducts', { app, query: { category: category.title } });
    expect(listed.answer.map((p) => p.images)).toEqual([expected]);

    const customer = await createUser();
    await createCartItem(customer.user, product);
    const cart = await api('getCart', { app, token: customer.token });
    expect(cart.status).toBe(200);
    expect(cart.answer[0]?.imageProduct).toBe(expected[0]);
    expect(cart.answer[0]?.product.images).toEqual(expected);

    // the admin's form sends back what it was shown: the row keeps the path
    const admin = await createAdmin();
    const { _id, images: shown, sizes: _s, inStock: _i, createdAt: _c, updatedAt: _u, ...fields } = (await api('getProduct', { app, params: { x: product._id } })).answer;
    const updated = await api('updateProduct', { app, token: admin.token, params: { x: _id }, body: { ...fields, images: shown } });
    expect(updated.status).toBe(200);
    expect(updated.answer.images).toEqual(expected);
    const [row] = await app.db.select({ images: products.images }).from(products).where(eq(products.id, _id));
    expect(row?.images).toEqual(['/images/shirt-ab12-800.webp', 'https://elsewhere.example/b.webp']);
  });

  it('use PUBLIC_URL when no IMAGE_BASE_URL is set, and stay paths when neither is', async () => {
    const withPublic = await appWith({ PUBLIC_URL: 'https://shop.example' });
    const product = await createProduct({ images: ['/images/tee-cd34-800.webp'] });
    expect((await api('getProduct', { app: withPublic, params: { x: product._id } })).answer.images).toEqual(['https://shop.example/images/tee-cd34-800.webp']);
    expect((await api('getProduct', { app: await getApp(), params: { x: product._id } })).answer.images).toEqual(['/images/tee-cd34-800.webp']);
  });
});
