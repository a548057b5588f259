// Returns and exchanges (PRODUCT section 9, issue 46, decision 065): the settings of the window, a product marked not
// returnable, and the returns themselves.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_SETTINGS } from '@shop/core/brand';
import type { Product } from '@shop/core/contract/catalog';
import { api } from './client.ts';
import { createAdmin, createProduct, createStaff } from './helpers.ts';

const fieldsOf = (product: Product) => ({
  name: product.name, description: product.description, price: product.price, disCountPrecent: product.disCountPrecent,
  gender: product.gender, category: product.category,
});

describe('settings: returns { days, defectiveDays, exchanges }', () => {
  it('reads 14, 30 and exchanges on by default; an admin changes each on its own', async () => {
    const admin = await createAdmin();
    expect((await api('getSettings')).answer.returns).toEqual({ days: 14, defectiveDays: 30, exchanges: true });
    try {
      const changed = await api('updateSettings', { token: admin.token, body: { returns: { days: 30 } } });
      expect(changed.status).toBe(200);
      expect(changed.answer.returns).toEqual({ days: 30, defectiveDays: 30, exchanges: true });
      const off = await api('updateSettings', { token: admin.token, body: { returns: { exchanges: false, defectiveDays: '60' } } });
      expect(off.answer.returns).toEqual({ days: 30, defectiveDays: 60, exchanges: false });
    } finally {
      await api('updateSettings', { token: admin.token, body: { returns: DEFAULT_RETURN_SETTINGS } });
    }
  });

  it.each([
    [{ days: 13 }, 'Days to return must be a whole number from 14 to 365', 'يجب أن تكون أيام الإرجاع عددًا صحيحًا من ١٤ إلى ٣٦٥'],
    [{ days: 14.5 }, 'Days to return must be a whole number from 14 to 365', 'يجب أن تكون أيام الإرجاع عددًا صحيحًا من ١٤ إلى ٣٦٥'],
    [{ defectiveDays: 29 }, 'Days to return a defective piece must be a whole number from 30 to 365', 'يجب أن تكون أيام إرجاع القطعة المعيبة عددًا صحيحًا من ٣٠ إلى ٣٦٥'],
    [{ defectiveDays: 366 }, 'Days to return a defective piece must be a whole number from 30 to 365', 'يجب أن تكون أيام إرجاع القطعة المعيبة عددًا صحيحًا من ٣٠ إلى ٣٦٥'],
    [{ exchanges: 'yes' }, 'Exchanges on or off must be true or false', 'يجب أن يكون الاستبدال مفعّلًا أو غير مفعّل (true أو false)'],
    ['none', 'Returns must be an object', 'يجب أن تكون إعدادات الإرجاع كائنًا'],
  ])('refuses %j with 400 in English and Arabic, and changes nothing', async (returns, english, arabic) => {
    const admin = await createAdmin();
    const before = (await api('getSettings')).answer.returns;
    const refused = await api('updateSettings', { token: admin.token, payload: { returns } });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(english);
    const inArabic = await api('updateSettings', { token: admin.token, payload: { returns }, headers: { 'accept-language': 'ar' } });
    expect(inArabic.message).toBe(arabic);
    expect((await api('getSettings')).answer.returns).toEqual(before);
  });
});

describe("a product's returnable", () => {
  it('is left out of a returnable product; the admin marks one not returnable and back, in the audit trail', async () => {
    const admin = await createAdmin();
    const product = await createProduct();
    expect((await api('getProduct', { params: { x: product._id } })).answer).not.toHaveProperty('returnable');
    const marked = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), returnable: false } });
    expect(marked.status).toBe(200);
    expect(marked.answer.returnable).toBe(false);
    expect((await api('getProduct', { params: { x: product._id } })).answer.returnable).toBe(false);
    // left out: kept
    expect((await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), price: 321 } })).answer.returnable).toBe(false);
    const back = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), returnable: 'true' } });
    expect(back.answer).not.toHaveProperty('returnable');
    const audit = await api('listAudit', { token: admin.token, query: { entity: 'product' } });
    expect(audit.answer.some((entry) => entry.entityId === product._id && (entry.after as { returnable?: boolean } | null)?.returnable === false)).toBe(true);
  });

  it('is added not returnable from the add form; a bad value is 400 in both languages; staff may not change it', async () => {
    const admin = await createAdmin();
    const model = await createProduct();
    const added = await api('addProduct', { token: admin.token, payload: { ...fieldsOf(model), name: `${model.name} 2`, returnable: false, imageUrls: ['https://cdn.example.com/t.webp'] } });
    expect(added.status).toBe(201);
    expect(added.answer.returnable).toBe(false);
    const bad = await api('updateProduct', { params: { x: model._id }, token: admin.token, payload: { ...fieldsOf(model), returnable: 'perhaps' } });
    expect([bad.status, bad.message]).toEqual([400, 'Returnable must be true or false']);
    const badAr = await api('updateProduct', { params: { x: model._id }, token: admin.token, payload: { ...fieldsOf(model), returnable: 'perhaps' }, headers: { 'accept-language': 'ar' } });
    expect(badAr.message).toBe('يجب أن تكون قابلية الإرجاع true أو false');
    const staff = await createStaff();
    const refused = await api('updateProduct', { params: { x: model._id }, token: staff.token, body: { ...fieldsOf(model), returnable: false } });
    expect(refused.status).toBe(403);
  });
});
