// Privacy (PRODUCT section 9, issue 47): her data taken whole and nobody else's, her account erased without a trace of
// her name, email or phone in any table while the books stay as they were, the consent log, two-step sign-in, and the
// sessions a password or role change ends.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { MESSAGES_AR } from '@shop/core/messages.ar';
import { isStillReturnable } from '@shop/core/order-status';
import type { Product } from '@shop/core/contract/catalog';
import { prepareDatabase } from '../src/bootstrap.ts';
import { queryRows } from '../src/db/rows.ts';
import {
  auditEntries, backInStockRequests, cartCoupons, cartReminders, checkoutKeys, consentLog, idempotencyKeys, orders, passwordResetTokens, payments, recoveryCodes, reviews, users,
} from '../src/db/schema.ts';
import { hasConsent } from '../src/modules/accounts/consents.ts';
import { ErasureLog } from '../src/modules/privacy/erasure-log.ts';
import { insertOrder, insertUser } from '../src/scripts/factories.ts';
import { api } from './client.ts';
import { TEST_PASSWORD, addToWishlist, billing, buildAppWith, createAdmin, createCartItem, createProduct, createStaff, createUser, getTestContext, signedIn, unique } from './helpers.ts';

const { app, database } = await getTestContext();
const db = app.db;
const DAY = 24 * 60 * 60 * 1000;

type Shopper = Awaited<ReturnType<typeof createUser>> & { names: { firstName: string; secondName: string; phoneNumber: string } };

/** A customer with a unique name, email and phone, so a search for them finds only her rows. */
async function customer(tag: string): Promise<Shopper> {
  const handle = unique(tag).replace(/\W/g, '').toLowerCase();
  const shopper = await createUser({ username: handle, email: `${handle}@example.com` });
  const digits = String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8);
  return { ...shopper, names: { firstName: `First${handle}`, secondName: `Second${handle}`, phoneNumber: `010${digits}` } };
}

/** An order of hers, delivered `daysAgo` days ago (or in another status), with her names on it. */
async function orderOf(shopper: Shopper, product: Product, { status = 'delivered', daysAgo = 30 }: { status?: 'delivered' | 'accepted' | 'shipped' | 'canceled'; daysAgo?: number } = {}) {
  const row = await insertOrder(db, shopper.user._id, [{ product, quantity: 2 }], {
    status,
    createdAt: new Date(Date.now() - daysAgo * DAY),
    billing: { ...shopper.names, email: shopper.user.email, address: `${shopper.names.firstName} street 12`, city: 'Maadi' },
  });
  return row;
}

/** A row of hers in every table that can hold one (the export and erasure tests check none is missed). */
async function plantEverything(shopper: Shopper, product: Product, soldOut: Product) {
  const id = shopper.user._id;
  const order = await orderOf(shopper, product);
  await createCartItem(shopper.user, product, 1);
  await db.insert(cartCoupons).values({ userId: id, code: `CODE${shopper.names.phoneNumber}` });
  await db.insert(cartReminders).values({ userId: id, cartSince: new Date().toISOString(), step: 1, sentAt: new Date() });
  await addToWishlist(shopper.user, product);
  await db.insert(reviews).values({ productId: product._id, userId: id, rating: 4, title: 'Lovely linen', text: 'Soft and true to size.', fit: 'true' });
  await db.insert(backInStockRequests).values({ productId: soldOut._id, userId: id, size: 'M' });
  await db.insert(idempotencyKeys).values({ userId: id, key: unique('key'), requestHash: 'h', statusCode: 201 });
  await db.insert(payments).values({ id: unique('pay').replace(/\s/g, '-'), provider: 'sandbox', userId: id, amountPiastres: 1000, status: 'succeeded', clientSecret: `secret-${id}` });
  await db.insert(passwordResetTokens).values({ tokenHash: unique('reset'), userId: id, expiresAt: new Date(Date.now() + DAY) });
  await db.insert(recoveryCodes).values({ userId: id, codeHash: unique('recovery') });
  // a change she made from the dashboard while she worked there
  await db.insert(auditEntries).values({ actorId: id, actorUsername: shopper.user.username, entity: 'product', entityId: product._id, action: 'update', before: { price: 1 }, after: { price: 2 } });
  await db.insert(checkoutKeys).values({ buyer: `user:${id}`, key: unique('checkout'), requestHash: 'h', answer: { order: { email: shopper.user.email } } as never });
  expect((await api('updateConsents', { body: { marketingEmail: true }, token: shopper.token })).status).toBe(200);
  expect((await api('login', { body: { email: shopper.user.email, password: TEST_PASSWORD }, headers: { 'user-agent': 'privacy-test' } })).status).toBe(200);
  return { order };
}

