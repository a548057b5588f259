// The brand's own shop (PRODUCT section 8, issue 28): GET /api/settings, PUT /api/settings, POST /api/settings/logo,
// who may change them, what is refused and how it is said, and every place that names the shop reading them: the
// rendered pages (title, Open Graph, JSON-LD, the accent colour), the shell of the browser's pages, and the mail.
// Every test puts the settings back as a shop started without the demo has them: files run one after another on one
// database, and the others read the default name.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SETTINGS, brandOf } from '@shop/core/brand';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { shopSettings } from '../src/db/schema.ts';
import { shellWithBrand } from '../src/routes/pages/index.ts';
import { api } from './client.ts';
import {
  createAdmin, createCartItem, createProduct, createUser, getApp, getTestContext, multipart, newOrderBody, sourcePages, storedImages, testConfig,
  type UploadFile,
} from './helpers.ts';
import { buildMailingApp } from './mail-server.ts';

const databaseUrl = inject('testDatabaseUrl');

let app: App;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let png: Buffer;
beforeAll(async () => {
  app = await getApp();
  admin = await createAdmin();
  png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#1d3557' } }).png().toBuffer();
});

/** The settings as a fresh shop has them, in every app of this database (this process's caches dropped). */
async function restore(...apps: App[]) {
  await app.db.update(shopSettings).set({ settings: {} });
  for (const one of [app, ...apps]) one.settings.changed();
}
afterEach(() => restore());

const change = (body: unknown, token = admin.token, headers: Record<string, string> = {}) =>
  api('updateSettings', { token, payload: body as object, headers });

const uploadLogo = async (file: UploadFile, token = admin.token, into = app) => {
  const form = await multipart({}, [{ ...file, field: 'file' }]);
  return api('uploadLogo', { app: into, token, headers: form.headers, payload: form.payload });
};

describe('GET /api/settings', () => {
  it("answers a fresh shop's defaults: a neutral name, the storefront's accent, nothing else said", async () => {
    const response = await api('getSettings');
    expect(response.status).toBe(200);
    expect(response.answer).toEqual(DEFAULT_SETTINGS);
  });
});

