// PRODUCT section 8, "Finding the right piece": the shop listing's size, colour and price filters and sorts, and the
// facets call that counts them. Each test files its products in a category of its own, so other tests' rows never count.
import { describe, expect, it } from 'vitest';
import { discountedPrice } from '@shop/core/money';
import type { QueryOf } from '@shop/core/endpoints';
import type { Category, Facets, Product, SizeStock } from '@shop/core/contract/catalog';
import { api } from './client.ts';
import { createAdmin, createCategory, createProduct, createUser, multipart, newest, unique } from './helpers.ts';

type Filters = Omit<QueryOf<'shopProducts'>, 'size' | 'color'> & { size?: string; color?: string };

const ids = (list: readonly { _id: string }[]) => list.map((product) => product._id);
const paid = (product: Product) => discountedPrice(product.price, product.disCountPrecent);

async function listing(filters: Filters) {
  const response = await api('shopProducts', { query: { ...filters, limit: 100 } });
  expect(response.status).toBe(200);
  return { products: response.answer, total: response.total };
}

async function facets(filters: Filters): Promise<Facets> {
  const response = await api('productFacets', { query: filters });
  expect(response.status).toBe(200);
  return response.answer;
}

interface Piece {
  sizes: SizeStock[];
  color?: string;
  price: number;
  disCountPrecent?: number;
}

const COLORS: Record<string, { name: string; nameAr: string; hex: string }> = {
  Black: { name: 'Black', nameAr: 'أسود', hex: '#111111' },
  Navy: { name: 'Navy', nameAr: 'كحلي', hex: '#1f2a44' },
};

/** A category of its own with these products, oldest first. */
async function shelf(pieces: Piece[]): Promise<{ category: Category; products: Product[] }> {
  const category = await createCategory({ title: unique('Filtered') });
  const products: Product[] = [];
  for (const { color, ...piece } of pieces) {
    products.push(await createProduct({ ...piece, category, ...(color ? { color: COLORS[color]! } : {}), createdAt: newest() }));
  }
  return { category, products };
}

/** A: M and L (sold out), Black, 100. B: M (sold out) and L, Black, 200 at 50% = 100. C: S (not tracked) and M, Navy, 300 at 10% = 270. D: XL, no colour, 50. */
const standardShelf = () =>
  shelf([
    { sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: 0 }], color: 'Black', price: 100 },
    { sizes: [{ size: 'M', stock: 0 }, { size: 'L', stock: 5 }], color: 'Black', price: 200, disCountPrecent: 50 },
    { sizes: [{ size: 'S', stock: null }, { size: 'M', stock: 2 }], color: 'Navy', price: 300, disCountPrecent: 10 },
    { sizes: [{ size: 'XL', stock: 1 }, { size: 'XXL', stock: 0 }], price: 50 },
  ]);

describe('GET /api/products/facets', () => {
  it('counts each option as the listing answers it with that option chosen, under every other filter', async () => {
    const { category } = await standardShelf();
    const base = { category: category.title, gender: category.gender };
    for (const filters of [base, { ...base, size: 'M' }, { ...base, color: 'black' }, { ...base, minPrice: 100 }, { ...base, size: 'M,L', maxPrice: 150 }] as Filters[]) {
      const answer = await facets(filters);
      for (const { size, count } of answer.sizes) expect([filters, size, (await listing({ ...filters, size })).total]).toEqual([filters, size, count]);
      for (const { name, count } of answer.colors) expect([filters, name, (await listing({ ...filters, color: name })).total]).toEqual([filters, name, count]);
      const { products } = await listing({ ...filters, minPrice: undefined, maxPrice: undefined });
      const prices = products.map(paid);
      expect(answer.price).toEqual(prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : { min: null, max: null });
    }
  });

  it('answers the sizes in stock in the shop’s order, the colours most first with their Arabic, and the price range as paid', async () => {
    const { category } = await standardShelf();
    const answer = await facets({ category: category.title });
    // A's L and B's M are sold out, D's XXL too: they count for nothing, and XXL is not offered at all
    expect(answer.sizes).toEqual([{ size: 'S', count: 1 }, { size: 'M', count: 2 }, { size: 'L', count: 1 }, { size: 'XL', count: 1 }]);
    expect(answer.colors).toEqual([{ ...COLORS.Black, count: 2 }, { ...COLORS.Navy, count: 1 }]);
    expect(answer.price).toEqual({ min: 50, max: 270 });
    // a facet ignores its own filter, not the others
    const black = await facets({ category: category.title, color: 'Black' });
    expect(black.sizes).toEqual([{ size: 'M', count: 1 }, { size: 'L', count: 1 }]);
    expect(black.colors).toEqual(answer.colors);
    expect(black.price).toEqual({ min: 100, max: 100 });
  });

  it('answers nothing for a category no product is in', async () => {
    expect(await facets({ category: unique('Nowhere') })).toEqual({ sizes: [], colors: [], price: { min: null, max: null } });
  });
});

