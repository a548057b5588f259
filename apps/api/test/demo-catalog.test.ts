// The demo catalog in Arabic (issue 18, PRODUCT.md section 7 "Arabic"): every product and category has its Arabic
// name, and once seeded a search in Arabic finds them.
import { count, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/core/brand';
import { markdownText } from '@shop/core/markdown';
import { demoCategories, demoProducts } from '../src/scripts/demo/catalog.ts';
import { DEMO_SETTINGS } from '../src/scripts/demo/settings.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { products, shopSettings, users } from '../src/db/schema.ts';
import { isEmpty, seedDemo, seedDemoSettings } from '../src/scripts/seed.ts';
import { api } from './client.ts';
import { createAdmin, getApp, scratchDatabase } from './helpers.ts';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN_WORD = /[A-Za-z]{3,}/;

describe('the demo catalog in Arabic', () => {
  it('gives every category a title and every product a name and description in Arabic, none left in English', () => {
    for (const category of demoCategories) {
      expect(category.titleAr, category.title).toMatch(ARABIC);
      expect(category.titleAr, category.title).not.toMatch(LATIN_WORD);
    }
    for (const product of demoProducts) {
      expect(product.nameAr, product.name).toMatch(ARABIC);
      expect(product.nameAr, product.name).not.toMatch(LATIN_WORD);
      expect(product.descriptionAr?.length ?? 0, product.name).toBeGreaterThan(40);
      expect(product.descriptionAr, product.name).not.toMatch(LATIN_WORD);
    }
    const names = demoProducts.map((product) => product.nameAr);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is seeded with its Arabic, and a search for an Arabic word of a demo name finds the product', async () => {
    const app = await getApp();
    await seedDemo(app.db, null, () => {}, { withDemoAdmin: false });
    app.catalogChanged();

    const categories = (await api('listCategories')).answer;
    for (const category of demoCategories) {
      const seeded = categories.find((c) => c.gender === category.gender && c.title === category.title);
      expect(seeded?.titleAr, category.title).toBe(category.titleAr);
    }

    // the seed named the shop: the other test files read a fresh shop's settings (settings.test.ts)
    await app.db.update(shopSettings).set({ settings: {} });
    app.settings.changed();

    const abaya = demoProducts.find((product) => product.name === 'Embroidered Abaya – Navy')!;
    const response = await app.inject({ method: 'GET', url: `/api/products/shop?search=${encodeURIComponent('مطرزة')}` });
    expect(response.statusCode).toBe(200);
    const found = response.json() as { name: string; nameAr?: string; descriptionAr?: string; categoryAr?: string }[];
    const hit = found.find((product) => product.name === abaya.name);
    expect(hit).toMatchObject({ nameAr: abaya.nameAr, descriptionAr: abaya.descriptionAr });

    const linen = await app.inject({ method: 'GET', url: `/api/products/shop?search=${encodeURIComponent('كتان')}` });
    const linenNames = (linen.json() as { name: string }[]).map((product) => product.name);
    expect(linenNames).toContain('Linen Wrap Midi Dress – Terracotta');
    expect(linenNames).toContain('Linen Blazer – Beige');

    // each product with its own sizes, in their order (the seed writes all the sizes in one statement)
    for (const product of demoProducts) {
      const page = await app.inject({ method: 'GET', url: `/api/products/${encodeURIComponent(product.name)}` });
      expect((page.json() as { sizes: unknown }).sizes, product.name).toEqual(product.sizes);
    }
  });
});

describe('the demo brand (PRODUCT section 8: the demo seeds "Nile Clothing")', () => {
  afterEach(async () => {
    const app = await getApp();
    await app.db.update(shopSettings).set({ settings: {} });
    app.settings.changed();
  });

  it("names the shop and writes its pages' texts, in English and in Arabic with no English left", async () => {
    const app = await getApp();
    await seedDemoSettings(app.db);
    app.settings.changed();
    const settings = (await api('getSettings')).answer;
    expect(settings).toEqual(DEMO_SETTINGS);
    expect(settings).toMatchObject({ name: 'Nile Clothing', nameAr: 'نايل كلوذينج', logoUrl: null, accentColor: DEFAULT_SETTINGS.accentColor });
    // the shop's table says what delivery costs (the page shows it under this text): the text names no price of its own
    expect(markdownText(settings.pages.delivery)).toContain('Delivery is priced by governorate');
    expect(markdownText(settings.pages.delivery)).not.toMatch(/EGP \d/);
    for (const page of ['about', 'delivery', 'returns', 'privacy'] as const) {
      const arabic = markdownText(settings.pages[`${page}Ar`]).replace(/[\w.+-]+@[\w.-]+/g, '');
      expect(arabic, page).toMatch(ARABIC);
      expect(arabic, page).not.toMatch(LATIN_WORD);
    }
  });

  it("never undoes the owner's own settings", async () => {
    const app = await getApp();
    const admin = await createAdmin();
    expect((await api('updateSettings', { token: admin.token, body: { name: 'Sahara Threads' } })).status).toBe(200);
    await seedDemoSettings(app.db);
    app.settings.changed();
    expect((await api('getSettings')).answer.name).toBe('Sahara Threads');
  });
});

describe('a first start stopped during the demo seed (issue 41)', () => {
  it('leaves an empty shop, which the next start seeds whole: accounts, settings and catalog are one transaction', async () => {
    const scratch = await scratchDatabase();
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await runMigrations(database);
      // the catalog's rows fail as a start killed there would stop: after the accounts and the settings were written
      await database.db.execute(
        sql.raw(`create function stop_the_seed() returns trigger language plpgsql as $$ begin raise exception 'the start stopped here'; end $$`),
      );
      await database.db.execute(sql.raw('create trigger stop_the_seed before insert on products for each statement execute function stop_the_seed()'));
      await expect(seedDemo(database.db, null)).rejects.toThrow();
      // what the next start reads to decide: nothing was kept, so it seeds
      expect(await isEmpty(database.db)).toBe(true);
      expect((await database.db.select().from(shopSettings)).map((row) => row.settings)).toEqual([{}]);

      await database.db.execute(sql.raw('drop trigger stop_the_seed on products'));
      await seedDemo(database.db, null);
      const [[people], [catalog]] = await Promise.all([
        database.db.select({ n: count() }).from(users),
        database.db.select({ n: count() }).from(products),
      ]);
      expect({ people: people!.n, catalog: catalog!.n }).toEqual({ people: 2, catalog: demoProducts.length });
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