/** Every table with a column that names an account, read from PostgreSQL's catalog. */
async function tablesNamingAccounts(): Promise<{ table: string; column: string }[]> {
  return queryRows(db, sql`
    select c.conrelid::regclass::text as table, a.attname as column
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass
    union select 'users', 'id'
    order by 1`);
}

/** Each primary key value of her rows of a table, as text. */
async function keysOf(table: string, column: string, userId: string): Promise<string[][]> {
  const primary = await queryRows<{ column: string }>(db, sql`
    select a.attname as column from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary order by a.attnum`);
  const columns = primary.map((row) => `${JSON.stringify(row.column)}::text`).join(', ');
  const rows = await queryRows<{ key: string[] }>(db, sql.raw(`select array[${columns}] as key from ${table} where ${JSON.stringify(column)} = '${userId}'`));
  return rows.map((row) => row.key);
}

/**
 * Every text, JSON or array column of every table of every schema but PostgreSQL's own (found from the catalog, so a
 * table added later is searched too), and the rows where one holds any of the texts.
 */
async function rowsHolding(texts: string[]): Promise<string[]> {
  const columns = await queryRows<{ schema: string; table: string; column: string }>(db, sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema not in ('pg_catalog', 'information_schema') and t.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED') or c.udt_name = 'citext')`);
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { schema, table, column } of columns) {
    const name = `${JSON.stringify(schema)}.${JSON.stringify(table)}`;
    for (const text of texts) {
      const [hit] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(name)} where strpos(lower(${sql.raw(JSON.stringify(column))}::text), lower(${text})) > 0`);
      if (hit!.n > 0) found.push(`${schema}.${table}.${column} holds ${text}`);
    }
  }
  return found;
}

async function exportOf(token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/users/me/export', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/);
  return { text: response.body, data: JSON.parse(response.body) as Record<string, unknown> };
}

// which section of the export holds each table's rows of hers; the tables left out hold secrets or copies
const SECTION_OF: Record<string, string> = {
  users: 'profile',
  orders: 'orders',
  payments: 'payments',
  reviews: 'reviews',
  wishlist_items: 'wishlist',
  cart_items: 'cart',
  cart_coupons: 'cartCoupon',
  cart_reminders: 'cartReminders',
  consent_log: 'consents',
  back_in_stock_requests: 'backInStock',
  sign_ins: 'signIns',
  audit: 'audit',
};
const NOT_EXPORTED: Record<string, string> = {
  password_reset_tokens: 'the hash of a reset link: a secret, not her data',
  recovery_codes: 'the hashes of her recovery codes: secrets (the profile says how many are left)',
  idempotency_keys: "a day's copy of an order's answer, kept for a retry: the order itself is in orders",
};

let product: Product;
let soldOut: Product;
beforeAll(async () => {
  product = await createProduct({ price: 450 });
  soldOut = await createProduct({ sizes: [{ size: 'M', stock: 0 }] });
});

describe('GET /api/users/me/export', () => {
  it("holds every table's rows of hers and nothing of anyone else's", async () => {
    const her = await customer('export her');
    const other = await customer('export other');
    await plantEverything(her, product, soldOut);
    await plantEverything(other, product, soldOut);

    const { text, data } = await exportOf(her.token);
    expect(data).toMatchObject({ format: 'shop-export', profile: { id: her.user._id, email: her.user.email, username: her.user.username, twoFactor: false, recoveryCodesLeft: 1 } });
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(`secret-${her.user._id}`); // a payment's client secret

    const tables = await tablesNamingAccounts();
    expect(tables.map((entry) => entry.table)).toEqual(expect.arrayContaining(['orders', 'reviews', 'sign_ins', 'consent_log']));
    for (const { table, column } of tables) {
      if (NOT_EXPORTED[table]) continue;
      const section = SECTION_OF[table];
      expect(section, `${table} (${column}) names an account but no section of the export holds it`).toBeDefined();
      const keys = await keysOf(table, column, her.user._id);
      expect(keys.length, `${table}: a row of hers was planted`).toBeGreaterThan(0);
      const rows = section === 'profile' ? [data.profile] : (data[section!] as unknown[]);
      expect(rows, table).toHaveLength(keys.length);
      const written = JSON.stringify(rows);
      for (const key of keys) for (const value of key) expect(written, `${table} ${value}`).toContain(value);
    }
    for (const value of [other.user._id, other.user.email, other.user.username, other.names.firstName, other.names.phoneNumber]) expect(text).not.toContain(value);
    expect(data.signIns).toEqual([expect.objectContaining({ ip: '127.0.0.1', userAgent: 'privacy-test', method: 'password' })]);
    expect(data.consents).toEqual([expect.objectContaining({ purpose: 'marketingEmail', granted: true })]);
  });

  it('needs a token', async () => {
    expect((await api('exportAccount', {})).status).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('refuses while an order is under way or can still be returned, and a wrong password; in Arabic too', async () => {
    const her = await customer('erase refused');
    const open = await orderOf(her, product, { status: 'shipped', daysAgo: 2 });
    const refused = await api('deleteAccount', { body: { password: TEST_PASSWORD }, token: her.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.deleteWhileOrderOpen });

    await db.update(orders).set({ status: 'delivered', history: [{ status: 'delivered', at: new Date(Date.now() - 13 * DAY).toISOString() }] }).where(eq(orders.id, open.id));
    const returnable = await api('deleteAccount', { body: { password: TEST_PASSWORD }, token: her.token, headers: { 'accept-language': 'ar' } });
    expect(returnable.status).toBe(409);
    expect(returnable.body).toEqual({ message: MESSAGES_AR.deleteWhileReturnable });

    await db.update(orders).set({ history: [{ status: 'delivered', at: new Date(Date.now() - 15 * DAY).toISOString() }] }).where(eq(orders.id, open.id));
    const wrong = await api('deleteAccount', { body: { password: 'not her password' }, token: her.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: MESSAGES.currentPasswordWrong });
    expect((await api('deleteAccount', { payload: {}, token: her.token })).body).toEqual({ message: MESSAGES.passwordRequired });
    const [still] = await db.select({ id: users.id }).from(users).where(eq(users.id, her.user._id));
    expect(still).toBeDefined();

    expect((await api('deleteAccount', { body: { password: TEST_PASSWORD }, token: her.token })).status).toBe(200);
  });

  it('refuses the last admin, who would leave the shop without one', async () => {
    const admin = await createAdmin();
    const others = await db.select({ id: users.id }).from(users).where(sql`${users.role} = 'admin' and ${users.id} <> ${admin.user._id}`);
    await db.update(users).set({ role: 'customer' }).where(sql`${users.role} = 'admin' and ${users.id} <> ${admin.user._id}`);
    try {
      const refused = await api('deleteAccount', { body: { password: TEST_PASSWORD }, token: admin.token });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: MESSAGES.lastAdmin });
    } finally {
      if (others.length > 0) await db.update(users).set({ role: 'admin' }).where(inArray(users.id, others.map((row) => row.id)));
    }
    await createAdmin();
    expect((await api('deleteAccount', { body: { password: TEST_PASSWORD }, token: admin.token })).status).toBe(200);
  });

  it('leaves no row with her email, phone or name in any table, keeps the totals and the sales report, ends her sessions', async () => {
    const admin = await createAdmin();
    const her = await customer('erase her');
    const other = await customer('erase other');
    const { order } = await plantEverything(her, product, soldOut);
    await plantEverything(other, product, soldOut);
    const mine = texts(her);
    expect(await rowsHolding(mine), 'the search finds her before the erasure').not.toEqual([]);

    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const report = async () => (await api('salesReport', { query: { from: day(-60), to: day(1) }, token: admin.token })).answer;
    const before = await report();
    const [orderBefore] = await db.select().from(orders).where(eq(orders.id, order.id));

    const erased = await api('deleteAccount', { body: { password: TEST_PASSWORD }, token: her.token });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ message: MESSAGES.accountDeleted });

    expect(await rowsHolding(mine)).toEqual([]);
    expect(await rowsHolding(texts(other)), 'the other customer is untouched').not.toEqual([]);
    expect(await report()).toEqual(before);
    const [orderAfter] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderAfter).toMatchObject({
      userId: null, firstName: 'Deleted', secondName: 'Deleted', email: 'Deleted', phoneNumber: 'Deleted', address: 'Deleted',
      totalPiastres: orderBefore!.totalPiastres, lines: orderBefore!.lines, status: 'delivered', governorate: orderBefore!.governorate,
    });
    // her review stays, by "Former customer"; her session is over
    const read = await api('productReviews', { params: { x: product._id }, query: { limit: 100 } });
    expect(read.answer).toEqual(expect.arrayContaining([expect.objectContaining({ user: { _id: null, username: 'Former customer' }, title: 'Lovely linen' })]));
    expect((await api('getCart', { token: her.token })).status).toBe(401);
    expect((await api('login', { body: { email: her.user.email, password: TEST_PASSWORD } })).status).toBe(400);
    // the audit trail records the erasure by the account's id alone
    const [row] = await db.select().from(auditEntries).where(sql`${auditEntries.entityId} = ${her.user._id} and ${auditEntries.action} = 'erase'`);
    expect(row).toMatchObject({ actorId: null, actorUsername: 'Deleted', entity: 'user', after: { ordersKept: 1, reviewsKept: 1 } });
    // and the deletion log names her, beside the backups
    expect(new ErasureLog(path.join(app.config.backups.dir, 'erasures.log')).ids()).toContain(her.user._id);
  });

  it('a restored backup does not bring her back: the next start erases her again', async () => {
    const her = await customer('erase restored');
    await orderOf(her, product, { daysAgo: 40 });
    const [saved] = await db.select().from(users).where(eq(users.id, her.user._id));
    expect((await api('deleteAccount', { body: { password: TEST_PASSWORD }, token: her.token })).status).toBe(200);

    // what a restore of a backup taken before the erasure does: her account's row is back
    await insertUser(db, { id: saved!.id, username: saved!.username, email: saved!.email, passwordHash: saved!.passwordHash, role: 'customer' } as never);
    await orderOf(her, product, { daysAgo: 40 });
    const logged: string[] = [];
    await prepareDatabase(app.config, database, { info: (line: string) => void logged.push(line) });
    expect(await db.select().from(users).where(eq(users.id, her.user._id))).toEqual([]);
    expect(logged).toContain('Erased again 1 account(s) of the deletion log that a restored backup brought back');
    expect(await rowsHolding([her.user.email, her.names.phoneNumber])).toEqual([]);
    const again = await db.select().from(auditEntries).where(sql`${auditEntries.entityId} = ${her.user._id} and ${auditEntries.action} = 'erase-again'`);
    expect(again).toHaveLength(1);
    // a start with nothing to do changes nothing
    await prepareDatabase(app.config, database, { info: (line: string) => void logged.push(line) });
    expect(logged.filter((line) => line.startsWith('Erased again'))).toHaveLength(1);
    expect(existsSync(path.join(app.config.backups.dir, 'erasures.log'))).toBe(true);
    expect(readFileSync(path.join(app.config.backups.dir, 'erasures.log'), 'utf8')).not.toContain(her.user.email);
  });
});

function texts(shopper: Shopper): string[] {
  return [shopper.user.email, shopper.user.username, shopper.names.firstName, shopper.names.secondName, shopper.names.phoneNumber];
}

describe('isStillReturnable', () => {
  it('holds within 14 days of the delivery, and only for a delivered order', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const delivered = (daysAgo: number) => ({ status: 'delivered' as const, history: [{ status: 'delivered' as const, at: new Date(now.getTime() - daysAgo * DAY).toISOString() }] });
    expect(isStillReturnable(delivered(13.9), now)).toBe(true);
    expect(isStillReturnable(delivered(14), now)).toBe(false);
    expect(isStillReturnable({ status: 'shipped', history: [] }, now)).toBe(false);
    expect(isStillReturnable({ status: 'delivered', history: [] }, now)).toBe(true);
  });
});

describe('consents', () => {
  it('start unticked, and log each change with its purpose, time, address and the privacy page version', async () => {
    const her = await customer('consent');
    const first = await api('getConsents', { token: her.token });
    expect(first.answer).toMatchObject({ marketingEmail: false, marketingWhatsapp: false, analytics: false, log: [] });
    expect(first.answer.version).toMatch(/^sha256:[0-9a-f]{16}$/);

    const given = await api('updateConsents', { body: { marketingEmail: true }, token: her.token });
    expect(given.answer).toMatchObject({ marketingEmail: true, marketingWhatsapp: false, analytics: false, message: MESSAGES.consentsSaved });
    expect(given.answer.log).toEqual([{ purpose: 'marketingEmail', granted: true, at: expect.any(String), ip: '127.0.0.1', version: first.answer.version }]);
    expect(Date.now() - Date.parse(given.answer.log[0]!.at)).toBeLessThan(60_000);

    // the same choice again is no change; a change of the privacy page is a new version
    expect((await api('updateConsents', { body: { marketingEmail: true }, token: her.token })).answer.log).toHaveLength(1);
    const admin = await createAdmin();
    const { answer: saved } = await api('getSettings');
    await api('updateSettings', { body: { pages: { privacy: `Privacy ${Date.now()}` } }, token: admin.token });
    const changed = await api('updateConsents', { body: { marketingEmail: false, analytics: true }, token: her.token });
    await api('updateSettings', { body: { pages: { privacy: saved.pages.privacy } }, token: admin.token });
    expect(changed.answer).toMatchObject({ marketingEmail: false, analytics: true });
    expect(changed.answer.log.slice(0, 2).map((entry) => [entry.purpose, entry.granted])).toEqual(expect.arrayContaining([['marketingEmail', false], ['analytics', true]]));
    expect(changed.answer.log[0]!.version).not.toBe(first.answer.version);
    expect(await hasConsent(db, { user: her.user._id }, 'analytics')).toBe(true);
    expect(await hasConsent(db, { user: her.user._id }, 'marketingEmail')).toBe(false);
  });

  it('are asked at registration: each box logged as ticked or not', async () => {
    const handle = unique('registered').replace(/\W/g, '').toLowerCase();
    const registered = await api('register', { body: { username: handle, email: `${handle}@example.com`, password: TEST_PASSWORD, consents: { marketingWhatsapp: true, marketingEmail: false, analytics: false } } });
    expect(registered.status).toBe(201);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, `${handle}@example.com`));
    const log = await db.select().from(consentLog).where(eq(consentLog.userId, user!.id));
    expect(log.map((row) => [row.purpose, row.granted]).sort()).toEqual([['analytics', false], ['marketingEmail', false], ['marketingWhatsapp', true]]);
    expect(await hasConsent(db, { user: user!.id }, 'marketingWhatsapp')).toBe(true);
    // SPEC's client sends none: nothing is given
    const plain = unique('plain').replace(/\W/g, '').toLowerCase();
    expect((await api('register', { body: { username: plain, email: `${plain}@example.com`, password: TEST_PASSWORD } })).status).toBe(201);
    const [plainUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, `${plain}@example.com`));
    expect(await db.select().from(consentLog).where(eq(consentLog.userId, plainUser!.id))).toEqual([]);
  });

  it("are a guest's choice at checkout, kept with her order; a customer's unticked box withdraws nothing", async () => {
    const guest = await api('guestOrder', {
      body: { ...billing({ email: `${unique('guest').replace(/\W/g, '')}@example.com` }), lines: [{ product: product._id, size: product.sizes[0]!.size, quantity: 1 }], consents: { marketingEmail: true } },
    });
    expect(guest.status).toBe(201);
    const orderId = guest.answer._id;
    const log = await db.select().from(consentLog).where(eq(consentLog.orderId, orderId));
    expect(log.map((row) => [row.purpose, row.granted]).sort()).toEqual([['marketingEmail', true]]);
    expect(log[0]).toMatchObject({ ip: '127.0.0.1', version: expect.stringMatching(/^sha256:/) });
    expect(await hasConsent(db, { order: orderId }, 'marketingEmail')).toBe(true);
    expect(await hasConsent(db, { order: orderId }, 'marketingWhatsapp')).toBe(false);

    const her = await customer('consent checkout');
    await api('updateConsents', { body: { analytics: true }, token: her.token });
    await createCartItem(her.user, product, 1);
    const placed = await api('placeOrder', {
      body: { ...billing(), wayForPayment: 'cash', totalPrice: 480, productId: [product._id], quantaties: [1], consents: { analytics: false, marketingWhatsapp: true } },
      token: her.token,
    });
    expect(placed.status).toBe(201);
    expect((await api('getConsents', { token: her.token })).answer).toMatchObject({ analytics: true, marketingWhatsapp: true, marketingEmail: false });
    // an order of hers answers with her account's consent
    expect(await hasConsent(db, { order: placed.answer._id }, 'marketingWhatsapp')).toBe(true);
  });
});

describe('two-step sign-in', () => {
  const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

  async function staffWithTwoFactor() {
    const staff = await createStaff();
    const setup = await api('startTwoFactor', { token: staff.token });
    expect(setup.status).toBe(200);
    const enabled = await api('enableTwoFactor', { body: { code: codeAt(setup.answer.secret, Date.now() - 30_000) }, token: staff.token });
    expect(enabled.status).toBe(200);
    return { staff, secret: setup.answer.secret, recoveryCodes: enabled.answer.recoveryCodes, token: enabled.answer.token };
  }

  const ticketFor = async (email: string) => {
    const login = await api('login', { body: { email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.answer).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
    return (login.answer as { ticket: string }).ticket;
  };

  it('is set up with a secret, its otpauth link and a QR code, and turned on by a right code only; other sessions end', async () => {
    const staff = await createStaff();
    const setup = await api('startTwoFactor', { token: staff.token });
    expect(setup.answer.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.answer.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    expect(Buffer.from(setup.answer.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);

    const wrong = await api('enableTwoFactor', { body: { code: '000000' === codeAt(setup.answer.secret, Date.now()) ? '111111' : '000000' }, token: staff.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: MESSAGES.twoFactorCodeWrong });
    const on = await api('enableTwoFactor', { body: { code: codeAt(setup.answer.secret, Date.now()) }, token: staff.token });
    expect(on.status).toBe(200);
    expect(on.answer.recoveryCodes).toHaveLength(10);
    expect(new Set(on.answer.recoveryCodes).size).toBe(10);
    expect((await api('listOrders', { token: staff.token })).status).toBe(401);
    expect((await api('listOrders', { token: on.answer.token })).status).toBe(200);
    expect((await api('startTwoFactor', { token: on.answer.token })).status).toBe(409);
  });

  it('is for staff and admins: a customer is refused', async () => {
    const shopper = await createUser();
    const refused = await api('startTwoFactor', { token: shopper.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.twoFactorStaffOnly });
  });

  it('signs in with a ticket and a code; refuses a wrong, a reused and an old code, and a forged ticket', async () => {
    const { staff, secret } = await staffWithTwoFactor();
    const ticket = await ticketFor(staff.user.email);
    expect((await api('getCart', { token: ticket })).status).toBe(401); // a ticket is no token

    const now = Date.now();
    const right = codeAt(secret, now);
    const wrong = await api('twoFactorLogin', { body: { ticket, code: right === '123456' ? '654321' : '123456' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: MESSAGES.twoFactorCodeWrong });
    const old = await api('twoFactorLogin', { body: { ticket, code: codeAt(secret, now - 90_000) } });
    expect(old.body).toEqual({ message: MESSAGES.twoFactorCodeWrong });

    const signed = await api('twoFactorLogin', { body: { ticket, code: right }, headers: { 'user-agent': 'two-step-test' } });
    expect(signed.status).toBe(200);
    expect(signed.answer).toMatchObject({ _id: staff.user._id, role: 'staff', token: expect.any(String) });
    expect((await api('listOrders', { token: signed.answer.token })).status).toBe(200);

    const reused = await api('twoFactorLogin', { body: { ticket: await ticketFor(staff.user.email), code: right } });
    expect(reused.body).toEqual({ message: MESSAGES.twoFactorCodeWrong });
    // the step before the one taken is older: refused too
    const before = await api('twoFactorLogin', { body: { ticket: await ticketFor(staff.user.email), code: codeAt(secret, now - 30_000) } });
    expect(before.body).toEqual({ message: MESSAGES.twoFactorCodeWrong });

    const forged = await api('twoFactorLogin', { body: { ticket: `${ticket.split('.')[0]}.${'A'.repeat(43)}`, code: codeAt(secret, now + 30_000) } });
    expect(forged.body).toEqual({ message: MESSAGES.twoFactorTicketInvalid });
    const signIns = (await exportOf(signed.answer.token)).data.signIns as { method: string; userAgent: string }[];
    expect(signIns).toEqual([expect.objectContaining({ method: 'code', userAgent: 'two-step-test' })]);
  });

  it('takes each recovery code once, written in any case, with or without its dash', async () => {
    const { staff, recoveryCodes: codes } = await staffWithTwoFactor();
    const first = await api('twoFactorLogin', { body: { ticket: await ticketFor(staff.user.email), code: ` ${codes[0]!.toUpperCase().replace('-', '')} ` } });
    expect(first.status).toBe(200);
    const again = await api('twoFactorLogin', { body: { ticket: await ticketFor(staff.user.email), code: codes[0]! } });
    expect(again.body).toEqual({ message: MESSAGES.twoFactorCodeWrong });
    expect((await api('twoFactorLogin', { body: { ticket: await ticketFor(staff.user.email), code: codes[1]! } })).status).toBe(200);
    const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from recovery_codes where user_id = ${staff.user._id}`);
    expect(left!.n).toBe(8);
  });

  it('is limited like the password: past LOGIN_RATE_LIMIT guesses a minute for one account, 429', async () => {
    const limited = await buildAppWith({ LOGIN_RATE_LIMIT: '4' });
    try {
      const { staff } = await staffWithTwoFactor();
      const login = await api('login', { app: limited, body: { email: staff.user.email, password: TEST_PASSWORD } });
      const { ticket } = login.answer as { ticket: string };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await api('twoFactorLogin', { app: limited, body: { ticket, code: '000001' } })).status);
      expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
      expect(statuses.slice(4)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('is turned off by its owner with her password and a code, or by an admin for another (audited, her sessions end)', async () => {
    const { staff, secret, token } = await staffWithTwoFactor();
    const noCode = await api('disableTwoFactor', { body: { password: TEST_PASSWORD, code: '000000' === codeAt(secret, Date.now()) ? '111111' : '000000' }, token });
    expect(noCode.body).toEqual({ message: MESSAGES.twoFactorCodeWrong });
    const noPassword = await api('disableTwoFactor', { body: { password: 'wrong password', code: codeAt(secret, Date.now() + 30_000) }, token });
    expect(noPassword.body).toEqual({ message: MESSAGES.currentPasswordWrong });
    expect((await api('disableTwoFactor', { body: { password: TEST_PASSWORD, code: codeAt(secret, Date.now() + 30_000) }, token })).status).toBe(200);
    expect(signedIn((await api('login', { body: { email: staff.user.email, password: TEST_PASSWORD } })).answer).token).toEqual(expect.any(String));

    const other = await staffWithTwoFactor();
    const admin = await createAdmin();
    expect((await api('resetTwoFactor', { params: { id: other.staff.user._id }, token: other.token })).status).toBe(403);
    const reset = await api('resetTwoFactor', { params: { id: other.staff.user._id }, token: admin.token });
    expect(reset.status).toBe(200);
    expect((await api('listOrders', { token: other.token })).status).toBe(401);
    expect((await api('resetTwoFactor', { params: { id: other.staff.user._id }, token: admin.token })).status).toBe(409);
    const [row] = await db.select().from(auditEntries).where(sql`${auditEntries.entityId} = ${other.staff.user._id} and ${auditEntries.action} = 'two-factor-off'`);
    expect(row).toMatchObject({ actorId: admin.user._id, before: { twoFactor: true }, after: { twoFactor: false } });
    const users = await api('listUsers', { query: { limit: 100 }, token: admin.token });
    expect(users.answer.find((user) => user._id === other.staff.user._id)).toMatchObject({ twoFactor: false });
  });

  it('is required for staff and admins by security.staffTwoFactor: the dashboard waits until it is on', async () => {
    const admin = await staffWithTwoFactorAdmin();
    const staff = await createStaff();
    const shopper = await createUser();
    try {
      expect((await api('updateSettings', { body: { security: { staffTwoFactor: true } }, token: admin.token })).status).toBe(200);
      const refused = await api('listOrders', { token: staff.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.twoFactorRequired });
      expect((await api('getCart', { token: shopper.token })).status).toBe(200);
      const setup = await api('startTwoFactor', { token: staff.token });
      const on = await api('enableTwoFactor', { body: { code: codeAt(setup.answer.secret, Date.now()) }, token: staff.token });
      expect((await api('listOrders', { token: on.answer.token })).status).toBe(200);
    } finally {
      await api('updateSettings', { body: { security: { staffTwoFactor: false } }, token: admin.token });
    }
    expect((await api('listOrders', { token: (await createStaff()).token })).status).toBe(200);
  });

  async function staffWithTwoFactorAdmin() {
    const admin = await createAdmin();
    const setup = await api('startTwoFactor', { token: admin.token });
    const on = await api('enableTwoFactor', { body: { code: codeAt(setup.answer.secret, Date.now()) }, token: admin.token });
    return { token: on.answer.token };
  }
});

describe('sign out everywhere', () => {
  it('refuses the tokens issued before a password change or a role change', async () => {
    const shopper = await createUser();
    const second = signedIn((await api('login', { body: { email: shopper.user.email, password: TEST_PASSWORD } })).answer).token;
    const changed = await api('changePassword', { body: { currentPassword: TEST_PASSWORD, newPassword: 'a new long password' }, token: shopper.token });
    expect(changed.status).toBe(200);
    for (const token of [shopper.token, second]) expect((await api('getCart', { token })).body).toEqual({ message: MESSAGES.tokenInvalid });
    expect((await api('getCart', { token: changed.answer.token })).status).toBe(200);

    const admin = await createAdmin();
    const staff = await createStaff();
    expect((await api('setRole', { params: { id: staff.user._id }, body: { role: 'customer' }, token: admin.token })).status).toBe(200);
    expect((await api('getCart', { token: staff.token })).body).toEqual({ message: MESSAGES.tokenInvalid });
  });
});