describe('GET /api/products/shop filters', () => {
  it('lists a size only while it has pieces left, and follows a stock change at once (the cache is dropped)', async () => {
    const { category, products: [a, b, c] } = await standardShelf();
    expect(ids((await listing({ category: category.title, size: 'L' })).products)).toEqual([b!._id]);
    expect(ids((await listing({ category: category.title, size: 'M' })).products)).toEqual([c!._id, a!._id]);
    expect(ids((await listing({ category: category.title, size: 'S' })).products)).toEqual([c!._id]);

    const admin = await createAdmin();
    const restocked = await api('updateProduct', {
      token: admin.token,
      params: { x: a!._id },
      body: { name: a!.name, description: a!.description, price: a!.price, disCountPrecent: 0, gender: a!.gender, category: a!.category, sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: 4 }] },
    });
    expect(restocked.status).toBe(200);
    expect(ids((await listing({ category: category.title, size: 'L' })).products)).toEqual([b!._id, a!._id]);
    expect((await facets({ category: category.title })).sizes).toContainEqual({ size: 'L', count: 2 });
  });

  it('takes a colour in any case and several sizes or colours as a comma list', async () => {
    const { category, products: [a, b, c, d] } = await standardShelf();
    expect(ids((await listing({ category: category.title, color: 'NAVY' })).products)).toEqual([c!._id]);
    expect(ids((await listing({ category: category.title, color: 'Navy,Black' })).products)).toEqual([c!._id, b!._id, a!._id]);
    expect(ids((await listing({ category: category.title, size: 'XL,S' })).products)).toEqual([d!._id, c!._id]);
    expect((await listing({ category: category.title, size: 'XL', color: 'Black' })).total).toBe(0);
  });

  it('sorts newest first, by the price as paid up and down, and by the biggest discount; ties newest first', async () => {
    const { category, products: [a, b, c, d] } = await standardShelf();
    const sorted = async (sort: Filters['sort']) => ids((await listing({ category: category.title, sort })).products);
    expect(await sorted(undefined)).toEqual([d, c, b, a].map((p) => p!._id));
    expect(await sorted('newest')).toEqual([d, c, b, a].map((p) => p!._id));
    // A and B are both paid 100 (B is 200 at 50%): the newer first
    expect(await sorted('price-asc')).toEqual([d, b, a, c].map((p) => p!._id));
    expect(await sorted('price-desc')).toEqual([c, b, a, d].map((p) => p!._id));
    expect(await sorted('discount')).toEqual([b, c, d, a].map((p) => p!._id));
  });

  it('keeps a search’s ranking unless a sort is chosen', async () => {
    const word = unique('zq').replace(/[^a-z]/g, 'q');
    const category = await createCategory();
    const inName = await createProduct({ category, name: unique(`${word} tee`), price: 500, createdAt: newest() });
    const inDescription = await createProduct({ category, description: `A tee like ${word}`, price: 100, createdAt: newest() });
    expect(ids((await listing({ search: word })).products)).toEqual([inName._id, inDescription._id]);
    expect(ids((await listing({ search: word, sort: 'price-asc' })).products)).toEqual([inDescription._id, inName._id]);
    expect(ids((await listing({ search: word, sort: 'newest' })).products)).toEqual([inDescription._id, inName._id]);
    expect((await facets({ search: word })).price).toEqual({ min: 100, max: 500 });
  });

  it('includes both edges of a price range, compares the price after the discount, and rounds it as checkout does', async () => {
    const { category, products: [a, b, c, d] } = await standardShelf();
    const within = async (minPrice?: number, maxPrice?: number) => ids((await listing({ category: category.title, minPrice, maxPrice })).products);
    expect(await within(100, 100)).toEqual([b!._id, a!._id]);
    expect(await within(100.01)).toEqual([c!._id]);
    expect(await within(undefined, 99.99)).toEqual([d!._id]);
    expect(await within(50, 270)).toEqual([d, c, b, a].map((p) => p!._id));
    expect(await within(270.01)).toEqual([]);

    // 0.05 at 50% is 2.5 piastres: money.ts rounds it up to 0.03, and so must the filter
    const odd = await shelf([{ sizes: [{ size: 'M', stock: 1 }], price: 0.05, disCountPrecent: 50 }, { sizes: [{ size: 'M', stock: 1 }], price: 99.99, disCountPrecent: 33 }]);
    expect(odd.products.map(paid)).toEqual([0.03, 66.99]);
    expect((await facets({ category: odd.category.title })).price).toEqual({ min: 0.03, max: 66.99 });
    expect((await listing({ category: odd.category.title, minPrice: 0.03, maxPrice: 0.03 })).total).toBe(1);
    expect((await listing({ category: odd.category.title, minPrice: 66.99 })).total).toBe(1);
  });

  it('refuses a size the shop does not sell, a price that is no number, and a range upside down, naming the field', async () => {
    const refusal = async (rawQuery: Record<string, string>) => {
      const response = await api('shopProducts', { rawQuery });
      expect(response.status).toBe(400);
      return response.message;
    };
    expect(await refusal({ size: 'M,XXXL' })).toBe('Unknown size: XXXL');
    expect(await refusal({ minPrice: 'cheap' })).toBe('Minimum price must be a number');
    expect(await refusal({ maxPrice: '-1' })).toBe('Maximum price cannot be negative');
    expect(await refusal({ minPrice: '300', maxPrice: '100' })).toBe('Minimum price must not be more than the maximum price');
    expect(await refusal({ sort: 'cheapest' })).toBe('Sort must be one of newest, price-asc, price-desc, discount');
    const facetsRefusal = await api('productFacets', { rawQuery: { minPrice: '300', maxPrice: '100' } });
    expect(facetsRefusal.status).toBe(400);
  });
});

