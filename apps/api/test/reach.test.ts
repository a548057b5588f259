// Where shoppers are (PRODUCT section 9, issue 48): the product feeds Meta and Google read, the Purchase sent to Meta's
// Conversions API (its stand-in, scripts/meta-test-server.mjs), the reminders of carts left behind. The tests run on a
// database of their own: the feeds list the whole catalog, the settings they change are the shop's one row, and the
// reminders look at every cart.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, billing } from '@shop/core/factories';
import { startMetaTestServer, type MetaTestServer } from '../../../scripts/meta-test-server.mjs';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { queryRows } from '../src/db/rows.ts';
import { recordConsents } from '../src/modules/accounts/consents.ts';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import { remindCartsLeft } from '../src/modules/reach/carts-left.ts';
import { cartRemindersJob } from '../src/modules/reach/jobs.ts';
import { META_ARABIC_COLUMNS, META_COLUMNS } from '../src/modules/reach/feeds.ts';
import { readCsv } from '../src/modules/exports/csv-read.ts';
import { insertCategory, insertNewProducts, insertProduct, insertUser } from '../src/scripts/factories.ts';
import { api } from './client.ts';
import { scratchDatabase, testConfig, unique } from './helpers.ts';

const PIXEL_ID = '123456789012345';

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let database: Database;
let meta: MetaTestServer;
let app: App;
/** the job namespace every app of these tests shares: they are one shop's processes */
let namespace: string;
let adminToken: string;
const others: App[] = [];

/** Another process of the same shop, on the same database, working the same jobs. */
async function anotherProcess(): Promise<App> {
  const config = testConfig({ META_CAPI_TOKEN: meta.token, META_GRAPH_URL: meta.url, PUBLIC_URL: 'https://shop.example' });
  config.jobs.namespace = namespace;
  // one shop's processes share its data directory's outbox
  config.mail.outboxDir = app.config.mail.outboxDir;
  const started = await buildApp({ config, database, logger: false });
  await started.ready();
  others.push(started);
  return started;
}

beforeAll(async () => {
  meta = await startMetaTestServer();
  scratch = await scratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url });
  await runMigrations(database);
  const config = testConfig({ META_CAPI_TOKEN: meta.token, META_GRAPH_URL: meta.url, PUBLIC_URL: 'https://shop.example' });
  namespace = config.jobs.namespace;
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  const admin = await insertUser(app.db, { username: unique('owner'), email: `${unique('owner')}@shop.test`, passwordHash: 'x', role: 'admin' });
  adminToken = app.signToken(admin);
}, 60_000);

afterAll(async () => {
  for (const other of others) await other.close().catch(() => {});
  await app?.close();
  await database?.close();
  await scratch?.drop();
  await meta?.close();
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
    const names = Array.from({ length: 1100 }, (_, index) => `${unique('Scarf')} ${index}`);
    await insertNewProducts(app.db, names.map((name) => ({ categoryRow: { id: category.id, title: category.title, gender: 'women' as const }, name, price: 150, sizes: [{ size: 'S', stock: 1 }, { size: 'M', stock: 2 }] })));
    await setFeedToken(TOKEN);
    const rows = readCsv((await feed(`/feeds/meta.csv?token=${TOKEN}`)).body).rows.slice(1).map((row) => row.cells[0]!);
    expect(new Set(rows).size).toBe(rows.length);
    const count = await app.database.pool.query<{ n: number }>('select count(*)::int as n from product_sizes');
    expect(rows).toHaveLength(count.rows[0]!.n);
  });

  it('are written whole however long it takes: a feed is not cut at REQUEST_TIMEOUT', async () => {
    // another process of the shop whose requests may take a millisecond: its feed reads the database for longer
    // (its own job namespace: it works none of this file's jobs)
    const hurried = await buildApp({ config: testConfig({ REQUEST_TIMEOUT: '1ms', PUBLIC_URL: 'https://shop.example' }), database, logger: false });
    try {
      await hurried.ready();
      await setFeedToken(TOKEN);
      const count = await app.database.pool.query<{ n: number }>('select count(*)::int as n from product_sizes');
      for (const path of [`/feeds/meta.csv?token=${TOKEN}`, `/feeds/google.xml?token=${TOKEN}`]) {
        const answer = await hurried.inject({ method: 'GET', url: path });
        expect(answer.statusCode, path).toBe(200);
        const rows = path.includes('.csv') ? readCsv(answer.body).rows.length - 1 : answer.body.split('<item>').length - 1;
        expect(rows, path).toBe(count.rows[0]!.n);
      }
    } finally {
      await hurried.close();
    }
  });
});