describe('PUT /api/settings', () => {
  it('changes the fields sent, a group field by field, answers the whole settings, and everyone reads them', async () => {
    const first = await change({ name: 'Sahara Threads', nameAr: 'ساهارا ثريدز', contact: { email: 'Hello@Sahara.example', whatsapp: '+20 100 123 4567' } });
    expect(first.status).toBe(200);
    expect(first.answer).toMatchObject({
      message: 'Settings have been saved',
      name: 'Sahara Threads',
      nameAr: 'ساهارا ثريدز',
      contact: { email: 'hello@sahara.example', phone: '', whatsapp: '+20 100 123 4567', address: '', addressAr: '' },
      accentColor: DEFAULT_SETTINGS.accentColor,
    });

    // a later change of one field of a group keeps the others
    const second = await change({ contact: { phone: '+20 2 2345 6789' }, pages: { returns: '## Returns\n\nWithin **14 days**.' } });
    expect(second.answer.contact).toMatchObject({ email: 'hello@sahara.example', phone: '+20 2 2345 6789', whatsapp: '+20 100 123 4567' });
    expect(second.answer.name).toBe('Sahara Threads');

    const read = await api('getSettings');
    const { message: _message, ...settings } = second.answer;
    expect(read.answer).toEqual(settings);
  });

  it('normalizes the colour, takes a dark one and removes the logo with null', async () => {
    const saved = await change({ accentColor: ' #1D3557 ', logoUrl: 'https://cdn.example.com/logo.png' });
    expect(saved.answer).toMatchObject({ accentColor: '#1d3557', logoUrl: 'https://cdn.example.com/logo.png' });
    expect((await change({ logoUrl: null })).answer.logoUrl).toBeNull();
  });

  it.each([
    ['accentColor', { accentColor: 'red' }, 'Accent colour must be a hex colour, like #a4461f'],
    ['accentColor', { accentColor: '#ffcc00' }, 'Accent colour #ffcc00 is too light: white text on it has a contrast of 1.5:1, it needs 4.5:1'],
    ['accentColor', { accentColor: '#767676' }, 'Accent colour #767676 is too light: as text on the page it has a contrast of 4.3:1, it needs 4.5:1'],
    ['social.instagram', { social: { instagram: 'javascript:alert(1)' } }, 'Instagram link must be an http or https link'],
    ['social.facebook', { social: { facebook: 'ftp://facebook.example/shop' } }, 'Facebook link must be an http or https link'],
    ['logoUrl', { logoUrl: 'javascript:alert(1)' }, 'Logo must be an http or https link, or an uploaded image'],
    ['name', { name: 'x'.repeat(61) }, 'Shop name must be at most 60 characters'],
    ['name', { name: '  ' }, 'Shop name is required'],
    ['tagline', { tagline: 'x'.repeat(161) }, 'Tagline must be at most 160 characters'],
    ['announcement.textAr', { announcement: { textAr: 'x'.repeat(201) } }, 'Arabic announcement must be at most 200 characters'],
    ['pages.privacy', { pages: { privacy: 'x'.repeat(20_001) } }, 'Privacy page must be at most 20000 characters'],
    ['contact.email', { contact: { email: 'not an email' } }, 'Contact email must be an email address, like hello@shop.example'],
    ['contact.whatsapp', { contact: { whatsapp: '0100 123 4567' } }, 'WhatsApp number must be written with its country code, like +20 100 123 4567'],
    ['contact.phone', { contact: { phone: 'call us' } }, 'Phone must be a phone number, like +20 100 123 4567'],
    ['announcement.enabled', { announcement: { enabled: true } }, 'Announcement text is required to show the announcement'],
    ['announcement.enabled', { announcement: { enabled: 'yes' } }, 'Announcement on or off must be true or false'],
    ['pages', { pages: 'none' }, 'Pages must be an object'],
  ])('refuses a bad %s with 400 naming the field, and changes nothing', async (_field, body, message) => {
    const response = await change(body);
    expect(response.status).toBe(400);
    expect(response.message).toBe(message);
    expect((await api('getSettings')).answer).toEqual(DEFAULT_SETTINGS);
  });

  it('says it in Arabic to an Arabic admin, the ratio in Arabic digits', async () => {
    const response = await change({ accentColor: '#ffcc00' }, admin.token, { 'accept-language': 'ar' });
    expect(response.message).toBe('لون التمييز #ffcc00 فاتح جدًا: تباين النص الأبيض عليه ١٫٥:١ والمطلوب ٤٫٥:١');
    const long = await change({ nameAr: 'س'.repeat(61) }, admin.token, { 'accept-language': 'ar' });
    expect(long.message).toBe('يجب ألا يزيد اسم المتجر بالعربية على ٦٠ حرف');
  });

  it('is the admin\'s: 401 without a token, 403 for a customer (and staff, who are admins\' only until roles exist)', async () => {
    expect((await api('updateSettings', { body: { name: 'Taken over' } })).status).toBe(401);
    const customer = await createUser();
    const refused = await change({ name: 'Taken over' }, customer.token);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Only an admin can do this');
    expect((await uploadLogo({ data: png, filename: 'logo.png', type: 'image/png' }, customer.token)).status).toBe(403);
    expect((await api('getSettings')).answer.name).toBe(DEFAULT_SETTINGS.name);
  });
});

