import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productFields } from '@shop/core/factories';
import { queryRows } from '../src/db/rows.ts';
import { searchQuery } from '../src/modules/catalog/products.ts';
import { api } from './client.ts';
import { createAdmin, createCategory, createProduct, getApp, getTestContext, newest, unique } from './helpers.ts';

const ids = (list: { _id: string }[]) => list.map((p) => p._id);

describe('GET /api/products/shop?search=', () => {
  // English stemming turns "navy" into "navi" and "daisy" into "daisi": a search must still find the word as typed
  // inside a longer one, on both databases.
  it.each(['navy', 'daisy', 'berries'])('finds "%s" as the start of a longer word', async (word) => {
    const app = await getApp();
    const tag = unique('zq').replace(/[^a-z]/g, 'q');
    const product = await createProduct({ name: unique(`${tag} ${word}blue`) });
    const response = await app.inject({ method: 'GET', url: `/api/products/shop?search=${encodeURIComponent(`${tag} ${word}`)}` });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { _id: string }[]).map((found) => found._id)).toEqual([product._id]);
  });

  // each word's two matches (stemmed and as typed) are one where one prefix holds the other: the index is walked and
  // each product rechecked once, not twice
  it.each([
    ['linen', "'linen':*"],
    ['shirts', "'shirt':*"],
    ['Dresses running', "'dress':* & 'run':*"],
    ['navy', "'navi':* | 'navy':*"],
    ['the', "'the':*"],
    ['كتان', "'كتان':*"],
  ])('asks for "%s" as %s', async (search, query) => {
    const { database } = await getTestContext();
    const [row] = await queryRows<{ query: string }>(database.db, sql`select (${searchQuery(search)})::text as query`);
    expect(row!.query).toBe(query);
  });

  it('finds a word by its stem and as typed, each product once: "shirts" finds a shirt, shirts and a shirtdress', async () => {
    const tag = unique('zq').replace(/[^a-z]/g, 'q');
    const found = [
      await createProduct({ name: unique(`${tag} shirt`), createdAt: newest() }),
      await createProduct({ name: unique(`${tag} shirts`), createdAt: newest() }),
      await createProduct({ name: unique(`${tag} shirtsdress`), createdAt: newest() }),
    ];
    await createProduct({ name: unique(`${tag} shorts`), createdAt: newest() });
    const answer = await api('shopProducts', { query: { search: `${tag} shirts` } });
    expect(answer.status).toBe(200);
    expect(ids(answer.answer).sort()).toEqual(ids(found).sort());
    expect(answer.headers['x-total-count']).toBe('3');
  });
});

// PRODUCT.md section 7 "Arabic": products and categories may carry Arabic names; a search matches them too.
describe('Arabic names', () => {
  /** Arabic letters no other test uses, so a search finds only this test's products. */
  const arabicMarker = () => Array.from({ length: 6 }, () => String.fromCharCode(0x0628 + Math.floor(Math.random() * 18))).join('');

  it('are accepted by add and update, answered by reads, and kept when SPEC\'s form leaves them out', async () => {
    const admin = await createAdmin();
    const word = arabicMarker();
    const category = await api('addCategory', { token: admin.token, body: { title: unique('Kaftans'), gender: 'women', titleAr: `قفاطين ${word}` } });
    expect(category.status).toBe(201);
    expect(category.answer.titleAr).toBe(`قفاطين ${word}`);
    const listed = await api('listCategories');
    expect(listed.answer.find((c) => c._id === category.answer._id)?.titleAr).toBe(`قفاطين ${word}`);

    const fields = { ...productFields({ gender: 'women', category: category.answer.title }), nameAr: `قميص كتان ${word}`, descriptionAr: 'قطعة خفيفة للصيف.' };
    const added = await api('addProduct', { token: admin.token, payload: { ...fields, imageUrls: ['https://cdn.example.com/k.webp'] } });
    expect(added.status).toBe(201);
    expect(added.answer).toMatchObject({ nameAr: `قميص كتان ${word}`, descriptionAr: 'قطعة خفيفة للصيف.' });
    expect((await api('getProduct', { params: { x: added.answer._id } })).answer.nameAr).toBe(`قميص كتان ${word}`);

    // SPEC's update form sends no Arabic fields: the product keeps them
    const { nameAr: _nameAr, descriptionAr: _descriptionAr, ...spec } = fields;
    const kept = await api('updateProduct', { token: admin.token, params: { x: added.answer._id }, body: { ...spec, price: 321 } });
    expect(kept.status).toBe(200);
    expect(kept.answer).toMatchObject({ price: 321, nameAr: `قميص كتان ${word}`, descriptionAr: 'قطعة خفيفة للصيف.' });

    // a blank field clears it
    const cleared = await api('updateProduct', { token: admin.token, params: { x: added.answer._id }, body: { ...spec, nameAr: '', descriptionAr: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.answer).not.toHaveProperty('nameAr');
    expect(cleared.answer).not.toHaveProperty('descriptionAr');
  });

  it('are found by a search, from the start of a word, in the name, the description and the category title', async () => {
    const word = arabicMarker();
    const category = await createCategory({ titleAr: `عبايات ${word}x` });
    const inName = await createProduct({ nameAr: `قميص ${word}ات`, createdAt: newest() });
    const inDescription = await createProduct({ descriptionAr: `قطعة ${word} للصيف`, createdAt: newest() });
    const inCategory = await createProduct({ category, createdAt: newest() });
    await createProduct({ nameAr: 'لا شيء هنا' });

    const found = await api('shopProducts', { query: { search: word } });
    expect(found.status).toBe(200);
    expect(ids(found.answer)).toEqual([inName._id, inCategory._id, inDescription._id]);
    expect(found.headers['x-total-count']).toBe('3');

    const partial = await api('shopProducts', { query: { search: word.slice(0, 4) } });
    expect(ids(partial.answer)).toEqual(expect.arrayContaining([inName._id, inCategory._id, inDescription._id]));

    const both = await api('shopProducts', { query: { search: `قميص ${word}` } });
    expect(ids(both.answer)).toEqual([inName._id]);
  });
});