/** The jobs of these tests due later (the Purchase waits for the checkout's consents), made due now and run. */
async function runJobsNow(on: App = app) {
  await on.db.execute(sql`update graphile_worker._private_jobs set run_at = now()
    where locked_at is null and task_id in (select id from graphile_worker._private_tasks where starts_with(identifier, ${namespace}))`);
  await on.jobs.idle({ soonMs: 0 });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("Meta's Conversions API", () => {
  it('gets a placed order\'s Purchase from the queue, with the pixel\'s event id and hashed contact, only with analytics consent, retried while Meta is away', async () => {
    const category = await insertCategory(app.db, { gender: 'women', title: unique('Tops') });
    const top = await insertProduct(app.db, { categoryRow: { id: category.id, title: category.title, gender: 'women' }, name: unique('Top'), price: 450, sizes: [{ size: 'M', stock: 10 }] });
    const guestOrder = (email: string, consents: Record<string, boolean>) =>
      api('guestOrder', { app, body: { ...billing({ email, phoneNumber: '01012345678' }), lines: [{ product: top.id, size: 'M', quantity: 2 }], consents } });

    // no pixel ID yet: nothing is sent, whatever the consent
    const early = await guestOrder('early@example.com', { analytics: true });
    expect(early.status).toBe(201);
    await runJobsNow();
    expect(meta.calls).toBe(0);

    expect((await api('updateSettings', { app, token: adminToken, body: { marketing: { metaPixelId: PIXEL_ID } } })).status).toBe(200);
    // Meta is away for the first tries: the shopper's checkout does not notice
    meta.failNext(2);
    const consenting = await guestOrder('  Mona.Adel@Example.com ', { analytics: true });
    const declining = await guestOrder('no.tracking@example.com', { analytics: false, marketingEmail: true });
    expect(consenting.status).toBe(201);
    expect(declining.status).toBe(201);
    for (let tries = 0; tries < 3; tries++) await runJobsNow();
    expect(meta.calls).toBe(3);
    expect(meta.received).toHaveLength(1);
    const [{ pixelId, event }] = meta.received as [{ pixelId: string; event: Record<string, unknown> }];
    expect(pixelId).toBe(PIXEL_ID);
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: consenting.answer._id,
      action_source: 'website',
      event_source_url: 'https://shop.example/checkout',
      user_data: { em: [sha256('mona.adel@example.com')], ph: [sha256('201012345678')], country: [sha256('eg')] },
      custom_data: { currency: 'EGP', value: consenting.answer.totalPrice, order_id: String(consenting.answer.number), content_ids: [`${top.id}-M`], num_items: 2 },
    });
    // the raw email and phone never leave the shop
    expect(JSON.stringify(meta.received)).not.toMatch(/mona|01012345678/i);

    // a customer's order answers with her account's consent
    const email = `${unique('buyer').replace(/\W/g, '')}@example.com`;
    const buyer = await insertUser(app.db, { username: unique('buyer'), email, passwordHash: await hashPassword(TEST_PASSWORD) });
    await recordConsents(app.db, { user: buyer.id }, { analytics: true }, { ip: '127.0.0.1', version: 'test' });
    const token = app.signToken(buyer);
    expect((await api('addToCart', { app, token, body: { product: top.id, quantaty: 1, size: 'M' } })).status).toBe(201);
    const placed = await api('placeOrder', { app, token, body: { ...billing({ email }), wayForPayment: 'cash', totalPrice: 480, productId: [top.id], quantaties: [1] } });
    expect(placed.status).toBe(201);
    await runJobsNow();
    expect(meta.received.map((one) => one.event.event_id)).toEqual([consenting.answer._id, placed.answer._id]);
  });
});

