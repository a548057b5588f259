// X-Total-Count of a listing by gender or category comes from product_counts, kept in step with the products by the
// triggers of migration 0004 (docs/decisions/015). It must never be a wrong number.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productFields } from '@shop/core/factories';
import { api } from './client.ts';
import { buildAppWith, createAdmin, createCategory, createProduct, createUser, getApp, newOrderBody, unique } from './helpers.ts';

/** Counted and kept totals in one statement, so rows other test files write at the same time cannot tell them apart. */
async function keptEqualsCounted() {
  const app = await getApp();
  const result = await app.db.execute(sql`
    select
      (select count(*)::int from products) as counted,
      (select coalesce(sum(products), 0)::int from product_counts) as kept,
      (select count(*)::int from (
         select category_id, gender, count(*)::int as n from products group by category_id, gender
         except
         select category_id, gender, products from product_counts where products > 0
       ) differs) as differing`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { counted: number; kept: number; differing: number }[];
  return rows[0]!;
}

const totalOf = async (query: { gender?: 'men' | 'women'; category?: string }) =>
  (await api('shopProducts', { query: { ...query, limit: 1 } })).headers['x-total-count'];

describe('X-Total-Count of listings kept in product_counts', () => {
  it('follows adds, moves to another category and gender, and deletes through the API', async () => {
    const admin = await createAdmin();
    const dresses = await createCategory({ title: unique('Count Dresses'), gender: 'women' });
    const shirts = await createCategory({ title: unique('Count Shirts'), gender: 'men' });
    const added = [];
    for (let i = 0; i < 3; i++) {
      const response = await api('addProduct', {
        token: admin.token,
        payload: { ...productFields({ gender: 'women', category: dresses.title }), imageUrls: ['https://cdn.example.com/c.webp'] },
      });
      expect(response.status).toBe(201);
      added.push(response.answer);
    }
    expect(await totalOf({ gender: 'women', category: dresses.title })).toBe('3');
    expect(await totalOf({ category: shirts.title })).toBe('0');

    const { _id, images: _images, sizes: _sizes, inStock: _inStock, createdAt: _c, updatedAt: _u, ...fields } = added[0]!;
    const moved = await api('updateProduct', { token: admin.token, params: { x: _id }, body: { ...fields, gender: 'men', category: shirts.title } });
    expect(moved.status).toBe(200);
    expect(await totalOf({ gender: 'women', category: dresses.title })).toBe('2');
    expect(await totalOf({ gender: 'men', category: shirts.title })).toBe('1');

    // an update that keeps the category changes nothing
    const repriced = await api('updateProduct', { token: admin.token, params: { x: _id }, body: { ...fields, price: 999, gender: 'men', category: shirts.title } });
    expect(repriced.status).toBe(200);
    expect(await totalOf({ category: shirts.title })).toBe('1');

    expect((await api('deleteProduct', { token: admin.token, params: { x: added[1]!._id } })).status).toBe(200);
    expect(await totalOf({ category: dresses.title })).toBe('1');
    expect(await keptEqualsCounted()).toMatchObject({ differing: 0 });
  });

  it('follows bulk inserts, updates and deletes made with SQL, and products added at the same time', async () => {
    const app = await getApp();
    const category = await createCategory({ title: unique('Count Bulk'), gender: 'women' });
    const other = await createCategory({ title: unique('Count Bulk Other'), gender: 'women' });
    await Promise.all(Array.from({ length: 12 }, () => createProduct({ category })));
    expect(await totalOf({ category: category.title })).toBe('12');

    await app.db.execute(sql`
      insert into products (name, description, price_piastres, category_id, category, gender, images)
      select ${unique('bulk')} || ' ' || g, 'Bulk.', 10000, ${category._id}, ${category.title}, 'women', '[]'::jsonb
      from generate_series(1, 40) g`);
    app.catalogChanged();
    expect(await totalOf({ category: category.title })).toBe('52');

    await app.db.execute(sql`update products set category_id = ${other._id}, category = ${other.title}
      where id in (select id from products where category_id = ${category._id} order by id limit 10)`);
    await app.db.execute(sql`delete from products where id in (select id from products where category_id = ${category._id} order by id limit 5)`);
    app.catalogChanged();
    expect(await totalOf({ category: category.title })).toBe('37');
    expect(await totalOf({ category: other.title })).toBe('10');
    expect(await keptEqualsCounted()).toMatchObject({ differing: 0 });
  });

  it('answers the total with every page, past the last one, and for a title that names a category of each gender', async () => {
    const title = unique('Count Twins');
    const women = await createCategory({ title, gender: 'women' });
    const men = await createCategory({ title, gender: 'men' });
    await Promise.all([...Array.from({ length: 3 }, () => createProduct({ category: women })), createProduct({ category: men })]);
    const listed = async (query: { gender?: 'men' | 'women'; page?: number }) => {
      const response = await api('shopProducts', { query: { category: title, limit: 2, ...query } });
      return { total: response.headers['x-total-count'], names: (response.answer as { name: string }[]).length };
    };
    expect(await listed({ gender: 'women' })).toEqual({ total: '3', names: 2 });
    expect(await listed({ gender: 'women', page: 2 })).toEqual({ total: '3', names: 1 });
    expect(await listed({ gender: 'women', page: 3 })).toEqual({ total: '3', names: 0 });
    expect(await listed({ gender: 'men' })).toEqual({ total: '1', names: 1 });
    expect(await listed({})).toEqual({ total: '4', names: 2 });
    expect(await listed({ page: 5 })).toEqual({ total: '4', names: 0 });
  });

  it('answers the same total as counting the products, for every listing, the whole shop and each gender', async () => {
    const { counted, kept, differing } = await keptEqualsCounted();
    expect(kept).toBe(counted);
    expect(differing).toBe(0);
  });
});

/**
 * product_facet_counts (migration 0018, decision 045) against the same counts made from the products and their sizes,
 * both ways round, in one statement: the rows that differ, by category, gender, colour and size ('' for the product).
 */
async function facetCountsDiffering(): Promise<unknown[]> {
  const app = await getApp();
  const result = await app.db.execute(sql`
    with counted as (
      select category_id, gender, coalesce(color_name, '') as color_name, coalesce(color_name_ar, '') as color_name_ar,
             coalesce(color_hex, '') as color_hex, '' as size, count(*)::int as products
        from products group by 1, 2, 3, 4, 5
      union all
      select p.category_id, p.gender, coalesce(p.color_name, ''), coalesce(p.color_name_ar, ''), coalesce(p.color_hex, ''), ps.size, count(*)::int
        from product_sizes ps join products p on p.id = ps.product_id where ps.stock is null or ps.stock > 0 group by 1, 2, 3, 4, 5, 6
    ),
    kept as (select category_id, gender, color_name, color_name_ar, color_hex, size, products from product_facet_counts where products <> 0)
    (select 'missing' as what, * from (select * from counted except select * from kept) a)
    union all
    (select 'extra', * from (select * from kept except select * from counted) b)`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as unknown[];
}

describe('the filters\' counts kept in product_facet_counts', () => {
  it('follow products added, recoloured, moved and deleted, sizes sold out by a checkout and given back by a cancel, and sizes set by the admin', async () => {
    const admin = await createAdmin();
    const buyer = await createUser();
    const category = await createCategory({ title: unique('Facet Counts'), gender: 'women' });
    const other = await createCategory({ title: unique('Facet Counts Other'), gender: 'women' });
    const navy = { name: 'Navy', nameAr: 'كحلي', hex: '#1f2a44' };
    const sand = { name: 'Sand', nameAr: 'رملي', hex: '#c2b280' };
    const [a, b, c] = await Promise.all([
      createProduct({ category, color: navy, sizes: [{ size: 'M', stock: 1 }, { size: 'L', stock: 0 }] }),
      createProduct({ category, color: navy, sizes: [{ size: 'M', stock: null }, { size: 'L', stock: 4 }] }),
      createProduct({ category, sizes: [{ size: 'S', stock: 2 }] }),
    ]);
    const total = async (query: Record<string, string>) =>
      (await api('shopProducts', { query: { category: category.title, limit: 1, ...query } })).headers['x-total-count'];
    expect([await total({ color: 'navy' }), await total({ size: 'M' }), await total({ size: 'M', color: 'Navy' }), await total({ size: 'L' })]).toEqual(['2', '2', '2', '1']);

    // the buyer takes a's last M; a cancel gives it back
    expect((await api('addToCart', { token: buyer.token, body: { product: a._id, quantaty: 1, size: 'M' } })).status).toBe(201);
    const placed = await api('placeOrder', { token: buyer.token, body: newOrderBody([{ product: a, quantity: 1 }]) });
    expect(placed.status).toBe(201);
    expect(await total({ size: 'M', color: 'Navy' })).toBe('1');
    expect(await facetCountsDiffering()).toEqual([]);
    expect((await api('cancelOrder', { params: { id: placed.answer._id }, token: admin.token })).status).toBe(200);
    expect(await total({ size: 'M', color: 'Navy' })).toBe('2');

    // the admin recolours b, moves it to another category and sets its sizes: L sold out, XL added, M removed
    const fields = { name: b.name, description: b.description, price: b.price, disCountPrecent: 0, gender: b.gender };
    const saved = await api('updateProduct', {
      params: { x: b._id },
      token: admin.token,
      body: { ...fields, category: other.title, color: sand, sizes: [{ size: 'L', stock: 0 }, { size: 'XL', stock: 3 }] },
    });
    expect(saved.status).toBe(200);
    expect([await total({ color: 'Navy' }), await total({ color: 'Sand' }), await total({ category: other.title, color: 'Sand', size: 'XL' })]).toEqual(['1', '0', '1']);
    expect(await facetCountsDiffering()).toEqual([]);

    // a product deleted takes its own row and its sizes' rows with it
    expect((await api('deleteProduct', { token: admin.token, params: { x: a._id } })).status).toBe(200);
    expect(await total({ color: 'Navy' })).toBe('0');
    expect(await total({ size: 'S' })).toBe('1');
    expect(c.sizes).toHaveLength(1);
    expect(await facetCountsDiffering()).toEqual([]);
  });

  it('follow bulk inserts, updates and deletes made with SQL, several at the same time', async () => {
    const app = await getApp();
    const category = await createCategory({ title: unique('Facet Bulk'), gender: 'men' });
    await Promise.all(Array.from({ length: 8 }, (_, i) => createProduct({ category, color: { name: i % 2 ? 'Olive' : 'Rust', nameAr: '', hex: '#556b2f' }, sizes: [{ size: 'M', stock: i % 3 }, { size: 'L', stock: null }] })));
    await app.db.execute(sql`
      insert into products (name, description, price_piastres, category_id, category, gender, images, color_name, color_hex)
      select ${unique('facet bulk')} || ' ' || g, 'Bulk.', 10000, ${category._id}, ${category.title}, 'men', '[]'::jsonb, 'Olive', '#556b2f'
      from generate_series(1, 30) g`);
    await app.db.execute(sql`insert into product_sizes (product_id, size, position, stock)
      select id, 'S', 0, 1 from products where category_id = ${category._id} and not exists (select 1 from product_sizes ps where ps.product_id = products.id)`);
    await Promise.all([
      app.db.execute(sql`update product_sizes set stock = 0 where size = 'S' and product_id in (select id from products where category_id = ${category._id} order by id limit 10)`),
      app.db.execute(sql`update products set color_name = 'Rust' where id in (select id from products where category_id = ${category._id} order by id desc limit 7)`),
    ]);
    await app.db.execute(sql`delete from products where id in (select id from products where category_id = ${category._id} order by name limit 6)`);
    await app.db.execute(sql`delete from product_sizes where size = 'L' and product_id in (select id from products where category_id = ${category._id})`);
    app.catalogChanged();
    expect(await facetCountsDiffering()).toEqual([]);
  });

  it('are what the products and their sizes say, for every category, gender, colour and size', async () => {
    expect(await facetCountsDiffering()).toEqual([]);
  });
});

describe('Cache-Control: no-cache on a catalog read', () => {
  /** A listing of its own, cached, and a row then written behind the app's back (no catalogChanged). */
  async function cachedListingWithARowBehindIt(app: Awaited<ReturnType<typeof getApp>>) {
    const category = await createCategory({ title: unique('Cache Bypass') });
    await createProduct({ category });
    // the NOTIFYs of those two changes reach every app's cache a moment later and empty it: let them land first
    await new Promise((resolve) => setTimeout(resolve, 500));
    const listing = { app, query: { category: category.title } };
    expect((await api('shopProducts', listing)).headers['x-total-count']).toBe('1');
    await app.db.execute(sql`insert into products (name, description, price_piastres, category_id, category, gender, images)
      values (${unique('behind')}, 'Behind the cache.', 10000, ${category._id}, ${category.title}, ${category.gender}, '[]'::jsonb)`);
    return listing;
  }

  it('is ignored by default: a visitor cannot send every read to the database', async () => {
    const listing = await cachedListingWithARowBehindIt(await getApp());
    const asked = await api('shopProducts', { ...listing, headers: { 'cache-control': 'no-cache' } });
    expect(asked.headers['x-total-count']).toBe('1');
  });

  it('reads the database again on a server started for the benchmarks (CATALOG_CACHE_BYPASS), keeping the fresh answer', async () => {
    const app = await buildAppWith({ CATALOG_CACHE_BYPASS: '1' });
    try {
      const listing = await cachedListingWithARowBehindIt(app);
      const fresh = await api('shopProducts', { ...listing, headers: { 'cache-control': 'no-cache' } });
      expect(fresh.headers['x-total-count']).toBe('2');
      expect(fresh.answer).toHaveLength(2);
      expect((await api('shopProducts', listing)).headers['x-total-count']).toBe('2');
    } finally {
      await app.close();
    }
  });
});
