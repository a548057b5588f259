// Issue 41, "Stock, codes, mail and exports": what one shopper may hold without paying, codes counted per customer and
// per mailbox, codes not guessed, spreadsheets that run no formula, guests' mail without their text, staff on stock
// alone, and what the public reviews and the audit trail show (decision 051; docs/security.md lists each rule).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/core/brand';
import { MESSAGES } from '@shop/core/messages';
import { arabicOf } from '@shop/core/messages.ar';
import type { Product } from '@shop/core/contract/catalog';
import { startPaymobTestServer } from '../../../../scripts/paymob-test-server.mjs';
import type { App } from '../../src/app.ts';
import { orders } from '../../src/db/schema.ts';
import { readCsv } from '../../src/modules/exports/csv-read.ts';
import { insertOrder } from '../../src/scripts/factories.ts';
import { api } from '../client.ts';
import { billing, buildAppWith, createAdmin, createCartItem, createOrder, createProduct, createStaff, createUser, getApp, newOrderBody, unique } from '../helpers.ts';

const apps: App[] = [];
afterAll(async () => {
  await Promise.all(apps.map((each) => each.close()));
});
async function appWith(overrides: Record<string, string>) {
  const app = await buildAppWith(overrides);
  apps.push(app);
  return app;
}

const AR = { 'accept-language': 'ar' };
/** A mailbox of this test alone, at a provider where dots count. */
const mailbox = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
/** A client address of this test alone (the shared database holds every test's guest orders). */
const address = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  admin = await createAdmin();
});

/** A product whose size M is not tracked (never sold out), at EGP 100. */
const untracked = () => createProduct({ price: 100, sizes: [{ size: 'M', stock: null }] });
const line = (product: Product, quantity: number) => ({ product: product._id, size: 'M', quantity });

