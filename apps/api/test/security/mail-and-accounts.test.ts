import { DEFAULT_SETTINGS } from '@shop/core/brand';
// Issue 25's mail and account findings: where order mail goes and how often a customer can make it, what changing the
// account's email asks for and who hears of it, and a forgot-password answer that does not wait on the lookup.
// docs/security.md lists them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueHandle } from '@shop/core/factories';
import { MESSAGES } from '@shop/core/messages';
import type { App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { passwordResetTokens, users } from '../../src/db/schema.ts';
import { api } from '../client.ts';
import { TEST_PASSWORD, createAdmin, createCartItem, createProduct, createUser, newOrderBody, testConfig } from '../helpers.ts';
import { buildMailingApp, startSmtpServer, type MailingApp, type TestSmtpServer } from '../mail-server.ts';

// the shop's name as a shop started without the demo has it (its settings' default)
const SHOP = DEFAULT_SETTINGS.name;

type Shopper = Awaited<ReturnType<typeof createUser>>;

let smtp: TestSmtpServer;
let mailing: MailingApp;
const others: MailingApp[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailing = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sender Name <shop@shop.test>' });
});
afterAll(async () => {
  await Promise.all([mailing, ...others].map(({ app }) => app.close()));
  await smtp.close();
});

async function mailingAppWith(env: Record<string, string>): Promise<App> {
  const other = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sender Name <shop@shop.test>', ...env });
  others.push(other);
  return other.app;
}

const stranger = () => `${uniqueHandle('stranger')}@victim.example`;
const mailsTo = (address: string) => smtp.received.filter((mail) => [mail.to].flat().some((to) => to?.value.some((box) => box.address === address)));

/** Puts one product in the shopper's cart and places the order with this billing email. */
async function placeWithBillingEmail(app: App, shopper: Shopper, email: string) {
  const product = await createProduct({ price: 300 });
  await createCartItem(shopper.user, product, 1);
  return api('placeOrder', { app, headers: shopper.auth, payload: newOrderBody([{ product, quantity: 1 }], { email }) });
}

