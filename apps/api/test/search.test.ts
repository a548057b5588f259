import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productFields } from '@shop/core/factories';
import { queryRows } from '../src/db/rows.ts';
import { searchQuery, searchTotalQuery } from '../src/modules/catalog/products.ts';
import { api } from './client.ts';
import { createAdmin, createCategory, createProduct, getApp, getTestContext, newest, unique } from './helpers.ts';
import { products } from '../src/db/schema.ts';

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
    // each page with the total of all the matches, a page past the last one too
    const pages = await Promise.all([1, 2, 3].map((page) => api('shopProducts', { query: { search: `${tag} shirts`, page, limit: 2 } })));
    expect(pages.map((each) => each.answer.length)).toEqual([2, 1, 0]);
    expect(pages.map((each) => each.headers['x-total-count'])).toEqual(['3', '3', '3']);
    expect([...ids(pages[0]!.answer), ...ids(pages[1]!.answer)]).toEqual(ids(answer.answer));
  });

  // a search's words are parameters of a statement prepared for as many words (decision 048): eight are asked, any more
  // are left out, as before
  it('takes up to eight words, each required, and leaves out any past the eighth', async () => {
    const tag = unique('zq').replace(/[^a-z]/g, 'q');
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    const all = await createProduct({ name: unique(`${tag} ${words.join(' ')}`) });
    await createProduct({ name: unique(`${tag} ${words.slice(0, 6).join(' ')}`) });
    const eight = await api('shopProducts', { query: { search: `${tag} ${words.join(' ')}` } });
    expect(ids(eight.answer)).toEqual([all._id]);
    expect(eight.headers['x-total-count']).toBe('1');
    const nine = await api('shopProducts', { query: { search: `${tag} ${words.join(' ')} hotel` } });
    expect(ids(nine.answer)).toEqual([all._id]);
    expect(nine.headers['x-total-count']).toBe('1');
  });
});

// Decision 046: a search with no other filter takes its total from search_words, kept by the triggers of migration 0020.
describe('a search\'s total from search_words', () => {
  it('equals the count of the search\'s matches, after adds, renames and deletes', async () => {
    const admin = await createAdmin();
    const tag = unique('zq').replace(/[^a-z]/g, 'q');
    const made = [];
    for (const name of ['shirt', 'shirts', 'shirtsdress', 'navyblue blouse', 'linen dress', 'the linen']) {
      made.push(await createProduct({ name: unique(`${tag} ${name}`), nameAr: 'قميص كتان' }));
    }
    // a rename moves the product's words; a delete takes them away
    const { database } = await getTestContext();
    await database.db.update(products).set({ name: unique(`${tag} wool coat`) }).where(eq(products.id, made[4]!._id));
    expect((await api('deleteProduct', { token: admin.token, params: { x: made[5]!._id } })).status).toBe(200);
    const searches = [tag, `${tag} shirts`, `${tag} shirt`, `${tag} navy`, `${tag} linen`, `${tag} wool`, `${tag} the`, 'shirts', 'navy', 'dress', 'كتان', `قميص ${tag}`, '2024'];
    for (const search of searches) {
      const total = searchTotalQuery(search);
      expect(total, search).not.toBeNull();
      // one statement, one snapshot: other tests add products meanwhile
      const [row] = await queryRows<{ matches: number; total: number }>(database.db, sql`select
        (select count(*)::int from ${products} where ${products.searchVector} @@ (${searchQuery(search)})) as matches, (${total}) as total`);
      expect(row!.total, search).toBe(row!.matches);
    }
    const tagged = await api('shopProducts', { query: { search: `${tag} shirts`, sort: 'price-asc' } });
    expect(tagged.headers['x-total-count']).toBe('3');
    expect((await api('shopProducts', { query: { search: `${tag} wool` } })).headers['x-total-count']).toBe('1');
    expect((await api('shopProducts', { query: { search: `${tag} linen` } })).headers['x-total-count']).toBe('0');

    // the table holds exactly the products' words, both ways round
    const [differences] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from (
      (select word::text, product_id from search_words except select unnest(tsvector_to_array(search_vector)), id from products)
      union all
      (select unnest(tsvector_to_array(search_vector)), id from products except select word::text, product_id from search_words)) d`);
    expect(differences!.n).toBe(0);
  });

  it('reads each word\'s prefixes as a range of the table\'s key, and leaves words of mixed scripts to the search index', async () => {
    const { database } = await getTestContext();
    await database.db.transaction(async (tx) => {
      // the demo's few rows would be read whole; the plan with the table large is the one asked about
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const plan = (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${searchTotalQuery('linen')}`)).map((line) => line['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Only Scan using search_words_pk');
      // the range's ends are worked out once, in InitPlans, so the prepared statement's plan serves every word
      expect(plan).toMatch(/Index Cond: \(\(word >= \(InitPlan \d+\)\.col1\) AND \(word < \(InitPlan \d+\)\.col1\)\)|Index Cond: \(\(word >= \$\d+\) AND \(word < \$\d+\)\)/);
      const [range] = await queryRows<{ from: string; to: string }>(tx, sql`select 'linen' as from, left('linen', -1) || chr(ascii(right('linen', 1)) + 1) as to`);
      expect(range).toEqual({ from: 'linen', to: 'lineo' });
    });
    expect(searchTotalQuery('linenكتان')).toBeNull();
    expect(searchTotalQuery('café')).toBeNull();
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
