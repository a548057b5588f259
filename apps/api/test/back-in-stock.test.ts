// "Tell me when it's back" (PRODUCT section 8, decision 040): a shopper asks about a sold-out size; the admin's save or
// a cancel that brings that size back mails her once, in the language she asked in, and nobody waiting on another size.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/core/brand';
import type { Product, SizeStock } from '@shop/core/contract/catalog';
import { backInStockRequests } from '../src/db/schema.ts';
import { api } from './client.ts';
import { createAdmin, createProduct, createUser, getApp, newOrderBody } from './helpers.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;
type Admin = Awaited<ReturnType<typeof createAdmin>>;

// the mail follows the shop's lang cookie (decision 018); the API's sentences follow Accept-Language
const ARABIC_SHOP = { cookie: 'lang=ar' };
const ARABIC = { 'accept-language': 'ar' };

const ask = (shopper: Shopper | undefined, product: { _id: string }, size: string, headers: Record<string, string> = {}) =>
  api('notifyBackInStock', { params: { x: product._id }, ...(shopper ? { token: shopper.token } : {}), headers, body: { size } });

/** The admin saves the product with these sizes, as the dashboard's form does. */
async function setSizes(admin: Admin, product: Product, sizes: SizeStock[]) {
  const fields = { name: product.name, description: product.description, price: product.price, disCountPrecent: 0, gender: product.gender, category: product.category };
  const saved = await api('updateProduct', { params: { x: product._id }, token: admin.token, body: { ...fields, sizes } });
  expect(saved.status).toBe(200);
}

/**
 * The back-in-stock mails the shared app has written to its outbox for this address, once its jobs are done, each with
 * its file's inode: a message sent again is written again (a new file renamed over it), so a second send shows.
 */
async function backInStockMailsTo(address: string): Promise<(ParsedMail & { inode: number })[]> {
  const app = await getApp();
  await app.mail.idle();
  const outbox = app.config.mail.outboxDir;
  // no mail at all yet: no outbox folder
  if (!existsSync(outbox)) return [];
  const files = readdirSync(outbox).filter((name) => name.includes('-back-in-stock-') && name.endsWith('.eml'));
  const mails = await Promise.all(
    files.map(async (name) => Object.assign(await simpleParser(readFileSync(path.join(outbox, name))), { inode: statSync(path.join(outbox, name)).ino })),
  );
  return mails.filter((mail) => [mail.to].flat().some((to) => to?.value.some((box) => box.address === address)));
}

describe('asking to be told when a size is back', () => {
  it('is kept once for a sold-out size, however often it is asked, and answered in the language of the ask', async () => {
    const shopper = await createUser();
    const product = await createProduct({ sizes: [{ size: 'M', stock: 0 }, { size: 'L', stock: 3 }] });
    const first = await ask(shopper, product, 'M');
    expect(first.status).toBe(200);
    expect(first.answer).toEqual({ product: product._id, size: 'M', message: "We'll email you once, as soon as this size is back in stock" });
    const again = await ask(shopper, product, 'M', { 'accept-language': 'ar' });
    expect(again.status).toBe(200);
    expect(again.answer.message).toBe('سنراسلك مرة واحدة بالبريد الإلكتروني فور عودة هذا المقاس إلى المخزون');
    // by the product's name too, as the storefront's URLs name it
    expect((await ask(shopper, { _id: product.name }, 'M')).status).toBe(200);
    const app = await getApp();
    const rows = await app.db.select().from(backInStockRequests).where(eq(backInStockRequests.userId, shopper.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productId: product._id, size: 'M', lang: 'en', notifiedAt: null });
  });

  it('refuses a size the product does not have (400), one in stock or not tracked (409), a visitor (401), an unknown product (404)', async () => {
    const shopper = await createUser();
    const product = await createProduct({ sizes: [{ size: 'M', stock: 0 }, { size: 'L', stock: 3 }, { size: 'XL', stock: null }] });

    const notOffered = await ask(shopper, product, 'S');
    expect(notOffered.status).toBe(400);
    expect(notOffered.message).toBe('This product does not come in size S');
    expect((await ask(shopper, product, 'S', ARABIC)).message).toBe('هذا المنتج غير متوفر بالمقاس S');
    const unknown = await ask(shopper, product, 'Huge');
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('Unknown size: Huge');
    const none = await api('notifyBackInStock', { params: { x: product._id }, token: shopper.token, payload: {} });
    expect(none.status).toBe(400);
    expect(none.message).toBe('Please choose a size');

    const inStock = await ask(shopper, product, 'L');
    expect(inStock.status).toBe(409);
    expect(inStock.message).toBe('Size L is in stock now: you can add it to your cart');
    expect((await ask(shopper, product, 'L', ARABIC)).message).toBe('المقاس L متوفر الآن: يمكنك إضافته إلى سلتك');
    expect((await ask(shopper, product, 'XL')).status).toBe(409);

    const visitor = await ask(undefined, product, 'M');
    expect(visitor.status).toBe(401);
    expect((await ask(shopper, { _id: '00000000-0000-4000-8000-000000000000' }, 'M')).status).toBe(404);

    const app = await getApp();
    expect(await app.db.select().from(backInStockRequests).where(eq(backInStockRequests.userId, shopper.user._id))).toEqual([]);
  });
});