/** The cart reminders the app's outbox holds for this address, each parsed. */
async function remindersTo(address: string, on: App = app): Promise<ParsedMail[]> {
  await on.mail.idle();
  const outbox = on.config.mail.outboxDir;
  if (!existsSync(outbox)) return [];
  const files = readdirSync(outbox).filter((name) => name.startsWith('cart-reminder-') && name.endsWith('.eml'));
  const mails = await Promise.all(files.map((name) => simpleParser(readFileSync(path.join(outbox, name)))));
  return mails.filter((mail) => [mail.to].flat().some((to) => to?.value.some((box) => box.address === address)));
}

/** Her cart's lines as if last changed this long ago (the clock trick: its time set back in the database). */
async function leaveCart(userId: string, ms: number) {
  await app.db.execute(sql`update cart_items set updated_at = now() - ${ms} * interval '1 millisecond' where user_id = ${userId}`);
}

describe('carts left behind', () => {
  it('are mailed once an hour on, once a day on, across processes and a restart, in her language, only with her consent, and unsubscribe in one click', async () => {
    const category = await insertCategory(app.db, { gender: 'women', title: unique('Abayas') });
    const abaya = await insertProduct(app.db, {
      categoryRow: { id: category.id, title: category.title, gender: 'women' }, name: unique('Abaya'), nameAr: 'عباية سوداء', price: 1200, disCountPrecent: 25,
      images: ['/images/abaya.webp'], sizes: [{ size: 'L', stock: 4 }],
    });
    const shopper = async (consent: boolean) => {
      const email = `${unique('cart').replace(/\W/g, '')}@example.com`;
      const row = await insertUser(app.db, { username: unique('Salma'), email, passwordHash: 'x' });
      if (consent) await recordConsents(app.db, { user: row.id }, { marketingEmail: true }, { ip: '127.0.0.1', version: 'test' });
      const token = app.signToken(row);
      // added in Arabic: her reminders are written in Arabic
      const added = await api('addToCart', { app, token, headers: { cookie: 'lang=ar' }, body: { product: abaya.id, quantaty: 2, size: 'L' } });
      expect(added.status).toBe(201);
      return { id: row.id, email, token };
    };
    const salma = await shopper(true);
    const silent = await shopper(false);
    await leaveCart(salma.id, 61 * 60_000);
    await leaveCart(silent.id, 61 * 60_000);

    // off by default: the five-minute look does nothing
    await cartRemindersJob.run(app.shop, undefined, { id: '0', key: null });
    expect(await remindersTo(salma.email)).toHaveLength(0);
    expect((await api('updateSettings', { app, token: adminToken, body: { marketing: { cartReminders: true } } })).status).toBe(200);

    // two processes look at once, and a third starts after one of them stopped: one reminder
    const second = await anotherProcess();
    const looked = await Promise.all([remindCartsLeft(app.shop), remindCartsLeft(second.shop), remindCartsLeft(app.shop)]);
    expect(looked.reduce((sum, queued) => sum + queued, 0)).toBe(1);
    await second.close();
    const restarted = await anotherProcess();
    await cartRemindersJob.run(restarted.shop, undefined, { id: '0', key: null });
    await runJobsNow();
    await runJobsNow(restarted);
    const [first, ...none] = await remindersTo(salma.email);
    expect(none).toHaveLength(0);
    expect(await remindersTo(silent.email)).toHaveLength(0);
    expect(first!.subject).toBe('تركت شيئًا في سلتك · My shop');
    expect(first!.html).toContain('dir="rtl"');
    expect(first!.html).toContain('عباية سوداء');
    expect(first!.html).toContain('src="https://shop.example/images/abaya.webp"');
    // the price paid (25% off 1,200) and the price before
    expect(first!.text).toContain('٩٠٠ ج.م.');
    expect(first!.text).toContain('١٬٢٠٠ ج.م.');
    expect(first!.html).toContain('href="https://shop.example/cart"');
    // the headers as written (mailparser reads List-Unsubscribe into parts)
    const header = (name: string) => first!.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ') ?? '';
    const unsubscribe = /^List-Unsubscribe:\s*<(https:\/\/shop\.example\/api\/marketing\/unsubscribe\?[^>]+)>$/.exec(header('list-unsubscribe'))?.[1];
    expect(unsubscribe).toMatch(/user=.+&token=.+&lang=ar$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(first!.html).toContain(unsubscribe!.replaceAll('&', '&amp;'));

    // a day on: the second step, once; the first is not sent again
    await leaveCart(salma.id, 25 * 60 * 60_000);
    await remindCartsLeft(app.shop);
    await remindCartsLeft(restarted.shop);
    await runJobsNow();
    const both = await remindersTo(salma.email);
    expect(both.map((mail) => mail.subject).sort()).toEqual(['تركت شيئًا في سلتك · My shop', 'سلتك ما زالت في انتظارك · My shop']);
    await remindCartsLeft(app.shop);
    await runJobsNow();
    expect(await remindersTo(salma.email)).toHaveLength(2);

    // the dashboard's figures: two sent, one cart; she comes back and orders it
    const checkout = billing({ email: salma.email });
    const summary = await api('cartSummary', { app, token: salma.token, query: { governorate: checkout.Governorate, way: 'cash' } });
    const order = await api('placeOrder', {
      app, token: salma.token, body: { ...checkout, wayForPayment: 'cash', totalPrice: summary.answer.total, productId: [abaya.id], quantaties: [2] },
    });
    expect(order.status, order.message).toBe(201);
    const status = await api('marketingStatus', { app, token: adminToken });
    expect(status.status).toBe(200);
    expect(status.answer.cartReminders).toEqual({ on: true, sentAfterHour: 1, sentAfterDay: 1, cartsReminded: 1, cameBack: 1 });
    expect(status.answer.pixel).toEqual({ configured: true, id: PIXEL_ID });
    expect(status.answer.conversionsApi).toEqual({ configured: true });

    // one click, without signing in: the link's page asks, its POST (a mail program's, RFC 8058) withdraws the consent
    const link = new URL(unsubscribe!);
    const asked = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<html lang="ar" dir="rtl">');
    expect(asked.body).toContain('method="post"');
    expect((await api('getConsents', { app, token: salma.token })).answer.marketingEmail).toBe(true);
    const done = await app.inject({
      method: 'POST', url: `${link.pathname}${link.search}`, payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('لن تصلك عروض أو تذكيرات');
    expect((await api('getConsents', { app, token: salma.token })).answer.marketingEmail).toBe(false);
    const forged = await app.inject({ method: 'POST', url: `${link.pathname}?user=${silent.id}&token=${link.searchParams.get('token')}&lang=en` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('This unsubscribe link is not valid: open the one in your latest mail, or turn offers off in your account');
    // a mail program's POST: answered in JSON
    const again = await app.inject({ method: 'POST', url: `${link.pathname}${link.search}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('You will get no more offers or reminders by email. You can turn them on again in your account');

    // a new cart of hers, left an hour: no consent now, no mail
    expect((await api('addToCart', { app, token: salma.token, body: { product: abaya.id, quantaty: 1, size: 'L' } })).status).toBe(201);
    await leaveCart(salma.id, 61 * 60_000);
    expect(await remindCartsLeft(app.shop)).toBe(0);
    const rows = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from cart_reminders where user_id = ${salma.id}`);
    expect(rows[0]!.n).toBe(2);
  });
});