describe('POST /api/settings/logo', () => {
  it('stores an image as a PNG under a name of its own and makes it the logo', async () => {
    const response = await uploadLogo({ data: png, filename: 'logo.png', type: 'image/png' });
    expect(response.status).toBe(200);
    expect(response.answer.message).toBe('Logo has been uploaded');
    const { logoUrl } = response.answer;
    expect(logoUrl).toMatch(/^\/images\/logo-[0-9a-f-]{36}\.png$/);
    const image = await app.inject({ method: 'GET', url: logoUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // within the logo's box (768 × 192), the proportions kept
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 100]);
    expect((await api('getSettings')).answer.logoUrl).toBe(logoUrl);
  });

  it('draws an SVG to pixels: its script, its links and its references to files do not survive', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40" viewBox="0 0 120 40">' +
        '<script>alert(document.cookie)</script><a xlink:href="javascript:alert(1)"><rect width="120" height="40" fill="#1d3557"/></a>' +
        '<image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
    );
    const response = await uploadLogo({ data: svg, filename: 'logo.svg', type: 'image/svg+xml' });
    expect(response.status).toBe(200);
    const image = await app.inject({ method: 'GET', url: response.answer.logoUrl! });
    expect(image.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image.rawPayload.toString('latin1')).not.toMatch(/script|javascript|passwd/);
    // drawn at the density that fills the box's height: sharp, not 40 pixels high
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([576, 192]);
  });

  it.each([
    ['a text file', Buffer.from('hello, this is no picture'), 'text/plain'],
    ['a PDF named .png', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'image/png'],
    ['HTML that calls itself SVG', Buffer.from('<html><body><svg></body></html>'), 'image/svg+xml'],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
  ])('refuses %s with 415 and stores nothing', async (_what, data, type) => {
    const before = storedImages(app);
    const response = await uploadLogo({ data, filename: 'logo.png', type });
    expect(response.status).toBe(415);
    expect(response.message).toBe('File type is not supported');
    expect(storedImages(app)).toEqual(before);
    expect((await api('getSettings')).answer.logoUrl).toBeNull();
  });

  it('refuses a file over 5 MB with 413, and a form without a file with 400', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const tooLarge = await uploadLogo({ data: big, filename: 'logo.png', type: 'image/png' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.message).toBe('The logo must be 5 MB or smaller');
    const empty = await multipart({ note: 'no file' });
    const none = await api('uploadLogo', { token: admin.token, headers: empty.headers, payload: empty.payload });
    expect(none.status).toBe(400);
    expect(none.message).toBe('Please choose a logo file');
  });
});