describe('colours of one design (style and color)', () => {
  it('are set by add (JSON and multipart) and update, answered with the style’s colours by the product read, and kept when SPEC’s form leaves them out', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const style = unique('wrap-dress').replace(/\s/g, '-');
    const fields = (name: string) => ({ name: unique(name), description: 'A wrap dress.', price: 900, disCountPrecent: 0, gender: category.gender, category: category.title });

    const sand = await api('addProduct', {
      token: admin.token,
      payload: { ...fields('Wrap Dress Sand'), style, color: { name: 'Sand', nameAr: 'رملي', hex: '#D3BB96' }, imageUrls: ['https://cdn.example.com/s.webp'] },
    });
    expect(sand.status).toBe(201);
    expect(sand.answer).toMatchObject({ style, color: { name: 'Sand', nameAr: 'رملي', hex: '#d3bb96' } });
    const texts = Object.fromEntries(Object.entries(fields('Wrap Dress Olive')).map(([key, value]) => [key, String(value)]));
    const form = await multipart({ ...texts, style, color: JSON.stringify({ name: 'Olive', hex: '#6f7548' }), imageUrls: 'https://cdn.example.com/o.webp' });
    const olive = await api('addProduct', { token: admin.token, payload: form.payload, headers: form.headers });
    expect(olive.status).toBe(201);
    expect(olive.answer.color).toEqual({ name: 'Olive', nameAr: '', hex: '#6f7548' });

    const read = await api('getProduct', { params: { x: olive.answer.name } });
    expect(read.answer.styleColors).toEqual([
      { _id: sand.answer._id, name: sand.answer.name, color: sand.answer.color },
      { _id: olive.answer._id, name: olive.answer.name, color: olive.answer.color },
    ]);

    // SPEC's update form sends neither: both stay
    const { name, description, price, disCountPrecent, gender, category: title } = olive.answer;
    const kept = await api('updateProduct', { token: admin.token, params: { x: olive.answer._id }, body: { name, description, price, disCountPrecent, gender, category: title } });
    expect(kept.answer).toMatchObject({ style, color: olive.answer.color });
    // blank and null clear them: the product leaves the style
    const cleared = await api('updateProduct', { token: admin.token, params: { x: olive.answer._id }, body: { name, description, price, disCountPrecent, gender, category: title, style: '', color: null } });
    expect(cleared.answer).not.toHaveProperty('style');
    expect(cleared.answer).not.toHaveProperty('color');
    expect((await api('getProduct', { params: { x: sand.answer._id } })).answer.styleColors).toEqual([{ _id: sand.answer._id, name: sand.answer.name, color: sand.answer.color }]);
    expect((await api('getProduct', { params: { x: olive.answer._id } })).answer).not.toHaveProperty('styleColors');
  });

  it('refuses a colour without a name or with a hex that is no colour, naming the field', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const body = { name: unique('Tee'), description: 'A tee.', price: 100, gender: category.gender, category: category.title, imageUrls: ['https://cdn.example.com/t.webp'] };
    const badHex = await api('addProduct', { token: admin.token, payload: { ...body, color: { name: 'Sand', hex: 'sandy' } } });
    expect(badHex.status).toBe(400);
    expect(badHex.message).toBe('Colour must be a hex colour, like #1f2937');
    const noName = await api('addProduct', { token: admin.token, payload: { ...body, color: { name: ' ', hex: '#ffffff' } } });
    expect(noName.status).toBe(400);
    expect(noName.message).toBe('Colour name is required');
  });
});