describe('the back-in-stock mail', () => {
  it('goes once to each shopper waiting on the size that came back, in the language she asked in, and not for another size', async () => {
    const admin = await createAdmin();
    const amira = await createUser();
    const omar = await createUser();
    const product = await createProduct({ nameAr: 'قميص كتان أسود', sizes: [{ size: 'M', stock: 1 }, { size: 'L', stock: 0 }] });
    // M sells out (the admin's save), then Amira asks for M in Arabic and Omar for L in English
    await setSizes(admin, product, [{ size: 'M', stock: 0 }, { size: 'L', stock: 0 }]);
    expect((await ask(amira, product, 'M', ARABIC_SHOP)).status).toBe(200);
    expect((await ask(omar, product, 'L')).status).toBe(200);

    // L comes back: Omar hears, Amira (waiting on M) does not
    await setSizes(admin, product, [{ size: 'M', stock: 0 }, { size: 'L', stock: 2 }]);
    const [toOmar, ...moreToOmar] = await backInStockMailsTo(omar.user.email);
    expect(moreToOmar).toEqual([]);
    expect(toOmar!.subject).toBe(`${product.name} is back in size L · ${DEFAULT_SETTINGS.name}`);
    expect(toOmar!.text).toContain(`You asked us to tell you: ${product.name} is back in stock in size L.`);
    expect(toOmar!.text).toContain(`/products/${encodeURIComponent(product.name)}`);
    expect(await backInStockMailsTo(amira.user.email)).toEqual([]);

    // M comes back: one Arabic mail to Amira, with the Arabic name
    await setSizes(admin, product, [{ size: 'M', stock: 3 }, { size: 'L', stock: 2 }]);
    const toAmira = await backInStockMailsTo(amira.user.email);
    expect(toAmira).toHaveLength(1);
    expect(toAmira[0]!.subject).toMatch(/^قميص كتان أسود متوفر من جديد في المقاس M · /);
    expect(toAmira[0]!.text).toContain('طلبت منا أن نخبرك: قميص كتان أسود عاد إلى المخزون في المقاس M.');
    expect(String(toAmira[0]!.html)).toMatch(/<html lang="ar" dir="rtl">/);

    // sold out and back again later: nobody is told twice
    await setSizes(admin, product, [{ size: 'M', stock: 0 }, { size: 'L', stock: 0 }]);
    await setSizes(admin, product, [{ size: 'M', stock: 5 }, { size: 'L', stock: 5 }]);
    expect((await backInStockMailsTo(amira.user.email)).map((mail) => mail.inode)).toEqual([toAmira[0]!.inode]);
    expect((await backInStockMailsTo(omar.user.email)).map((mail) => mail.inode)).toEqual([toOmar!.inode]);
    const app = await getApp();
    const asks = await app.db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, product._id));
    expect(asks.map((row) => row.notifiedAt !== null)).toEqual([true, true]);

    // a new ask once it sold out again is a new one, told when the size is back
    await setSizes(admin, product, [{ size: 'M', stock: 0 }, { size: 'L', stock: 5 }]);
    expect((await ask(amira, product, 'M', ARABIC_SHOP)).status).toBe(200);
    await setSizes(admin, product, [{ size: 'M', stock: 1 }, { size: 'L', stock: 5 }]);
    expect(await backInStockMailsTo(amira.user.email)).toHaveLength(2);
  });

  it('goes out when a cancel gives the last pieces back', async () => {
    const admin = await createAdmin();
    const buyer = await createUser();
    const waiting = await createUser();
    const product = await createProduct({ price: 300, sizes: [{ size: 'M', stock: 1 }, { size: 'L', stock: 0 }] });
    expect((await api('addToCart', { token: buyer.token, body: { product: product._id, quantaty: 1, size: 'M' } })).status).toBe(201);
    const placed = await api('placeOrder', { token: buyer.token, body: newOrderBody([{ product, quantity: 1 }]) });
    expect(placed.status).toBe(201);
    // the buyer took the last M: another shopper asks, and one for L too
    expect((await ask(waiting, product, 'M')).status).toBe(200);
    expect((await ask(waiting, product, 'L')).status).toBe(200);
    expect(await backInStockMailsTo(waiting.user.email)).toEqual([]);

    expect((await api('cancelOrder', { params: { id: placed.answer._id }, token: admin.token })).status).toBe(200);
    const mails = await backInStockMailsTo(waiting.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${product.name} is back in stock in size M.`);
    const app = await getApp();
    const asks = await app.db.select().from(backInStockRequests).where(eq(backInStockRequests.userId, waiting.user._id));
    expect(Object.fromEntries(asks.map((row) => [row.size, row.notifiedAt !== null]))).toEqual({ M: true, L: false });
  });
});