describe('every place that names the shop', () => {
  let pages: App;
  beforeAll(async () => {
    const { database } = await getTestContext();
    pages = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example' }), database, logger: false, pages: await sourcePages() });
    await pages.ready();
  });
  afterAll(() => pages.close());
  const page = (url: string, cookie = '') => pages.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('reads the new settings at once: the title, Open Graph, the product\'s JSON-LD, the header and the accent of the pages', async () => {
    const product = await createProduct({ images: ['/images/linen-1-800.webp'] });
    // cached with the old name first: the change must drop it
    expect((await page(`/products/${encodeURIComponent(product.name)}`)).body).toContain(`· ${DEFAULT_SETTINGS.name}</title>`);

    const saved = await api('updateSettings', { app: pages, token: admin.token, body: { name: 'Sahara Threads', nameAr: 'ساهارا ثريدز', accentColor: '#1d3557', contact: { email: 'hello@sahara.example' } } });
    expect(saved.status).toBe(200);
    const logo = await uploadLogo({ data: png, filename: 'logo.png', type: 'image/png' }, admin.token, pages);

    // answers give the logo on PUBLIC_URL; the pages name it by its path
    const logoPath = new URL(logo.answer.logoUrl!).pathname;
    const html = (await page(`/products/${encodeURIComponent(product.name)}`)).body;
    expect(html).toContain(`<title>${product.name} · Sahara Threads</title>`);
    expect(html).toContain('<meta property="og:site_name" content="Sahara Threads">');
    expect(html).toContain(`<meta property="og:title" content="${product.name} · Sahara Threads">`);
    expect(html).toContain('"brand":{"@type":"Brand","name":"Sahara Threads"}');
    expect(html).toContain('<style id="accent">html:root{--accent:#1d3557;');
    expect(html).toContain(`<img class="logo__image" src="${logoPath}" alt="Sahara Threads"`);

    // an Arabic page names the shop by its Arabic name
    const arabic = (await page('/about', 'lang=ar')).body;
    expect(arabic).toContain('<title>من نحن · ساهارا ثريدز</title>');
    expect(arabic).toContain('<meta property="og:site_name" content="ساهارا ثريدز">');
    // a page with no picture of its own is shared with the logo
    expect(arabic).toContain(`<meta property="og:image" content="https://shop.example${logoPath}">`);

  });

  it('carries the brand on every page, and a page\'s text only on its own page', async () => {
    await api('updateSettings', { app: pages, token: admin.token, body: { pages: { returns: 'Send it back **within 14 days**: [write to us](mailto:hello@sahara.example).', privacy: 'A long privacy text.' } } });
    const returns = await page('/pages/returns');
    expect(returns.statusCode).toBe(200);
    expect(returns.body).toContain('<title>Returns · My shop</title>');
    expect(returns.body).toContain('<link rel="canonical" href="https://shop.example/pages/returns">');
    expect(returns.body).toContain('<meta name="description" content="Send it back within 14 days: write to us.">');
    expect(returns.body).toContain('<p>Send it back <strong>within 14 days</strong>: <a href="mailto:hello@sahara.example">write to us</a>.</p>');
    expect(returns.body).toContain('"key":"page-text:returns"');
    expect(returns.body).not.toContain('A long privacy text.');
    expect((await page('/')).body).not.toMatch(/page-text|Send it back/);
    for (const address of ['/pages/delivery', '/pages/privacy']) expect((await page(address)).statusCode).toBe(200);
  });

  it('writes the brand into the shell of the pages the browser draws alone', () => {
    const template = '<html><head><title>Shop</title></head><body><div id="root"></div></body></html>';
    const brand = brandOf({ ...DEFAULT_SETTINGS, name: 'Sahara </script><b>', accentColor: '#1d3557' });
    const html = shellWithBrand(template, brand, 'en');
    expect(html).toContain('<title>Sahara &lt;/script&gt;&lt;b&gt;</title>');
    expect(html).toContain('<style id="accent">html:root{--accent:#1d3557;');
    const data = /<script type="application\/json" id="settings-data">(.*?)<\/script>/.exec(html)![1]!;
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data)).toEqual(brand);
    // the storefront's own accent needs no style of its own
    expect(shellWithBrand(template, brandOf(DEFAULT_SETTINGS), 'en')).not.toContain('<style');
  });

  it('names the shop in the next order mail, with its logo and from its name', async () => {
    const mailing = await buildMailingApp();
    try {
      const saved = await api('updateSettings', { app: mailing.app, token: admin.token, body: { name: 'Sahara Threads', accentColor: '#1d3557' } });
      expect(saved.status).toBe(200);
      const logo = await uploadLogo({ data: png, filename: 'logo.png', type: 'image/png' }, admin.token, mailing.app);
      const shopper = await createUser();
      const product = await createProduct({ price: 100 });
      await createCartItem(shopper.user, product, 1);
      const placed = await api('placeOrder', { app: mailing.app, token: shopper.token, body: newOrderBody([{ product, quantity: 1 }], { email: shopper.user.email }) });
      expect(placed.status).toBe(201);
      await mailing.app.mail.idle();
      const outbox = mailing.app.config.mail.outboxDir;
      const mail = await simpleParser(readFileSync(path.join(outbox, readdirSync(outbox)[0]!)));
      expect(mail.subject).toMatch(/^Your Sahara Threads order #\d+ is placed$/);
      expect(mail.from?.value).toEqual([{ address: 'shop@shop.example', name: 'Sahara Threads' }]);
      expect(String(mail.html)).toContain(`<img src="${logo.answer.logoUrl}" alt="Sahara Threads"`);
      expect(logo.answer.logoUrl).toMatch(/^https:\/\/shop\.example\/images\/logo-/);
      expect(String(mail.html)).toContain('background:#1d3557');
    } finally {
      await restore(mailing.app);
      await mailing.app.close();
    }
  });
});

describe.runIf(databaseUrl)('two processes on one PostgreSQL', () => {
  let database: Database;
  let other: App;
  beforeAll(async () => {
    // a second pool and app: another process as far as the database can tell
    database = await openDatabase({ databaseUrl: databaseUrl! });
    other = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example' }), database, logger: false, pages: await sourcePages() });
    await other.ready();
  });
  afterAll(async () => {
    await restore(other);
    await other.close();
    await database.close();
  });

  it("drop the other's kept settings and pages when one saves", async () => {
    const read = async () => (await api('getSettings', { app: other })).answer.name;
    const title = async () => /<title>(.*?)<\/title>/.exec((await other.inject({ method: 'GET', url: '/about' })).body)?.[1];
    // both kept in the other process: its settings and its rendered page
    expect(await read()).toBe(DEFAULT_SETTINGS.name);
    expect(await title()).toBe(`About us · ${DEFAULT_SETTINGS.name}`);

    expect((await change({ name: 'Sahara Threads' })).status).toBe(200);
    const from = Date.now();
    while ((await read()) !== 'Sahara Threads' && Date.now() - from < 5000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await read()).toBe('Sahara Threads');
    expect(await title()).toBe('About us · Sahara Threads');
  });
});
