// The demo catalog in Arabic (issue 18, PRODUCT.md section 7 "Arabic"): every product and category has its Arabic
// name, and once seeded a search in Arabic finds them.
import { describe, expect, it } from 'vitest';
import { demoCategories, demoProducts } from '../src/scripts/demo/catalog.ts';
import { seedDemo } from '../src/scripts/seed.ts';
import { api } from './client.ts';
import { getApp } from './helpers.ts';

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
  });
});