describe('1. order mail goes to the account, and a customer can place and cancel only so many orders a minute', () => {
  it("sends the placed, moved and canceled mails to the account's own address, never to the order's billing email", async () => {
    const shopper = await createUser();
    const admin = await createAdmin();
    const victim = stranger();

    const canceled = await placeWithBillingEmail(mailing.app, shopper, victim);
    expect(canceled.status).toBe(201);
    // the billing email stays the order's data
    expect(canceled.answer.email).toBe(victim);
    expect((await api('cancelOrder', { app: mailing.app, headers: shopper.auth, params: { id: canceled.answer._id } })).status).toBe(200);
    const shipped = await placeWithBillingEmail(mailing.app, shopper, victim);
    expect((await api('moveOrder', { app: mailing.app, headers: admin.auth, params: { id: shipped.answer._id }, body: { status: 'shipped' } })).status).toBe(200);

    const mails = await smtp.messagesTo(shopper.user.email, 4);
    await mailing.app.mail.idle();
    const subjects = mails.map((mail) => mail.subject!.replace(new RegExp(`^Your ${SHOP} order #\\d+ `), '')).sort();
    expect(subjects).toEqual(['has been canceled', 'is on its way', 'is placed', 'is placed']);
    expect(mailsTo(victim)).toEqual([]);
  });

  it('answers 429 with Retry-After past ORDER_RATE_LIMIT orders, and as many cancels, a minute, for that customer only', async () => {
    const app = await mailingAppWith({ ORDER_RATE_LIMIT: '3' });
    const shopper = await createUser();
    const placed: string[] = [];
    for (let order = 1; order <= 3; order++) {
      const answer = await placeWithBillingEmail(app, shopper, shopper.user.email);
      expect(answer.status).toBe(201);
      placed.push(answer.answer._id);
    }
    const fourth = await placeWithBillingEmail(app, shopper, shopper.user.email);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    const cancel = (who: { authorization: string }, id: string) => api('cancelOrder', { app, headers: who, params: { id } });
    for (const id of placed) expect((await cancel(shopper.auth, id)).status).toBe(200);
    // the fourth cancel is refused before the order is even looked at
    const another = await createUser();
    const theirs = await placeWithBillingEmail(app, another, another.user.email);
    const refused = await cancel(shopper.auth, theirs.answer._id);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // another customer, from the same address, still cancels; an admin's cancels are not counted
    expect((await cancel(another.auth, theirs.answer._id)).status).toBe(200);
    const admin = await createAdmin();
    for (let order = 1; order <= 4; order++) {
      const customer = await createUser();
      const answer = await placeWithBillingEmail(app, customer, customer.user.email);
      expect((await cancel(admin.auth, answer.answer._id)).status).toBe(200);
    }

    expect(testConfig().orderRateLimit).toBe(100000);
    expect(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-cfg-')) }).orderRateLimit).toBe(10);
  });
});

describe("2. changing the account's email asks for the current password, and tells the old address", () => {
  const update = (app: App, shopper: Shopper, payload: object, headers: Record<string, string> = {}) =>
    api('updateProfile', { app, params: { id: shopper.user._id }, headers: { ...shopper.auth, ...headers }, payload });
  const savedEmail = async (shopper: Shopper) =>
    (await mailing.app.db.select({ email: users.email }).from(users).where(eq(users.id, shopper.user._id)))[0]!.email;

  it('changes the username alone, or with the same email written differently, without the password, and mails nobody', async () => {
    const shopper = await createUser();
    const username = uniqueHandle('renamed');
    const renamed = await update(mailing.app, shopper, { username, email: shopper.user.email });
    expect(renamed.status).toBe(200);
    expect(renamed.answer).toMatchObject({ username, email: shopper.user.email, message: MESSAGES.profileUpdated });
    const same = await update(mailing.app, shopper, { username, email: ` ${shopper.user.email.toUpperCase()} ` });
    expect(same.status).toBe(200);
    await mailing.app.mail.idle();
    expect(mailsTo(shopper.user.email)).toEqual([]);
  });

  it('refuses a new email without the current password (400, naming it) or with a wrong one (400), and changes nothing', async () => {
    const shopper = await createUser();
    const wanted = `${uniqueHandle('taken-over')}@attacker.example`;
    for (const currentPassword of [undefined, '']) {
      const missing = await update(mailing.app, shopper, { username: shopper.user.username, email: wanted, currentPassword });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ message: 'Please enter your current password to change your email' });
    }
    const wrong = await update(mailing.app, shopper, { username: shopper.user.username, email: wanted, currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: MESSAGES.currentPasswordWrong });
    const arabic = await update(mailing.app, shopper, { username: shopper.user.username, email: wanted }, { 'accept-language': 'ar' });
    expect(arabic.body).toEqual({ message: 'يُرجى إدخال كلمة المرور الحالية لتغيير بريدك الإلكتروني' });
    expect(await savedEmail(shopper)).toBe(shopper.user.email);
    await mailing.app.mail.idle();
    expect(mailsTo(shopper.user.email)).toEqual([]);
  });

  it('changes it with the right password and mails the old address, naming the new one, in the language of the request', async () => {
    const shopper = await createUser();
    const wanted = `${uniqueHandle('moved')}@example.com`;
    const changed = await update(mailing.app, shopper, { username: shopper.user.username, email: wanted.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.answer).toMatchObject({ email: wanted, message: MESSAGES.profileUpdated });
    expect(await savedEmail(shopper)).toBe(wanted);

    const [mail] = await smtp.messagesTo(shopper.user.email);
    expect(mail!.subject).toBe(`The email of your ${SHOP} account was changed`);
    expect(mail!.text).toContain(`Hello ${shopper.user.username},`);
    expect(mail!.text).toContain(`changed to ${wanted}`);
    expect(String(mail!.html)).toContain(wanted);
    expect(String(mail!.html)).toMatch(/<html lang="en" dir="ltr">/);
    expect(mailsTo(wanted)).toEqual([]);

    // the next change, asked in Arabic, is told to the address it leaves, in Arabic
    const again = `${uniqueHandle('moved-again')}@example.com`;
    const arabic = await update(mailing.app, shopper, { username: shopper.user.username, email: again, currentPassword: TEST_PASSWORD }, { 'accept-language': 'ar-EG,ar;q=0.9' });
    expect(arabic.status).toBe(200);
    const [told] = await smtp.messagesTo(wanted);
    expect(told!.subject).toBe(`تم تغيير البريد الإلكتروني لحسابك في ${SHOP}`);
    expect(told!.text).toContain(again);
    expect(String(told!.html)).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('limits password guesses per account (LOGIN_RATE_LIMIT a minute), counted after the token is checked', async () => {
    const app = await mailingAppWith({ LOGIN_RATE_LIMIT: '3' });
    const shopper = await createUser();
    const wanted = `${uniqueHandle('guess')}@attacker.example`;
    for (let guess = 1; guess <= 3; guess++) {
      expect((await update(app, shopper, { username: shopper.user.username, email: wanted, currentPassword: `guess ${guess}` })).status).toBe(400);
    }
    const refused = await update(app, shopper, { username: shopper.user.username, email: wanted, currentPassword: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await savedEmail(shopper)).toBe(shopper.user.email);
    // another account from the same address is not affected
    const other = await createUser();
    expect((await update(app, other, { username: other.user.username, email: `${uniqueHandle('fine')}@example.com`, currentPassword: TEST_PASSWORD })).status).toBe(200);
  });
});

describe("3. forgot-password answers before it looks the email up", () => {
  const SENT = { message: MESSAGES.resetLinkSent };

  it('answers an existing and a missing email alike while the lookup cannot finish, and mails the link afterwards', async () => {
    const { user } = await createUser();
    const missing = `${uniqueHandle('nobody')}@example.com`;
    const forgot = (email: string) => api('forgotPassword', { app: mailing.app, body: { email } });

    // The reset tokens table is locked by another transaction: the lookup, the store and so the mail wait for it.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = mailing.app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${passwordResetTokens} in access exclusive mode`);
      locked();
      await released;
    });
    try {
      await lockTaken;
      const answers = await Promise.race([Promise.all([forgot(user.email), forgot(missing)]), sleep(5_000).then(() => null)]);
      expect(answers, 'the answers waited for the lookup').not.toBeNull();
      const [known, unknown] = answers!;
      expect([known.status, known.body]).toEqual([200, SENT]);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      expect(mailsTo(user.email)).toEqual([]);
    } finally {
      release();
      await holding;
    }

    const [mail] = await smtp.messagesTo(user.email);
    expect(mail!.text).toMatch(/https:\/\/shop\.example\/reset-password\?token=[\w-]+/);
    await mailing.app.mail.idle();
    const stored = await mailing.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user._id));
    expect(stored).toHaveLength(1);
    expect(mailsTo(missing)).toEqual([]);
  });

  it('mails the link when the shop stops right after answering: the stopping shop, or the next start, sends it once', async () => {
    const { user } = await createUser();
    let namespace = '';
    const stopping = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sender Name <shop@shop.test>' }, undefined, (config) => {
      namespace = config.jobs.namespace;
    });
    const answer = await api('forgotPassword', { app: stopping.app, body: { email: user.email } });
    expect(answer.body).toEqual(SENT);
    await stopping.app.close();
    expect(stopping.logs.filter((line) => line.level >= 50)).toEqual([]);
    // the next start of the same shop (its queue) takes the mail the stop left, if it left it
    const next = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sender Name <shop@shop.test>' }, undefined, (config) => {
      config.jobs.namespace = namespace;
    });
    try {
      await next.app.mail.idle();
      expect(await smtp.messagesTo(user.email)).toHaveLength(1);
      const stored = await mailing.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user._id));
      expect(stored).toHaveLength(1);
    } finally {
      await next.app.close();
    }
  });

  it('mails the link asked for while the mail server was down, once it is back, with a link that works', async () => {
    const { user } = await createUser();
    // the next try an hour after the first: the shop stops before it
    const down = await buildMailingApp({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'shop@shop.test' }, [3_600_000]);
    let namespace = '';
    const back = await (async () => {
      const answer = await api('forgotPassword', { app: down.app, body: { email: user.email } });
      expect(answer.body).toEqual(SENT);
      // a try failed and the next one waits as a job of its own
      await expect.poll(() => down.logs.some((line) => line.msg?.startsWith('mail not sent')), { timeout: 10_000 }).toBe(true);
      namespace = down.app.config.jobs.namespace;
      await down.app.close();
      // the hour has passed: the next try is due
      await mailing.app.db.execute(sql`update graphile_worker._private_jobs set run_at = now()
        where task_id in (select id from graphile_worker._private_tasks where identifier = ${`${namespace}account-mail`})`);
      return buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'shop@shop.test' }, [50, 50, 50], (config) => {
        config.jobs.namespace = namespace;
      });
    })();
    try {
      await back.app.mail.idle();
      const mails = await smtp.messagesTo(user.email);
      expect(mails).toHaveLength(1);
      const token = /reset-password\?token=([\w-]+)/.exec(mails[0]!.text ?? '')![1]!;
      const reset = await api('resetPassword', { app: back.app, body: { token, password: 'a-new-password-1' } });
      expect(reset.status, reset.text).toBe(200);
    } finally {
      await back.app.close();
    }
  });
});