describe('1. a guest cannot hold every piece', () => {
  it('merges a guest\'s lines before its caps: 3 x 99 is refused for anyone, over 10 of a size or 20 in all for a guest, in English and Arabic', async () => {
    const product = await untracked();
    const other = await untracked();
    const guest = (lines: ReturnType<typeof line>[], headers: Record<string, string> = {}) =>
      api('guestOrder', { headers, remoteAddress: address(), body: { ...billing({ email: mailbox('caps') }), lines } });

    // three lines of 99 are one line of 297: refused for a guest's order and for anyone's quote
    const triple = await guest([line(product, 99), line(product, 99), line(product, 99)]);
    expect(triple.status).toBe(400);
    expect(triple.message).toBe(MESSAGES.lineTooMany);
    const quoted = await api('cartQuote', { body: { lines: [line(product, 99), line(product, 99), line(product, 99)] } });
    expect(quoted.status).toBe(400);
    expect(quoted.message).toBe(MESSAGES.lineTooMany);
    expect((await api('cartQuote', { body: { lines: [line(product, 40), line(product, 59)] } })).answer.items![0]!.quantaty).toBe(99);

    // a guest: 6 + 5 of one size is 11, over 10; 10 + 11 is 21 pieces, over 20
    const overLine = await guest([line(product, 6), line(product, 5)]);
    expect(overLine.status).toBe(400);
    expect(overLine.message).toBe(MESSAGES.guestLineTooMany);
    const overOrder = await guest([line(product, 10), line(other, 10), line(await untracked(), 1)]);
    expect(overOrder.status).toBe(400);
    expect(overOrder.message).toBe(MESSAGES.guestOrderTooMany);
    const arabic = await guest([line(product, 11)], AR);
    expect(arabic.message).toBe(arabicOf(MESSAGES.guestLineTooMany));
    expect(arabic.message).not.toBe(MESSAGES.guestLineTooMany);

    // the other side: 10 of a size and 20 in all are taken
    const most = await guest([line(product, 4), line(product, 6), line(other, 10)]);
    expect(most.status, most.text).toBe(201);
    expect(most.answer.products.map((each) => each.quantity)).toEqual([10, 10]);
  });

  it('bounds the pieces one address or one mailbox holds in orders not yet paid for, and frees them once the order ships', async () => {
    const app = await appWith({ UNPAID_HOLD_PIECES: '40' });
    const [product, second] = [await untracked(), await untracked()];
    const from = address();
    const email = mailbox('hold');
    // 20 pieces are 10 of each product (a guest's most of a size)
    const lines = (quantity: number) => (quantity > 10 ? [line(product, 10), line(second, quantity - 10)] : [line(product, quantity)]);
    const guest = (remoteAddress: string, to: string, quantity: number) =>
      api('guestOrder', { app, remoteAddress, body: { ...billing({ email: to }), lines: lines(quantity) } });

    // the mailbox (a +tag is the same mailbox) holds 40 from two addresses: one piece more is refused
    const first = await guest(from, email, 20);
    const again = await guest(address(), email.replace('@', '+again@').toUpperCase(), 20);
    for (const placed of [first, again]) expect(placed.status, placed.text).toBe(201);
    const byMailbox = await guest(address(), email.replace('@', '+x@'), 1);
    expect(byMailbox.status).toBe(409);
    expect(byMailbox.message).toBe(MESSAGES.heldTooMany);
    // the address holds 40 for two mailboxes: one piece more is refused, in Arabic too
    expect((await guest(from, mailbox('other'), 20)).status).toBe(201);
    const byAddress = await api('guestOrder', { app, remoteAddress: from, headers: AR, body: { ...billing({ email: mailbox('third') }), lines: [line(product, 1)] } });
    expect(byAddress.status).toBe(409);
    expect(byAddress.message).toBe(arabicOf(MESSAGES.heldTooMany));
    // anyone else is not held back
    expect((await guest(address(), mailbox('stranger'), 20)).status).toBe(201);

    // an order shipped is no longer held unpaid... by the mailbox that placed it
    expect((await api('moveOrder', { app, token: admin.token, params: { id: first.answer._id }, body: { status: 'shipped' } })).status).toBe(200);
    expect((await guest(address(), email, 20)).status).toBe(201);
    const [row] = await app.db.select({ clientIp: orders.clientIp, emailKey: orders.emailKey }).from(orders).where(eq(orders.id, again.answer._id));
    expect(row).toEqual({ clientIp: expect.any(String), emailKey: email.toLowerCase() });
  });

  it('shortens an unpaid hold: the admin\'s Settings bound it (12 hours for a kiosk by default), checked in both languages', async () => {
    expect(DEFAULT_SETTINGS.holds).toEqual({ paymentMinutes: 30, kioskHours: 12 });
    const paymob = await startPaymobTestServer({ secretKey: 'egy_sk_test_limits', apiKey: 'limits-api-key', publicKey: 'egy_pk_test_limits', hmacSecret: 'limits-hmac', integrations: { card: 301, wallet: 302, kiosk: 303 } });
    try {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      await new Promise((resolve) => server.close(resolve));
      const app = await appWith({
        PAYMENT_PROVIDER: 'paymob', PAYMOB_SECRET_KEY: 'egy_sk_test_limits', PAYMOB_API_KEY: 'limits-api-key', PAYMOB_PUBLIC_KEY: 'egy_pk_test_limits',
        PAYMOB_HMAC_SECRET: 'limits-hmac', PAYMOB_INTEGRATIONS: 'card:301,wallet:302,kiosk:303', PAYMOB_BASE_URL: paymob.url, PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      const product = await untracked();
      const kiosk = async () => {
        const started = await api('checkout', { app, remoteAddress: address(), payload: { ...billing({ email: mailbox('kiosk') }), method: 'kiosk', lines: [line(product, 1)] } });
        expect(started.status, started.text).toBe(201);
        const [row] = await app.db.select({ holdUntil: orders.holdUntil, createdAt: orders.createdAt }).from(orders).where(eq(orders.id, started.answer.order._id));
        return (row!.holdUntil!.getTime() - row!.createdAt.getTime()) / 3_600_000;
      };
      // PAYMENT_KIOSK_HOLD_HOURS is 48: the Settings' 12 is shorter
      expect(await kiosk()).toBeCloseTo(12, 1);

      const refused = await api('updateSettings', { app, token: admin.token, payload: { holds: { kioskHours: 49 } } });
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(MESSAGES.kioskHoursRange);
      const arabic = await api('updateSettings', { app, token: admin.token, headers: AR, payload: { holds: { paymentMinutes: 5 } } });
      expect(arabic.message).toBe(arabicOf(MESSAGES.holdMinutesRange));
      expect(arabic.message).not.toBe(MESSAGES.holdMinutesRange);
      const changed = await api('updateSettings', { app, token: admin.token, payload: { holds: { kioskHours: '2' } } });
      expect(changed.status, changed.text).toBe(200);
      try {
        expect(changed.answer.holds).toEqual({ paymentMinutes: 30, kioskHours: 2 });
        expect(await kiosk()).toBeCloseTo(2, 1);
        // staff and shoppers do not change it
        expect((await api('updateSettings', { app, token: (await createStaff()).token, body: { holds: { kioskHours: 48 } } })).status).toBe(403);
      } finally {
        await api('updateSettings', { app, token: admin.token, body: { holds: DEFAULT_SETTINGS.holds } });
      }
    } finally {
      await paymob.close();
    }
  });
});

describe('2. a "one per customer" code is counted by the account and by the mailbox', () => {
  it('a guest use with the account\'s email (any case, +tag, Gmail\'s dots) counts for the account, and the other way round', async () => {
    const app = await getApp();
    const code = unique('ONCE').replace(/[^A-Za-z0-9-]/g, '').slice(0, 30);
    const made = await api('addCoupon', {
      token: admin.token,
      payload: { code, kind: 'percent', value: 10, minSubtotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: 1, active: true },
    });
    expect(made.status, made.text).toBe(201);
    const name = `mona.${randomUUID().slice(0, 8)}`;
    const customer = await createUser({ email: `${name}@gmail.com` });
    const product = await untracked();
    const guest = (email: string) => api('guestOrder', { app, remoteAddress: address(), body: { ...billing({ email }), lines: [line(product, 1)], couponCode: code } });

    // a guest order with her email written another way uses the code ...
    const asGuest = await guest(`${name.replace('.', '').toUpperCase()}+sale@googlemail.com`);
    expect(asGuest.status, asGuest.text).toBe(201);
    // ... so her account has used it
    await createCartItem(customer.user, product, 1, 'M');
    const applied = await api('applyCoupon', { headers: customer.auth, body: { code } });
    expect(applied.status).toBe(400);
    expect(applied.message).toBe(MESSAGES.couponUsedByYou);
    // a plus-addressed guest is the same mailbox as a guest before her
    const other = mailbox('twice');
    expect((await guest(other)).status).toBe(201);
    const plus = await guest(other.replace('@', '+again@'));
    expect(plus.status).toBe(400);
    expect(plus.message).toBe(MESSAGES.couponUsedByYou);

    // the other side: another account, ordering for a mailbox of its own, may use it; dots count at other providers
    const fresh = await createUser();
    await createCartItem(fresh.user, product, 1, 'M');
    expect((await api('applyCoupon', { headers: fresh.auth, body: { code } })).status).toBe(200);
    const placed = await api('placeOrder', { headers: fresh.auth, payload: newOrderBody([{ product, quantity: 1 }], { email: `${name}@example.com`, totalPrice: '120.00', couponCode: code }) });
    expect(placed.status, placed.text).toBe(201);
    expect((await guest(`${name.replace('.', '')}@example.com`)).status).toBe(201);
    // and the account's billing email is counted for a later guest with it
    expect((await guest(`${name}+later@example.com`)).message).toBe(MESSAGES.couponUsedByYou);
  });
});

describe('3. codes cannot be guessed', () => {
  it('PUT /api/cart/coupon is limited per address like the quote, with one sentence for every code that cannot be used', async () => {
    const app = await appWith({ GUEST_ORDER_RATE_LIMIT: '2' });
    const shopper = await createUser();
    const product = await untracked();
    await createCartItem(shopper.user, product, 1, 'M');
    const remoteAddress = address();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt++) {
      const tried = await api('applyCoupon', { app, remoteAddress, headers: shopper.auth, body: { code: `GUESS-${attempt}` } });
      statuses.push(tried.status);
      if (tried.status === 400) expect(tried.message).toBe(MESSAGES.couponNotValid);
    }
    // the quote's limit: GUEST_ORDER_RATE_LIMIT x 10 a minute
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // another address is not held back
    expect((await api('applyCoupon', { app, remoteAddress: address(), headers: shopper.auth, body: { code: 'GUESS-X' } })).status).toBe(400);

    // unknown, paused, not started, expired and used up: one sentence, in each language
    const codeWith = async (terms: Record<string, unknown>) => {
      const code = unique('SHUT').replace(/[^A-Za-z0-9-]/g, '').slice(0, 30);
      const body = { code, kind: 'percent', value: 10, minSubtotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, active: true, ...terms };
      expect((await api('addCoupon', { token: admin.token, payload: body })).status).toBe(201);
      return code;
    };
    const usedUp = await codeWith({ maxUses: 1 });
    const spender = await createUser();
    await createCartItem(spender.user, product, 1, 'M');
    expect((await api('placeOrder', { headers: spender.auth, payload: newOrderBody([{ product, quantity: 1 }], { totalPrice: '120.00', couponCode: usedUp }) })).status).toBe(201);
    const closed = [
      'NO-SUCH-CODE',
      await codeWith({ active: false }),
      await codeWith({ startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
      await codeWith({ startsAt: '2026-01-01T00:00:00+02:00', endsAt: '2026-02-01T00:00:00+02:00' }),
      usedUp,
    ];
    for (const code of closed) {
      expect((await api('applyCoupon', { headers: shopper.auth, body: { code } })).message, code).toBe(MESSAGES.couponNotValid);
      expect((await api('cartQuote', { body: { lines: [line(product, 1)], couponCode: code } })).message, code).toBe(MESSAGES.couponNotValid);
      expect((await api('applyCoupon', { headers: { ...shopper.auth, ...AR }, body: { code } })).message, code).toBe('هذا الكود غير صالح');
    }
  });
});

describe('4. every CSV the shop writes runs no formula', () => {
  it('guards = + - @, tab and return at the start of names, cities, addresses and product names; the shop\'s figures stay numbers', async () => {
    const app = await getApp();
    const attacks = ["-1+1+cmd|' /C calc'!A0", '+1+HYPERLINK("http://evil.example","x")', '@SUM(1)', '=1', '\tTab', '\rReturn'];
    const tag = randomUUID().slice(0, 8);
    const product = await createProduct({ name: `${attacks[0]} ${tag}`, description: attacks[2]!, price: 100, sizes: [{ size: 'M', stock: 3 }] });
    const customer = await createUser();
    // a day no other test places orders on
    const day = '2031-07-07';
    await insertOrder(app.db, customer.user._id, [{ product, quantity: 2, size: 'M' }], {
      createdAt: new Date(`${day}T09:00:00Z`),
      billing: { firstName: attacks[3], secondName: attacks[4], city: attacks[1], address: attacks[5], email: `@${tag}@example.com` },
    });

    const exported = await api('exportOrders', { app, token: admin.token, query: { from: day, to: day } });
    expect(exported.status).toBe(200);
    const [header, ...rows] = readCsv(exported.text.slice(1)).rows.map((row) => row.cells);
    const mine = rows.find((row) => row[6]!.includes(tag))!;
    const cell = (name: string) => mine[header!.indexOf(name)]!;
    expect(cell('first name')).toBe("'=1");
    expect(cell('second name')).toBe("'\tTab");
    expect(cell('city')).toBe('\'+1+HYPERLINK("http://evil.example","x")');
    expect(cell('address')).toBe("'\rReturn");
    expect(cell('email')).toBe(`'@${tag}@example.com`);
    expect(cell('items')).toBe(`'${attacks[0]} ${tag} (M) x 2`);
    // the shop's own figures are numbers a spreadsheet adds up
    expect(cell('pieces')).toBe('2');
    expect(cell('total (EGP)')).toBe('230');
    expect(Number(cell('number'))).toBeGreaterThan(1000);

    const products = await api('exportProducts', { app, token: admin.token });
    const [productHeader, ...productRows] = readCsv(products.text.slice(1)).rows.map((row) => row.cells);
    const listed = productRows.find((row) => row[0]!.endsWith(tag))!;
    expect(listed[productHeader!.indexOf('name')]).toBe(`'${attacks[0]} ${tag}`);
    expect(listed[productHeader!.indexOf('description')]).toBe("'@SUM(1)");
    expect(listed[productHeader!.indexOf('price (EGP)')]).toBe('100');
    expect(listed[productHeader!.indexOf('sizes')]).toBe('M:3');
  });
});

describe('5. shop mail to an address nobody has shown is hers', () => {
  it('a guest\'s order mail carries none of the text she typed; a customer\'s still greets her by name', async () => {
    const app = await appWith({});
    const product = await untracked();
    const bait = { firstName: 'Claim', secondName: 'your prize at evil.example', address: 'Call 0900 123 to claim', city: 'Win big today' };
    const placed = await api('guestOrder', { app, remoteAddress: address(), body: { ...billing({ email: mailbox('victim'), ...bait }), lines: [line(product, 1)] } });
    expect(placed.status, placed.text).toBe(201);
    const customer = await createUser();
    await createCartItem(customer.user, product, 1, 'M');
    const own = await api('placeOrder', { app, headers: customer.auth, payload: newOrderBody([{ product, quantity: 1 }], { firstName: 'Salma', city: 'Dokki' }) });
    expect(own.status, own.text).toBe(201);
    await app.jobs.idle({ soonMs: 0, timeoutMs: 20_000 });

    const outbox = app.config.mail.outboxDir;
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    const mails = await Promise.all(files.map(async (file) => simpleParser(readFileSync(path.join(outbox, file)))));
    const about = (orderId: string) => mails.find((mail) => (mail.text ?? '').includes(orderId));
    const guestMail = about(placed.answer._id)!;
    expect(guestMail).toBeDefined();
    for (const text of Object.values(bait)) {
      expect(guestMail.text).not.toContain(text);
      expect(String(guestMail.html)).not.toContain(text);
    }
    expect(guestMail.text).toContain('Hello,');
    expect(guestMail.text).toContain('Cairo');
    const customerMail = about(own.answer._id)!;
    expect(customerMail.text).toContain('Hello Salma,');
    expect(customerMail.text).toContain('Dokki');
  });

  it('the per-email limit of guest orders counts a mailbox however its address is written', async () => {
    const app = await appWith({ GUEST_ORDER_RATE_LIMIT: '2' });
    const product = await untracked();
    const email = `${randomUUID().slice(0, 8)}.mona@gmail.com`;
    const guest = (to: string) => api('guestOrder', { app, remoteAddress: address(), body: { ...billing({ email: to }), lines: [line(product, 1)] } });
    expect((await guest(email)).status).toBe(201);
    expect((await guest(email.replace('@', '+1@'))).status).toBe(201);
    const third = await guest(email.replace('.', '').replace('@gmail.com', '+2@googlemail.com'));
    expect(third.status).toBe(429);
    expect(third.message).toBe(MESSAGES.tooManyRequests);
    expect((await guest(mailbox('someone-else'))).status).toBe(201);
  });
});

describe('6. staff do orders and stock, nothing else', () => {
  it('a staff member changing a price, discount, name or description is refused (403); sizes and stock are hers; the admin may', async () => {
    const staff = await createStaff();
    const product = await createProduct({ price: 100, sizes: [{ size: 'M', stock: 5 }] });
    const form = {
      name: product.name, description: product.description, price: product.price, disCountPrecent: product.disCountPrecent,
      gender: product.gender, category: product.category, sizes: product.sizes,
    };
    for (const change of [{ price: 1 }, { disCountPrecent: 90 }, { name: `${product.name} cheap` }, { description: 'Another text' }]) {
      const refused = await api('updateProduct', { token: staff.token, params: { x: product._id }, body: { ...form, ...change } });
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.message).toBe(MESSAGES.staffStockOnly);
    }
    const arabic = await api('updateProduct', { token: staff.token, headers: AR, params: { x: product._id }, body: { ...form, price: 1 } });
    expect(arabic.message).toBe(arabicOf(MESSAGES.staffStockOnly));
    expect((await api('getProduct', { params: { x: product._id } })).answer).toMatchObject({ price: 100, disCountPrecent: 0, name: product.name });

    const restocked = await api('updateProduct', { token: staff.token, params: { x: product._id }, body: { ...form, sizes: [{ size: 'M', stock: 9 }, { size: 'L', stock: 2 }] } });
    expect(restocked.status, restocked.text).toBe(200);
    expect(restocked.answer.sizes).toEqual([{ size: 'M', stock: 9 }, { size: 'L', stock: 2 }]);
    const byAdmin = await api('updateProduct', { token: admin.token, params: { x: product._id }, body: { ...form, price: 80, sizes: restocked.answer.sizes } });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.answer.price).toBe(80);
  });
});

describe('7. small: who is behind a review, and the audit trail', () => {
  it('a product\'s public reviews carry no account id (her own does); a review an admin removes is in the audit trail', async () => {
    const product = await createProduct();
    const customer = await createUser();
    await createOrder(customer.user, [{ product, quantity: 1 }], { status: 'delivered' });
    const review = { rating: 2, title: 'Not as pictured', text: 'The colour is off.', fit: 'true' } as const;
    const added = await api('addReview', { token: customer.token, params: { x: product._id }, body: review });
    expect(added.status).toBe(201);

    const listed = await api('productReviews', { params: { x: product._id } });
    expect(listed.answer).toHaveLength(1);
    expect(listed.answer[0]!.user).toEqual({ username: customer.user.username });
    expect(listed.text).not.toContain(customer.user._id);
    expect((await api('myReview', { token: customer.token, params: { x: product._id } })).answer.review!.user).toEqual({ _id: customer.user._id, username: customer.user.username });

    expect((await api('deleteReview', { token: admin.token, params: { id: added.answer._id } })).status).toBe(200);
    const audit = await api('listAudit', { token: admin.token, query: { entity: 'review' } });
    const entry = audit.answer.find((each) => each.entityId === added.answer._id);
    expect(entry).toMatchObject({ actor: { _id: admin.user._id }, action: 'delete', before: { name: product.name, username: customer.user.username, rating: 2, title: review.title }, after: null });
  });
});
