import { describe, expect, it } from 'vitest';
import { createAdmin, createCategory, createProduct, createUser, unique } from './helpers.ts';
import { categoryFields } from '@shop/core/factories';
import { api } from './client.ts';

describe('GET /api/categories', () => {
  it('answers every category as a bare array with _id, title, gender and createdAt', async () => {
    const men = await createCategory({ gender: 'men' });
    const women = await createCategory({ gender: 'women' });
    const response = await api('listCategories');
    expect(response.status).toBe(200);
    const list = response.answer;
    expect(Array.isArray(list)).toBe(true);
    expect(list).toEqual(expect.arrayContaining([men, women]));
    expect(Object.keys(list.find((c) => c._id === men._id) ?? {}).sort()).toEqual(['_id', 'createdAt', 'gender', 'title']);
  });
});

describe('POST /api/categories/add-category', () => {
  it('adds a category (201) that the list then shows', async () => {
    const admin = await createAdmin();
    const title = unique('Jackets');
    const response = await api('addCategory', { token: admin.token, body: { title, gender: 'men' } });
    expect(response.status).toBe(201);
    const body = response.answer;
    expect(body).toMatchObject({ title, gender: 'men', message: 'Category has been added' });
    expect(typeof body._id).toBe('string');
    expect(typeof body.createdAt).toBe('string');

    const list = await api('listCategories');
    expect(list.answer).toContainEqual({ _id: body._id, title, gender: 'men', createdAt: body.createdAt });
  });

  it('refuses a duplicate title for the same gender (409, any case) and allows it for the other gender', async () => {
    const admin = await createAdmin();
    const existing = await createCategory({ gender: 'women', title: unique('Dresses') });
    const duplicate = await api('addCategory', { token: admin.token, body: { title: existing.title.toUpperCase(), gender: 'women' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: 'This category already exists for this gender' });

    const otherGender = await api('addCategory', { token: admin.token, body: { title: existing.title, gender: 'men' } });
    expect(otherGender.status).toBe(201);
    expect(otherGender.answer).toMatchObject({ title: existing.title, gender: 'men' });
  });

  it('is refused without a token (401) and with a customer token (403)', async () => {
    const customer = await createUser();
    const payload = categoryFields({ title: unique('Hats'), gender: 'men' });
    const anonymous = await api('addCategory', { body: payload });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Please log in to continue' });
    const asCustomer = await api('addCategory', { token: customer.token, body: payload });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual({ message: 'Only an admin can do this' });
    const list = await api('listCategories');
    expect(list.answer.map((c: { title: string }) => c.title)).not.toContain(payload.title);
  });

  it.each([
    ['a missing title', { gender: 'men' }, 'Title is required'],
    ['a blank title', { title: '  ', gender: 'men' }, 'Title is required'],
    ['a title that is not text', { title: 12, gender: 'men' }, 'Title must be text'],
    ['a title that is too long', { title: 't'.repeat(61), gender: 'men' }, 'Title must be at most 60 characters'],
    ['a missing gender', { title: 'Caps' }, 'Gender must be men or women'],
    ['an unknown gender', { title: 'Caps', gender: 'kids' }, 'Gender must be men or women'],
  ])('refuses %s with 400 naming the field', async (_case, payload, message) => {
    const admin = await createAdmin();
    const response = await api('addCategory', { token: admin.token, payload });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe('DELETE /api/categories/delete/{id}', () => {
  it('deletes an empty category', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const response = await api('deleteCategory', { params: { id: category._id }, token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Category has been deleted' });
    const list = await api('listCategories');
    expect(list.answer.map((c: { _id: string }) => c._id)).not.toContain(category._id);
  });

  it('refuses a category that still has products (409) and says how many', async () => {
    const admin = await createAdmin();
    const category = await createCategory({ gender: 'men' });
    const first = await createProduct({ category });
    await createProduct({ category });
    const response = await api('deleteCategory', { params: { id: category._id }, token: admin.token });
    expect(response.status).toBe(409);
    expect(response.message).toMatch(/\b2 products\b/);
    expect((await api('getProduct', { params: { x: first._id } })).status).toBe(200);
    const list = await api('listCategories');
    expect(list.answer.map((c: { _id: string }) => c._id)).toContain(category._id);
  });

  it('says "1 product" for a category with one product', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    await createProduct({ category });
    const response = await api('deleteCategory', { params: { id: category._id }, token: admin.token });
    expect(response.status).toBe(409);
    expect(response.message).toMatch(/\b1 product\b/);
  });

  it('answers 404 for an unknown category, whether or not the id looks like one', async () => {
    const admin = await createAdmin();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-category']) {
      const response = await api('deleteCategory', { params: { id }, token: admin.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Category not found' });
    }
  });

  it('is refused without a token (401) and with a customer token (403), and deletes nothing', async () => {
    const customer = await createUser();
    const category = await createCategory();
    const anonymous = await api('deleteCategory', { params: { id: category._id } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Please log in to continue' });
    const asCustomer = await api('deleteCategory', { params: { id: category._id }, token: customer.token });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual({ message: 'Only an admin can do this' });
    const list = await api('listCategories');
    expect(list.answer.map((c: { _id: string }) => c._id)).toContain(category._id);
  });
});