describe('size guides', () => {
  const guide = {
    columns: ['Chest', 'Waist'],
    rows: [{ size: 'S', values: ['86-90', '70-74'] }, { size: 'M', values: ['91-95', '75-79'] }],
    note: 'Measured flat, in cm.',
    noteAr: 'مقاسة على سطح مستوٍ بالسنتيمتر.',
  };

  it('are added with a category, changed and removed by the admin, and shown with each product of the category', async () => {
    const admin = await createAdmin();
    const added = await api('addCategory', { token: admin.token, body: { title: unique('Guided'), gender: 'women', sizeGuide: guide } });
    expect(added.status).toBe(201);
    expect(added.answer.sizeGuide).toEqual(guide);
    const category = added.answer;
    const product = await createProduct({ category });
    expect((await api('getProduct', { params: { x: product._id } })).answer.sizeGuide).toEqual(guide);
    // the product lists carry no guide: only the product's own read
    expect((await api('shopProducts', { query: { category: category.title } })).answer[0]).not.toHaveProperty('sizeGuide');

    const changed = { ...guide, rows: [...guide.rows, { size: 'L', values: ['96-100', '80-84'] }] };
    const updated = await api('updateCategory', { token: admin.token, params: { id: category._id }, body: { sizeGuide: changed } });
    expect(updated.status).toBe(200);
    expect(updated.answer).toMatchObject({ title: category.title, sizeGuide: changed, message: 'Category has been updated' });
    // the cached product read follows at once
    expect((await api('getProduct', { params: { x: product._id } })).answer.sizeGuide).toEqual(changed);
    expect((await api('listCategories')).answer.find((c) => c._id === category._id)?.sizeGuide).toEqual(changed);

    // an Arabic title alone leaves the guide; null removes it
    const titled = await api('updateCategory', { token: admin.token, params: { id: category._id }, body: { titleAr: 'فساتين' } });
    expect(titled.answer).toMatchObject({ titleAr: 'فساتين', sizeGuide: changed });
    expect((await api('getProduct', { params: { x: product._id } })).answer.categoryAr).toBe('فساتين');
    const removed = await api('updateCategory', { token: admin.token, params: { id: category._id }, body: { sizeGuide: null } });
    expect(removed.answer).not.toHaveProperty('sizeGuide');
    expect((await api('getProduct', { params: { x: product._id } })).answer).not.toHaveProperty('sizeGuide');
  });

  it('refuse a row without a value for every column, a size twice, an unknown category, and a customer', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const refusal = async (sizeGuide: unknown) => {
      const response = await api('updateCategory', { token: admin.token, params: { id: category._id }, payload: { sizeGuide } });
      expect(response.status).toBe(400);
      return response.message;
    };
    expect(await refusal({ ...guide, rows: [{ size: 'S', values: ['86-90'] }] })).toBe('Size S needs 2 measurements, one for each column');
    expect(await refusal({ ...guide, rows: [guide.rows[0], guide.rows[0]] })).toBe('Size S is listed twice');
    expect(await refusal({ ...guide, columns: [] })).toBe('A size guide needs at least one measurement');
    expect(await refusal({ ...guide, rows: [{ size: 'Huge', values: ['1', '2'] }] })).toBe('Unknown size: Huge');
    expect((await api('updateCategory', { token: admin.token, params: { id: '00000000-0000-4000-8000-000000000000' }, body: { sizeGuide: guide } })).status).toBe(404);
    const customer = await createUser();
    expect((await api('updateCategory', { token: customer.token, params: { id: category._id }, body: { sizeGuide: guide } })).status).toBe(403);
    const arabic = await api('updateCategory', { token: admin.token, params: { id: category._id }, payload: { sizeGuide: { ...guide, rows: [{ size: 'M', values: [] }] } }, headers: { 'accept-language': 'ar' } });
    expect(arabic.message).toBe('يحتاج المقاس M إلى ٢ قياسات، واحد لكل عمود');
  });
});
