// The brand's home page (issue 42, decision 054): its hero and tiles from the settings, as the admin changes them and
// as the server's page shows them, and the bestsellers rail read from the orders.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOME } from '@shop/core/brand';
import { buildApp, type App } from '../src/app.ts';
import { products, shopSettings } from '../src/db/schema.ts';
import { bestsellers } from '../src/modules/catalog/bestsellers.ts';
import { api } from './client.ts';
import { createAdmin, createOrder, createProduct, createUser, getApp, getTestContext, sourcePages, testConfig } from './helpers.ts';

let app: App;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await getApp();
  admin = await createAdmin();
});

// files share the database: the settings go back to a fresh shop's after each test
afterEach(async () => {
  await app.db.update(shopSettings).set({ settings: {} });
  app.settings.changed();
});

const TILE = { imageUrl: '/images/summer-linen-800.webp', title: 'Summer linen', titleAr: 'كتان الصيف', text: 'Light shirts and dresses.', textAr: 'قمصان وفساتين خفيفة.', link: '/shop?category=Shirts&gender=men' };

describe('the home page in the settings', () => {
  it('starts with the headline and the two collections; the hero changes field by field, the tiles as a list; a bad one is refused in both languages', async () => {
    expect((await api('getSettings')).answer.home).toEqual(DEFAULT_HOME);

    const saved = await api('updateSettings', { token: admin.token, body: { home: { hero: { title: 'New season', imageUrl: 'https://cdn.brand.eg/hero.webp' }, tiles: [TILE] } } });
    expect(saved.status).toBe(200);
    expect(saved.answer.home).toEqual({ hero: { ...DEFAULT_HOME.hero, title: 'New season', imageUrl: 'https://cdn.brand.eg/hero.webp' }, tiles: [TILE] });
    // another field of the hero keeps the title; an empty list leaves no tile
    const again = await api('updateSettings', { token: admin.token, body: { home: { hero: { textAr: 'موسم جديد' }, tiles: [] } } });
    expect(again.answer.home.hero).toMatchObject({ title: 'New season', textAr: 'موسم جديد' });
    expect(again.answer.home.tiles).toEqual([]);

    const badLink = await api('updateSettings', { token: admin.token, body: { home: { tiles: [{ ...TILE, link: 'javascript:alert(1)' }] } } });
    expect(badLink.status).toBe(400);
    expect(badLink.message).toBe('Tile link must be a page of the shop, like /shop?gender=women, or an http or https link');
    const tooMany = await api('updateSettings', { token: admin.token, headers: { 'accept-language': 'ar' }, body: { home: { tiles: [TILE, TILE, TILE, TILE, TILE] } } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toBe('تعرض الصفحة الرئيسية ٤ بطاقات على الأكثر');
    const untitled = await api('updateSettings', { token: admin.token, headers: { 'accept-language': 'ar' }, body: { home: { tiles: [{ ...TILE, title: ' ' }] } } });
    expect(untitled.message).toBe('عنوان البطاقة مطلوب');
    expect((await api('getSettings')).answer.home.tiles).toEqual([]);
  });

  it("is the server's home page: the hero's words and picture first, the tiles with their links, in the page's language", async () => {
    const { database } = await getTestContext();
    const pages = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example' }), database, logger: false, pages: await sourcePages() });
    await pages.ready();
    try {
      await api('updateSettings', {
        app: pages,
        token: admin.token,
        body: { home: { hero: { title: 'New season', titleAr: 'موسم جديد', imageUrl: '/images/hero-800.webp', linkLabel: 'See it', link: '/shop' }, tiles: [TILE] } },
      });
      const english = (await pages.inject({ method: 'GET', url: '/' })).body;
      expect(english).toMatch(/<h1 class="hero__title">New season<\/h1>/);
      // the hero's picture is the one the phone paints first: preloaded, eager, the page's Open Graph image
      expect(english).toContain('<link rel="preload" as="image" href="/images/hero-800.webp"');
      expect(english).toContain('<meta property="og:image" content="https://shop.example/images/hero-1200.webp">');
      expect(english).toContain('href="/shop?category=Shirts&amp;gender=men"');
      expect(english).toContain('aria-label="Shop now: Summer linen"');
      expect(english).toContain('"key":"products:bestsellers"');
      const arabic = (await pages.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=ar' } })).body;
      expect(arabic).toContain('>موسم جديد</h1>');
      expect(arabic).toContain('>كتان الصيف</h2>');
    } finally {
      await pages.close();
    }
  });
});

describe('GET /api/products/bestsellers', () => {
  afterAll(async () => {
    await app.db.execute(sql`update ${products} set rating_count = 0, rating_stars = 0 where rating_count = 9999`);
  });

  it('ranks the pieces bought in the last 90 days, canceled orders not counted, and tops up with the best rated', async () => {
    const customer = await createUser();
    const [top, second, canceledOnly, old, rated] = await Promise.all([1, 2, 3, 4, 5].map(() => createProduct()));
    await createOrder(customer.user, [{ product: top!, quantity: 900 }]);
    await createOrder(customer.user, [{ product: top!, quantity: 200 }], { status: 'delivered' });
    await createOrder(customer.user, [{ product: second!, quantity: 1000 }]);
    await createOrder(customer.user, [{ product: canceledOnly!, quantity: 5000 }], { status: 'canceled' });
    await createOrder(customer.user, [{ product: old!, quantity: 5000 }], { createdAt: new Date(Date.now() - 100 * 86_400_000) });
    await app.db.update(products).set({ ratingCount: 9999, ratingStars: 9999 * 5 }).where(eq(products.id, rated!._id));
    app.catalogChanged();

    const answer = await api('bestsellers');
    expect(answer.status).toBe(200);
    // ten, or every product the shop has when it has fewer (this file alone)
    const [shop] = await app.db.select({ count: sql<number>`count(*)::int` }).from(products);
    expect(answer.answer).toHaveLength(Math.min(10, shop!.count));
    expect(answer.answer.slice(0, 2).map((product) => product._id)).toEqual([top!._id, second!._id]);

    // past every product sold lately, the best rated first; the canceled and the old sale count for nothing
    const all = await bestsellers(app.db, 10_000);
    const at = (id: string) => all.findIndex((product) => product._id === id);
    expect(at(rated!._id)).toBeGreaterThan(1);
    expect(at(canceledOnly!._id)).toBeGreaterThan(at(rated!._id));
    expect(at(old!._id)).toBeGreaterThan(at(rated!._id));
  });
});
