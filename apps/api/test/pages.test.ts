// The storefront's server-rendered pages (routes/pages, decision 014), rendered by the storefront's own renderer
// from its sources (apps/web/src/app/server/entry-server.tsx) over the test database. From the sources it renders
// with React; the production build renders the same components with Preact's compat layer, which the e2e journeys
// of e2e/tests/pages.spec.ts load (with and without JavaScript).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/core/brand';
import type { PageRenderer } from '@shop/core/pages';
import type { Product, ProductFields } from '@shop/core/contract/catalog';
import { buildApp, type App } from '../src/app.ts';
import type { CreateRenderer } from '../src/routes/pages/index.ts';
import { api } from './client.ts';
import { createAdmin, createCategory, createOrder, createProduct, createUser, getTestContext, newest, sourcePages, testConfig, unique } from './helpers.ts';

const PUBLIC_URL = 'https://shop.example';
// the settings of a shop started without the demo (the tests never save other ones without putting these back)
const SHOP = DEFAULT_SETTINGS.name;
const web = path.resolve(import.meta.dirname, '../../web');

async function pagesApp(): Promise<App> {
  const { database } = await getTestContext();
  const app = await buildApp({ config: testConfig({ PUBLIC_URL, TRUST_PROXY: '1' }), database, logger: false, pages: await sourcePages() });
  await app.ready();
  return app;
}

let app: App;
beforeAll(async () => {
  app = await pagesApp();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const productUrl = (product: { name: string }) => `/products/${encodeURIComponent(product.name)}`;

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(match, 'the page has JSON-LD').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

function pageData(html: string): { queries: { key: string; data?: unknown; error?: unknown }[] } {
  const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
  expect(match, 'the page carries its data').not.toBeNull();
  const data = JSON.parse(match![1]!) as { queries: { key: string; data?: unknown; error?: unknown }[] };
  // every page carries the brand's settings first (settings.test.ts reads them); here, what the page itself read
  expect(data.queries[0]?.key).toBe('brand');
  return { ...data, queries: data.queries.slice(1) };
}

describe('a product page', () => {
  it('holds the product, its canonical link, absolute og:image and JSON-LD offer in EGP', async () => {
    const product = await createProduct({
      name: unique('Linen Shirt – Sand'),
      price: 1000,
      disCountPrecent: 15,
      images: ['/images/linen-shirt-sand-1-800.webp', '/images/linen-shirt-sand-2-800.webp'],
    });
    const response = await get(productUrl(product));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;

    expect(html).toContain(`<title>${product.name} · ${SHOP}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${productUrl(product)}">`);
    expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}/images/linen-shirt-sand-1-1200.webp">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    // the page itself, not a loading screen: the name as its heading, the price after the discount, the picture
    expect(html).toMatch(new RegExp(`<h1 class="product__name" dir="auto">${product.name}</h1>`));
    expect(html).toContain('850.00');
    expect(html).toMatch(/<img[^>]+srcSet="\/images\/linen-shirt-sand-1-400\.webp 400w, [^"]+"[^>]+width="600" height="800"/);

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      image: [`${PUBLIC_URL}/images/linen-shirt-sand-1-1200.webp`, `${PUBLIC_URL}/images/linen-shirt-sand-2-1200.webp`],
      offers: {
        '@type': 'Offer',
        price: '850.00',
        priceCurrency: 'EGP',
        availability: 'https://schema.org/InStock',
        url: `${PUBLIC_URL}${productUrl(product)}`,
      },
    });
    // the browser hydrates from the same answers, so it fetches neither the product, its related products nor the
    // delivery table again
    expect(pageData(html).queries.map((query) => query.key)).toEqual([`product:${product.name}`, `related:${product._id}`, 'shipping']);
    // "Delivery from" the lowest fee of the default table (PRODUCT section 8)
    expect(html).toContain('Delivery from EGP 30 · cash on delivery');
  });

  it('is found by a name with a slash, an ampersand and Arabic, as the storefront links it', async () => {
    const product = await createProduct({ name: unique('Wool Coat / شتوي & Co') });
    const response = await get(productUrl(product));
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body).queries[0]).toMatchObject({ key: `product:${product.name}`, data: { _id: product._id } });
  });

  it('carries its reviews’ aggregateRating in JSON-LD once it has reviews (issue 32)', async () => {
    const product = await createProduct({ name: unique('Reviewed Shirt') });
    expect(jsonLd((await get(productUrl(product))).body)).not.toHaveProperty('aggregateRating');
    for (const rating of [5, 4]) {
      const customer = await createUser();
      await createOrder(customer.user, [{ product, quantity: 1 }], { status: 'delivered' });
      expect((await api('addReview', { token: customer.token, params: { x: product._id }, body: { rating, title: 'Good', text: 'Fits well.', fit: 'true' } })).status).toBe(201);
    }
    expect(jsonLd((await get(productUrl(product))).body).aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
  });

  it('says a sold-out product is out of stock', async () => {
    const product = await createProduct({ name: unique('Wool Scarf'), sizes: [{ size: 'One Size', stock: 0 }] });
    const html = (await get(productUrl(product))).body;
    expect(jsonLd(html)).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(html).toContain('Sold out');
  });

  it('answers 404 with the error screen for a product that does not exist', async () => {
    const response = await get('/products/No%20Such%20Thing%20ever');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Product not found');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).not.toContain('rel="canonical"');
    expect(pageData(response.body).queries).toEqual([{ key: 'product:No Such Thing ever', error: { status: 404, message: 'Product not found' } }]);
  });

  it('carries a name that looks like markup as text, never as a script', async () => {
    const product = await createProduct({ name: unique('</script><script>alert(1)</script>') });
    const html = (await get(productUrl(product))).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(jsonLd(html)).toMatchObject({ name: product.name });
    expect(pageData(html).queries[0]).toMatchObject({ data: { name: product.name } });
  });
});

