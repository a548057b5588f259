// Where shoppers are (PRODUCT section 9, issue 48): the product feeds Meta and Google read. The tests run on a database
// of their own: the feeds list the whole catalog, and the settings they change are the shop's one row.
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_ARABIC_COLUMNS, META_COLUMNS } from '../src/modules/reach/feeds.ts';
import { readCsv } from '../src/modules/exports/csv-read.ts';
import { insertCategory, insertProduct, insertUser } from '../src/scripts/factories.ts';
import type { App } from '../src/app.ts';
import { api } from './client.ts';
import { appOnEmptyDatabase, unique } from './helpers.ts';

let shop: Awaited<ReturnType<typeof appOnEmptyDatabase>>;
let app: App;
let adminToken: string;

beforeAll(async () => {
  shop = await appOnEmptyDatabase();
  app = shop.app;
  const admin = await insertUser(app.db, { username: unique('owner'), email: `${unique('owner')}@shop.test`, passwordHash: 'x', role: 'admin' });
  adminToken = app.signToken(admin);
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

const TOKEN = 'feed-token-0123456789abcdef';

async function setFeedToken(token: string) {
  const saved = await api('updateSettings', { app, token: adminToken, body: { feeds: { token } } });
  expect(saved.status).toBe(200);
  // the token is the admin's key: no settings answer carries it
  expect(saved.answer).not.toHaveProperty('feeds');
}

const feed = (path: string) => app.inject({ method: 'GET', url: path });

describe('the product feeds', () => {
  it('are one row per size with the fields each format requires, quoted and well-formed, behind the token', async () => {
    const women = await insertCategory(app.db, { gender: 'women', title: unique('Dresses'), titleAr: 'فساتين' });
    const men = await insertCategory(app.db, { gender: 'men', title: unique('Shirts') });
    const tricky = await insertProduct(app.db, {
      categoryRow: { id: women.id, title: women.title, gender: 'women' },
      name: 'Linen dress, "Nile" cut',
      nameAr: 'فستان كتان، قصة "النيل"',
      description: 'Soft linen, <b>cool</b> in summer,\nwith a "wide" hem & pockets',
      descriptionAr: 'كتان ناعم،\nبارد في الصيف',
      price: 1234.5,
      disCountPrecent: 20,
      style: 'nile-dress',
      color: { name: 'Sand', nameAr: 'رملي', hex: '#d8c3a5' },
      images: ['/images/nile-front.webp', '/images/nile-back.webp'],
      sizes: [{ size: 'S', stock: 3 }, { size: 'M', stock: 0 }, { size: 'L', stock: null }],
    });
    const bare = await insertProduct(app.db, {
      categoryRow: { id: men.id, title: men.title, gender: 'men' },
      name: unique('Plain tee'),
      price: 300,
      images: [],
      sizes: [{ size: 'One size', stock: 0 }],
    });

    // no token in the settings: there is no feed
    expect((await feed('/feeds/meta.csv')).statusCode).toBe(404);
    expect((await feed(`/feeds/google.xml?token=${TOKEN}`)).statusCode).toBe(404);
    await setFeedToken(TOKEN);
    for (const path of ['/feeds/meta.csv', '/feeds/google.xml', '/feeds/meta.csv?token=wrong-token-0123456789', `/feeds/google.xml?token=${TOKEN}x`]) {
      const refused = await feed(path);
      expect(refused.statusCode, path).toBe(401);
      expect(refused.json().message).toMatch(/token is missing or wrong/);
    }
    const arabicRefusal = await app.inject({ method: 'GET', url: '/feeds/meta.csv', headers: { 'accept-language': 'ar' } });
    expect(arabicRefusal.json().message).toMatch(/رمز هذه القائمة/);

    // Meta's CSV
    const csv = await feed(`/feeds/meta.csv?token=${TOKEN}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const read = readCsv(csv.body);
    expect(read.problem).toBeUndefined();
    const [header, ...rows] = read.rows.map((row) => row.cells);
    expect(header).toEqual([...META_COLUMNS]);
    const byId = new Map(rows.map((cells) => [cells[0], Object.fromEntries(META_COLUMNS.map((column, index) => [column, cells[index]]))]));
    expect(rows.filter((cells) => cells[0]!.startsWith(tricky.id))).toHaveLength(3);
    const small = byId.get(`${tricky.id}-S`)!;
    expect(small).toEqual({
      id: `${tricky.id}-S`,
      item_group_id: 'nile-dress',
      title: 'Linen dress, "Nile" cut',
      description: 'Soft linen, cool in summer,\nwith a "wide" hem & pockets',
      availability: 'in stock',
      condition: 'new',
      price: '1234.50 EGP',
      sale_price: '987.60 EGP',
      link: `${app.config.publicUrl}/products/${encodeURIComponent('Linen dress, "Nile" cut')}`,
      image_link: `${app.config.imageBaseUrl ?? app.config.publicUrl}/images/nile-front.webp`,
      additional_image_link: `${app.config.imageBaseUrl ?? app.config.publicUrl}/images/nile-back.webp`,
      brand: 'My shop',
      google_product_category: '1604',
      gender: 'female',
      age_group: 'adult',
      color: 'Sand',
      size: 'S',
    });
    expect(byId.get(`${tricky.id}-M`)).toMatchObject({ availability: 'out of stock', size: 'M' });
    // a size whose stock is not tracked is always there
    expect(byId.get(`${tricky.id}-L`)).toMatchObject({ availability: 'in stock', size: 'L' });
    // no discount: no sale price; no picture: no image link (Meta names it missing rather than a broken link)
    expect(byId.get(`${bare.id}-One size`)).toMatchObject({
      item_group_id: bare.id, price: '300.00 EGP', sale_price: '', image_link: '', availability: 'out of stock', gender: 'male', color: '',
    });

    // the Arabic language feed: the same ids, Arabic texts, the link through the language switch
    const arabicCsv = readCsv((await feed(`/feeds/meta.csv?token=${TOKEN}&lang=ar`)).body).rows.map((row) => row.cells);
    expect(arabicCsv[0]).toEqual([...META_ARABIC_COLUMNS]);
    expect(arabicCsv.find((cells) => cells[0] === `${tricky.id}-S`)).toEqual([
      `${tricky.id}-S`, 'ar_XX', 'فستان كتان، قصة "النيل"', 'كتان ناعم،\nبارد في الصيف',
      `${app.config.publicUrl}/lang/ar?back=${encodeURIComponent(`/products/${encodeURIComponent('Linen dress, "Nile" cut')}`)}`, 'رملي',
    ]);

    // Google's RSS: well-formed XML, one item per size, the g: fields
    const xml = await feed(`/feeds/google.xml?token=${TOKEN}`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(validateXml(xml.body)).toBe(true);
    const parsed = parseXml(xml.body, {
      parseNodeValue: false,
      arrayMode: (name: string) => ['item', 'g:additional_image_link'].includes(name),
      // the parser leaves XML's escapes as written: undone here, as any XML reader does
      tagValueProcessor: (value: string) => value.replace(/&(lt|gt|amp|apos|quot);/g, (_all, name: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[name]!),
    }) as {
      rss: { channel: { language: string; item: Record<string, string | string[]>[] } };
    };
    expect(parsed.rss.channel.language).toBe('en');
    const items = new Map(parsed.rss.channel.item.map((item) => [item['g:id'] as string, item]));
    expect(items.get(`${tricky.id}-S`)).toEqual({
      'g:id': `${tricky.id}-S`,
      'g:item_group_id': 'nile-dress',
      title: 'Linen dress, "Nile" cut',
      description: 'Soft linen, cool in summer,\nwith a "wide" hem & pockets',
      link: small.link,
      'g:image_link': small.image_link,
      'g:additional_image_link': [small.additional_image_link],
      'g:availability': 'in stock',
      'g:price': '1234.50 EGP',
      'g:sale_price': '987.60 EGP',
      'g:brand': 'My shop',
      'g:condition': 'new',
      'g:google_product_category': '1604',
      'g:gender': 'female',
      'g:age_group': 'adult',
      'g:color': 'Sand',
      'g:size': 'S',
    });
    expect(items.get(`${tricky.id}-M`)).toMatchObject({ 'g:availability': 'out of stock' });
    expect(items.get(`${bare.id}-One size`)).not.toHaveProperty('g:image_link');
    expect(items.get(`${bare.id}-One size`)).not.toHaveProperty('g:sale_price');

    const arabicXml = (await feed(`/feeds/google.xml?token=${TOKEN}&lang=ar`)).body;
    expect(validateXml(arabicXml)).toBe(true);
    expect(arabicXml).toContain('<language>ar</language>');
    expect(arabicXml).toContain('<title>فستان كتان، قصة &quot;النيل&quot;</title>');

    // a token changed: the old address stops working
    await setFeedToken('another-token-0123456789');
    expect((await feed(`/feeds/meta.csv?token=${TOKEN}`)).statusCode).toBe(401);
    const badToken = await api('updateSettings', { app, token: adminToken, body: { feeds: { token: 'short' } } });
    expect(badToken.status).toBe(400);
    expect(badToken.message).toBe('Feed token must be 16 to 100 letters, digits, - or _');
  });

  it('pages through a catalog larger than one read, every size once', async () => {
    const category = await insertCategory(app.db, { gender: 'women', title: unique('Scarves') });
    const { insertNewProducts } = await import('../src/scripts/factories.ts');
    const names = Array.from({ length: 1100 }, (_, index) => `${unique('Scarf')} ${index}`);
    await insertNewProducts(app.db, names.map((name) => ({ categoryRow: { id: category.id, title: category.title, gender: 'women' as const }, name, price: 150, sizes: [{ size: 'S', stock: 1 }, { size: 'M', stock: 2 }] })));
    await setFeedToken(TOKEN);
    const rows = readCsv((await feed(`/feeds/meta.csv?token=${TOKEN}`)).body).rows.slice(1).map((row) => row.cells[0]!);
    expect(new Set(rows).size).toBe(rows.length);
    const count = await app.database.pool.query<{ n: number }>('select count(*)::int as n from product_sizes');
    expect(rows).toHaveLength(count.rows[0]!.n);
  });
});