/** The content of a `<meta property=…>` tag, as written (escaped). */
function metaProperty(html: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
}

describe('a page in Arabic (issue 18)', () => {
  it("writes an Arabic product page's head in Arabic: title, description, Open Graph, JSON-LD; the canonical link stays", async () => {
    const category = await createCategory({ gender: 'women', title: unique('Kaftans'), titleAr: 'قفاطين' });
    const product = await createProduct({
      name: unique('Silk Kaftan'),
      nameAr: 'قفطان حرير',
      description: 'A long silk kaftan for summer evenings.',
      descriptionAr: 'قفطان طويل من الحرير لأمسيات الصيف.',
      category,
    });
    const url = productUrl(product);
    const english = (await get(url)).body;
    const arabic = (await get(url, { cookie: 'lang=ar' })).body;

    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain(`<title>قفطان حرير · ${SHOP}</title>`);
    expect(arabic).toContain('<meta name="description" content="قفطان طويل من الحرير لأمسيات الصيف.">');
    expect(metaProperty(arabic, 'og:title')).toBe(`قفطان حرير · ${SHOP}`);
    expect(metaProperty(arabic, 'og:description')).toBe('قفطان طويل من الحرير لأمسيات الصيف.');
    expect(metaProperty(arabic, 'og:image:alt')).toBe('قفطان حرير');
    expect(metaProperty(arabic, 'og:locale')).toBe('ar_EG');
    expect(metaProperty(arabic, 'og:locale:alternate')).toBe('en_US');
    expect(jsonLd(arabic)).toMatchObject({ name: 'قفطان حرير', description: 'قفطان طويل من الحرير لأمسيات الصيف.', category: 'حريمي > قفاطين' });
    // one address for both languages: the language is the visitor's cookie, not part of the URL
    expect(arabic).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}">`);
    expect(metaProperty(arabic, 'og:url')).toBe(`${PUBLIC_URL}${url}`);
    // the category by its Arabic title in the breadcrumb and above the name; its link keeps the English title
    const shown = arabic.replaceAll('<!-- -->', '');
    expect(shown).toMatch(new RegExp(`<a href="/shop\\?gender=women&amp;category=${category.title.replace(' ', '\\+')}"[^>]*>قفاطين</a>`));
    expect(shown).toContain('<p class="product__eyebrow">حريمي · قفاطين</p>');

    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain(`<title>${product.name} · ${SHOP}</title>`);
    expect(metaProperty(english, 'og:title')).toBe(`${product.name} · ${SHOP}`);
    expect(metaProperty(english, 'og:locale')).toBe('en_US');
    expect(metaProperty(english, 'og:locale:alternate')).toBe('ar_EG');
    expect(jsonLd(english)).toMatchObject({ name: product.name, description: product.description, category: `Women > ${category.title}` });
    // its head holds no Arabic (the body has the language switch, and the page's data the product's Arabic fields)
    expect(english.slice(0, english.indexOf('<body'))).not.toMatch(/[\u0600-\u06FF]/);
    expect(english).toContain(`<p class="product__eyebrow">Women<!-- --> · <!-- -->${category.title}</p>`);

    // cached apart: each language answers its own page again, from the cache
    const again = { english: await get(url), arabic: await get(url, { 'accept-language': 'ar-EG,ar;q=0.9' }) };
    expect(again.english.body).toBe(english);
    expect(again.arabic.body).toBe(arabic);
    expect(again.arabic.headers.etag).not.toBe(again.english.headers.etag);
  });

  it('says the product by its English name where it has no Arabic one, with the shop around it in Arabic', async () => {
    const product = await createProduct({ name: unique('Plain Tee') });
    const html = (await get(productUrl(product), { cookie: 'lang=ar' })).body;
    expect(html).toContain(`<title>${product.name} · ${SHOP}</title>`);
    expect(jsonLd(html)).toMatchObject({ name: product.name });
    expect(metaProperty(html, 'og:locale')).toBe('ar_EG');
  });

  it("titles a category's shop page by its Arabic title, with or without a gender, and counts in Arabic", async () => {
    const category = await createCategory({ gender: 'men', title: unique('Vests'), titleAr: 'صديريات' });
    await createProduct({ name: unique('Wool Vest'), category });
    await createProduct({ name: unique('Linen Vest'), category });
    const withGender = (await get(`/shop?gender=men&category=${encodeURIComponent(category.title)}`, { cookie: 'lang=ar' })).body;
    expect(withGender).toContain(`<title>رجالي &gt; صديريات · ${SHOP}</title>`);
    expect(metaProperty(withGender, 'og:title')).toBe(`رجالي &gt; صديريات · ${SHOP}`);
    expect(withGender).toContain(`<meta name="description" content="رجالي · صديريات من ${SHOP}: منتجان بأسعار بالجنيه المصري، مع الدفع عند الاستلام في كل أنحاء مصر.">`);
    expect(withGender.replaceAll('<!-- -->', '')).toContain('<h1 class="shop-head__title">رجالي <span class="shop-head__sep">&lt;</span> صديريات</h1>');
    expect(withGender).toContain('>منتجان</p>');

    const alone = (await get(`/shop?category=${encodeURIComponent(category.title)}`, { cookie: 'lang=ar' })).body;
    expect(alone).toContain(`<title>صديريات · ${SHOP}</title>`);
    expect(alone).toContain('<h1 class="shop-head__title">صديريات</h1>');
    // the browser takes the heading over from the same list, so it fetches none
    expect(pageData(alone).queries.map((query) => query.key)).toContain('categories');

    const english = (await get(`/shop?category=${encodeURIComponent(category.title)}`)).body;
    expect(english).toContain(`<title>${category.title} · ${SHOP}</title>`);
    expect(english).toContain(`<meta name="description" content="${category.title} at ${SHOP}: 2 products, priced in EGP, with cash on delivery across Egypt.">`);
  });

  it('writes the home, about, search and missing pages in Arabic', async () => {
    const home = (await get('/', { cookie: 'lang=ar' })).body;
    expect(home).toContain(`<title>${SHOP} · ملابس للرجال والنساء في مصر</title>`);
    expect(metaProperty(home, 'og:image:alt')).toBe('تشكيلة النساء');
    expect((await get('/about', { cookie: 'lang=ar' })).body).toContain(`<title>من نحن · ${SHOP}</title>`);
    const search = (await get('/shop/search?search=kaftan', { cookie: 'lang=ar' })).body;
    expect(search).toContain(`<title>بحث: kaftan · ${SHOP}</title>`);
    expect(search).toContain(`<meta name="description" content="نتائج البحث عن «kaftan» في ${SHOP}.">`);
    const missing = await get('/products/No%20Such%20Kaftan', { cookie: 'lang=ar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(`<title>المنتج غير موجود · ${SHOP}</title>`);
    expect((await get('/no/such/page', { cookie: 'lang=ar' })).body).toContain(`<title>حدث خطأ غير متوقع! · ${SHOP}</title>`);
  });
});

describe('the language switch', () => {
  it('keeps the choice in the lang cookie and goes back to the page, before any script has run', async () => {
    const answer = await get('/lang/ar?back=%2Fshop%3Fgender%3Dwomen');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/shop?gender=women');
    expect(answer.headers['set-cookie']).toBe('lang=ar; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(answer.headers['cache-control']).toBe('no-store');
    const back = await get('/shop?gender=women', { cookie: 'lang=ar' });
    expect(back.body).toContain('<html lang="ar" dir="rtl">');
    expect((await get('/lang/en')).headers.location).toBe('/');
  });

  it('never sends the shopper to another site, and knows only the shop\'s languages', async () => {
    for (const back of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '']) {
      expect((await get(`/lang/en?back=${encodeURIComponent(back)}`)).headers.location, back).toBe('/');
    }
    const unknown = await get('/lang/fr?back=%2Fabout');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  // a browser drops tabs and line breaks from a Location and reads a backslash as a slash: `/\t/evil.example` took
  // the shopper to evil.example; a line break or an Arabic letter in it answered a bare 500
  it('sends every hostile back= home, as a valid Location, never a 500', async () => {
    const hostile = [
      '/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '\t//evil.example', '/\\/evil.example', '\\\\evil.example',
      '/\\evil.example', '\\/evil.example', '//evil.example', '///evil.example', '//evil.example:443/x', '/.//evil.example',
      'https://evil.example', 'HTTPS://evil.example/', 'http://shop.example', 'https:evil.example', 'https://shop.example.evil.example/',
      'https://shop.example@evil.example/', 'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>', '//\u0000evil.example', '/\u3000/evil.example', '//%65vil.example',
    ];
    for (const back of hostile) {
      for (const query of [`back=${encodeURIComponent(back)}`, `back=${encodeURIComponent(encodeURIComponent(back))}`]) {
        const answer = await get(`/lang/ar?${query}`);
        expect(answer.statusCode, query).toBe(303);
        const location = String(answer.headers.location);
        // a path of this shop, read the way a browser reads it
        expect(location, query).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, PUBLIC_URL).origin, query).toBe(PUBLIC_URL);
        expect(location, query).not.toMatch(/[^\x21-\x7e]/);
      }
    }
    // the raw bytes a browser may send, not only what encodeURIComponent makes
    for (const query of ['back=/%09/evil.example', 'back=/%0d%0aSet-Cookie:%20x=1', 'back=/%5cevil.example', 'back=%2f%2fevil.example', 'back=/%E2%80%AE/x']) {
      const answer = await get(`/lang/ar?${query}`);
      expect(answer.statusCode, query).toBe(303);
      expect(new URL(String(answer.headers.location), PUBLIC_URL).origin, query).toBe(PUBLIC_URL);
      expect(answer.headers['x-content-type-options'], query).toBe('nosniff');
    }
    expect((await get('/lang/ar?back=/%09/evil.example')).headers.location).toBe('/');
  });

  it('keeps a path of the shop, Arabic letters and all, written so the Location is valid and the page opens', async () => {
    const product = await createProduct({ name: unique('فستان صيفي') });
    const kept: [string, string][] = [
      ['/shop?category=فساتين', '/shop?category=%D9%81%D8%B3%D8%A7%D8%AA%D9%8A%D9%86'],
      ['/shop/search?search=قميص أبيض', '/shop/search?search=%D9%82%D9%85%D9%8A%D8%B5%20%D8%A3%D8%A8%D9%8A%D8%B6'],
      [`/products/${encodeURIComponent(product.name)}`, `/products/${encodeURIComponent(product.name)}`],
      ['/about', '/about'],
      [`${PUBLIC_URL}/about?x=1`, '/about?x=1'],
    ];
    for (const [back, location] of kept) {
      const answer = await get(`/lang/ar?back=${encodeURIComponent(back)}`);
      expect(answer.statusCode, back).toBe(303);
      expect(answer.headers.location, back).toBe(location);
    }
    const arabicName = await get(`/lang/ar?back=${encodeURIComponent(`/products/${product.name}`)}`);
    const page = await get(String(arabicName.headers.location), { cookie: 'lang=ar' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1 class="product__name" dir="auto">${product.name}</h1>`);
  });
});

describe('an address with a NUL character', () => {
  // PostgreSQL cannot hold a NUL: no page has one, so the database is never asked (it logged an error and sent the
  // shell with a 200)
  it('answers the 404 page, without asking the database or logging an error', async () => {
    const logged: string[] = [];
    const { database } = await getTestContext();
    const quiet = await buildApp({
      config: testConfig({ PUBLIC_URL, LOG_LEVEL: 'error' }),
      database,
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
      pages: await sourcePages(),
    });
    await quiet.ready();
    try {
      for (const url of ['/products/%00', '/products/a%00b', '/shop?category=%00', '/shop?gender=women&category=a%00', '/shop/search?search=%00', '/shop?page=%00']) {
        const answer = await quiet.inject({ method: 'GET', url, headers: { cookie: 'lang=ar' } });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.headers['content-type'], url).toContain('text/html');
        expect(answer.body, url).toContain('<html lang="ar" dir="rtl">');
      }
    } finally {
      await quiet.close();
    }
    expect(logged).toEqual([]);
  });
});

describe('the pages', () => {
  it('answer 404 with the error screen for an address the shop does not have', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Unexpected Application Error!');
    expect(response.body).toContain('404 Not Found');
  });

  it('show the newest products on the home page', async () => {
    const product = await createProduct({ name: unique('Newest Abaya'), createdAt: newest() });
    const html = (await get('/')).body;
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
    expect(html).toContain(`${PUBLIC_URL}/images/collection-women-1200.webp`);
    expect(html).toContain(`>${product.name}</a>`);
    expect(pageData(html).queries.map((query) => query.key)).toEqual(expect.arrayContaining(['products:bestsellers', 'products:new']));
  });

  it('show a category of the shop with its own title, canonical link and chips', async () => {
    const category = await createCategory({ gender: 'men', title: unique('Jackets') });
    const product = await createProduct({ name: unique('Denim Jacket'), category });
    const url = `/shop?gender=men&category=${encodeURIComponent(category.title)}&utm_source=ad`;
    const html = (await get(url)).body;
    expect(html).toContain(`<title>Men &gt; ${category.title} · ${SHOP}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/shop?gender=men&amp;category=${encodeURIComponent(category.title)}">`);
    expect(html).toContain(`>${product.name}</a>`);
    expect(html).toContain('1 product');
    expect(pageData(html).queries.map((query) => query.key)).toContain('categories');
  });

  it('show a filtered and sorted shop as the address asks, with its filter form, before any script has run (issue 32)', async () => {
    const category = await createCategory({ gender: 'women', title: unique('Linen') });
    const black = { name: 'Black', nameAr: 'أسود', hex: '#111111' };
    const cheap = await createProduct({ name: unique('Black Linen Tee'), category, price: 200, color: black, sizes: [{ size: 'M', stock: 2 }], createdAt: newest() });
    const dear = await createProduct({ name: unique('Black Linen Shirt'), category, price: 900, color: black, sizes: [{ size: 'M', stock: 1 }, { size: 'L', stock: 0 }], createdAt: newest() });
    const soldOut = await createProduct({ name: unique('Black Linen Dress'), category, price: 500, color: black, sizes: [{ size: 'M', stock: 0 }], createdAt: newest() });
    // what a GET form sends without JavaScript: a name repeated, blanks and all
    const url = `/shop?gender=women&category=${encodeURIComponent(category.title)}&sort=price-desc&size=M&color=Black&minPrice=&maxPrice=`;
    const html = (await get(url)).body;
    expect(html.indexOf(`>${dear.name}</a>`)).toBeGreaterThan(-1);
    expect(html.indexOf(`>${cheap.name}</a>`)).toBeGreaterThan(html.indexOf(`>${dear.name}</a>`));
    expect(html).not.toContain(`>${soldOut.name}</a>`);
    expect(html).toContain('2 products');
    expect(html).toMatch(/<form [^>]*action="\/shop" method="get">/);
    expect(html).toMatch(/<input type="checkbox" name="size" checked="" value="M"\/>/);
    expect(html).toMatch(/<option value="price-desc" selected="">/);
    // the filtered page names the whole listing as its canonical address
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/shop?gender=women&amp;category=${encodeURIComponent(category.title)}">`);
    expect(pageData(html).queries.map((query) => query.key.split(':')[0])).toEqual(expect.arrayContaining(['shop', 'facets']));

    const arabic = (await get(url, { cookie: 'lang=ar' })).body;
    expect(arabic).toContain('أسود');
    expect(arabic).toContain('تصفية');
  });

  it('show search results, kept out of search engines', async () => {
    const word = unique('Zephyr').replace(/[^A-Za-z0-9]/g, '');
    const product = await createProduct({ name: `${word} Linen Dress` });
    const html = (await get(`/shop/search?search=${word}`)).body;
    expect(html).toContain(`>${product.name}</a>`);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('use PUBLIC_URL, never a forged Host header', async () => {
    const html = (await get('/about', { host: 'evil.example', 'x-forwarded-host': 'evil.example' })).body;
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/about">`);
    expect(html).not.toContain('evil.example');
  });

  it('keep the Content-Security-Policy strict: no inline script runs', async () => {
    const response = await get('/about');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    // every <script> is the entry module, JSON-LD or the page's JSON data, none of which is inline code
    for (const [tag] of response.body.matchAll(/<script[^>]*>/g)) {
      expect(tag).toMatch(/type="module"[^>]* src=|type="application\/(ld\+)?json"/);
    }
  });

  it('carry their stylesheets inside, so the first paint waits for no other file', async () => {
    const { database } = await getTestContext();
    const entry = path.join(web, 'src/app/server/entry-server.tsx');
    const { createRenderer } = (await import(/* @vite-ignore */ entry)) as { createRenderer: CreateRenderer };
    // the built index.html links the entry's stylesheet; the built renderer is given the files' text
    const template = readFileSync(path.join(web, 'index.html'), 'utf8')
      .replace('</head>', '  <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head>');
    const read: string[] = [];
    const pages = createRenderer({
      template,
      manifest: null,
      readCss: (file) => {
        read.push(file);
        return `.entry{background:url(/assets/inter.woff2)}\n`;
      },
    });
    const styled = await buildApp({ config: testConfig({ PUBLIC_URL }), database, logger: false, pages });
    try {
      const html = (await styled.inject({ method: 'GET', url: '/about' })).body;
      expect(read).toEqual(['assets/index-abc.css']);
      expect(html).toContain('<style data-href="/assets/index-abc.css">.entry{background:url(/assets/inter.woff2)}</style>');
      expect(html).not.toContain('rel="stylesheet"');
      // in <head>, before the entry's script
      expect(html.indexOf('<style')).toBeLessThan(html.indexOf('</head>'));
      expect(html.indexOf('<style')).toBeLessThan(html.indexOf('<script type="module"'));
    } finally {
      await styled.close();
    }
  });

  it('leave the pages only the browser draws to the browser', async () => {
    const response = await get('/cart');
    // no built storefront in the tests: the shell is missing, and the address is still not rendered here
    expect(response.body).not.toContain('page-data');
  });
});

describe('cached pages', () => {
  it('arrive in Arabic and right to left for the lang cookie or an Arabic browser, in English otherwise (issue 18)', async () => {
    const product = await createProduct({ name: unique('Cotton Galabeya'), nameAr: 'جلابية قطن', createdAt: newest() });
    app.catalogChanged();
    const english = (await get('/')).body;
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain('Clothing for women and men, delivered across Egypt');
    expect(english).toContain(`>${product.name}</a>`);

    const arabicRequests: Record<string, string>[] = [{ cookie: 'lang=ar' }, { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' }];
    for (const headers of arabicRequests) {
      const arabic = (await get('/', headers)).body;
      expect(arabic).toContain('<html lang="ar" dir="rtl">');
      expect(arabic).toContain('ملابس للنساء والرجال، نوصّلها إلى كل أنحاء مصر');
      expect(arabic).toContain('>جلابية قطن</a>');
      expect(arabic).toContain('ج.م.');
    }
    // the cookie wins over the browser, and the cache keeps the languages apart
    const chosen = (await get('/', { cookie: 'lang=en', 'accept-language': 'ar' })).body;
    expect(chosen).toContain('<html lang="en" dir="ltr">');
    expect((await get('/')).body).toContain('<html lang="en" dir="ltr">');
  });

  it('are answered from the cache, compressed, with an ETag, and carry nobody’s session', async () => {
    const product = await createProduct({ name: unique('Cached Kaftan'), description: 'A long, light kaftan. '.repeat(20) });
    const url = productUrl(product);
    const first = await get(url, { 'accept-encoding': 'br' });
    const { token } = await createAdmin();
    const second = await get(url, { 'accept-encoding': 'br', authorization: `Bearer ${token}`, cookie: 'shop_session=x' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(brotliDecompressSync(first.rawPayload).toString());
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('are every server-rendered page of the storefront: each answers 304 to its ETag', async () => {
    const product = await createProduct({ name: unique('Cached Abaya') });
    for (const url of ['/', '/about', '/shop?gender=women', '/shop/search?search=abaya', productUrl(product)]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      let again = await get(url, { 'if-none-match': String(first.headers.etag) });
      // the catalog may change in between (a job of an earlier file's shop moving stock drops the cache, and the home
      // page's bestsellers with it): the page is then drawn anew, and its own new ETag must answer 304
      if (again.statusCode === 200 && again.headers.etag !== first.headers.etag) again = await get(url, { 'if-none-match': String(again.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('are the addresses the renderer names, so a page added to the storefront needs nothing of the API', async () => {
    const { database } = await getTestContext();
    const rendered: string[] = [];
    const pages: PageRenderer = {
      paths: ['/pages/delivery'],
      kind: (pathname) => (pathname === '/pages/delivery' ? 'server' : 'unknown'),
      render: async (url) => {
        rendered.push(url.pathname);
        return { status: 200, html: '<!doctype html><title>Delivery</title>' };
      },
    };
    const storefront = await buildApp({ config: testConfig({ PUBLIC_URL }), database, logger: false, pages });
    try {
      const first = await storefront.inject({ method: 'GET', url: '/pages/delivery' });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('<title>Delivery</title>');
      const again = await storefront.inject({ method: 'GET', url: '/pages/delivery', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(rendered).toEqual(['/pages/delivery']);
    } finally {
      await storefront.close();
    }
  });

  // a shared cache must keep the English, the Arabic and each encoding of a page apart
  it('name in Vary all that makes them differ: the lang cookie, the browser\'s language and the encoding, cached or not', async () => {
    const product = await createProduct({ name: unique('Varying Kaftan') });
    for (const headers of [{}, { 'accept-encoding': 'gzip' }, { cookie: 'lang=ar' }] as Record<string, string>[]) {
      const first = await get(productUrl(product), headers);
      const cached = await get(productUrl(product), headers);
      for (const answer of [first, cached]) {
        const vary = String(answer.headers.vary).split(',').map((name) => name.trim().toLowerCase());
        expect(vary.sort(), JSON.stringify(headers)).toEqual(['accept-encoding', 'accept-language', 'cookie']);
      }
    }
  });

  it('are dropped when an admin changes the catalog', async () => {
    const admin = await createAdmin();
    const product = await createProduct({ name: unique('Changing Tunic'), price: 500 });
    expect((await get(productUrl(product))).body).toContain('500.00');
    const body = { ...fieldsOf(product), price: 640 };
    expect((await api('updateProduct', { app, params: { x: product._id }, token: admin.token, body })).status).toBe(200);
    expect((await get(productUrl(product))).body).toContain('640.00');
  });

  describe('on several processes', () => {
    it('are dropped when another process changes the catalog', async () => {
      const admin = await createAdmin();
      const product = await createProduct({ name: unique('Shared Tunic'), price: 300 });
      expect((await get(productUrl(product))).body).toContain('300.00');
      // the test's main app is another process's stand-in: its NOTIFY reaches this app's listener
      await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fieldsOf(product), price: 310 } });
      await expect.poll(async () => (await get(productUrl(product))).body, { timeout: 5000 }).toContain('310.00');
    });
  });
});

function fieldsOf(product: Product): ProductFields {
  return {
    name: product.name, description: product.description, price: product.price, disCountPrecent: product.disCountPrecent,
    gender: product.gender, category: product.category,
  };
}
