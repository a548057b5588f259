import { DEFAULT_SETTINGS } from '@shop/core/brand';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { orders } from '../src/db/schema.ts';
import { createAdmin, createCartItem, createOrder, createProduct, createUser, newOrderBody } from './helpers.ts';
import { api } from './client.ts';
import { buildMailingApp, mailOrder, startSmtpServer, type MailingApp, type TestSmtpServer } from './mail-server.ts';

// the shop's name as a shop started without the demo has it (its settings' default)
const SHOP = DEFAULT_SETTINGS.name;

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** A shopper with two lines in the cart (a sized shirt, two of them, and a one-size scarf) and the checkout's body. */
async function shopperWithCart(overrides: Record<string, unknown> = {}) {
  const shopper = await createUser();
  const shirt = await createProduct({ name: `Linen <b>shirt</b> & co ${shopper.user.username}`, price: 450, sizes: [{ size: 'M', stock: 10 }, { size: 'L', stock: 5 }] });
  const scarf = await createProduct({ price: 199.5 });
  await createCartItem(shopper.user, shirt, 2, 'L');
  await createCartItem(shopper.user, scarf, 1);
  const body = newOrderBody([{ product: shirt, quantity: 2 }, { product: scarf, quantity: 1 }], { email: shopper.user.email, ...overrides });
  return { shopper, shirt, scarf, body };
}

const place = (app: App, shopper: Shopper, payload: object) => api('placeOrder', { app, headers: shopper.auth, payload });

const logged = (mailing: MailingApp, pattern: RegExp) => mailing.logs.filter((line) => pattern.test(line.msg));

describe('mail over SMTP', () => {
  let smtp: TestSmtpServer;
  let mailing: MailingApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sender Name <orders@shop.test>' });
  });
  afterAll(async () => {
    await mailing.app.close();
    await smtp.close();
  });

  it('sends the order-placed mail: lines with sizes and quantities, the total, the address, the payment, links on PUBLIC_URL', async () => {
    const { shopper, shirt, body } = await shopperWithCart({ address: '12 Tahrir St. <script>alert(1)</script>', firstName: 'Mona & "Sara"' });
    const placed = await place(mailing.app, shopper, body);
    expect(placed.status).toBe(201);
    const order = placed.answer;
    const number = `#${order.number}`;

    const [mail] = await smtp.messagesTo(shopper.user.email);
    expect(mail!.from?.value).toEqual([{ address: 'orders@shop.test', name: 'Sender Name' }]);
    expect(mail!.subject).toBe(`Your ${SHOP} order ${number} is placed`);
    const link = `https://shop.example/account/${shopper.user.username}/my-orders/${order._id}`;

    const text = mail!.text!;
    expect(text).toContain(`- ${shirt.name}, Size L, 2 × EGP 450 = EGP 900`);
    expect(text).toContain(', One size, 1 × EGP 199.50 = EGP 199.50');
    expect(text).toContain('Shipping: EGP 30');
    expect(text).toContain('Total: EGP 1,129.50');
    expect(text).toContain('Payment: Cash on delivery');
    expect(text).toContain('12 Tahrir St. <script>alert(1)</script>');
    expect(text).toContain('Nasr City, Cairo');
    expect(text).toContain(`See your order: ${link}`);
    expect(text).toContain(SHOP);

    const html = String(mail!.html);
    expect(html).toContain('Linen &lt;b&gt;shirt&lt;/b&gt; &amp; co');
    expect(html).toContain('12 Tahrir St. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Mona &amp; &quot;Sara&quot;');
    expect(html).not.toMatch(/<script|<b>shirt/);
    expect(html).toContain('Size L · 2 × EGP 450');
    expect(html).toContain('EGP 1,129.50');
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Cash on delivery');
  });

  it('sends it for a card order too, saying the card paid', async () => {
    const { shopper, body } = await shopperWithCart();
    const payment = await api('createPayment', { app: mailing.app, headers: shopper.auth, payload: {} });
    const confirmed = await api('confirmSandboxPayment', {
      app: mailing.app,
      headers: shopper.auth,
      body: { client_secret: payment.answer.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    });
    expect(confirmed.status).toBe(200);
    const placed = await place(mailing.app, shopper, { ...body, wayForPayment: 'credit', paymentIntentId: payment.answer.paymentIntentId });
    expect(placed.status).toBe(201);
    const [mail] = await smtp.messagesTo(shopper.user.email);
    expect(mail!.text).toContain('Payment: Card, paid online');
  });

  it('does not send it again for a replayed order (same Idempotency-Key)', async () => {
    const { shopper, body } = await shopperWithCart();
    const headers = { ...shopper.auth, 'idempotency-key': `mail-replay-${shopper.user._id}` };
    expect((await api('placeOrder', { app: mailing.app, headers, payload: body })).status).toBe(201);
    const replay = await api('placeOrder', { app: mailing.app, headers, payload: body });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await mailing.app.mail.idle();
    expect(await smtp.messagesTo(shopper.user.email)).toHaveLength(1);
  });

  it.each([
    ['shipped', undefined, 'is on its way', 'is on its way to you'],
    ['delivered', undefined, 'has been delivered', 'has been delivered. We hope you love it.'],
    ['canceled', 1129.5, 'has been canceled', 'EGP 1,129.50 is on its way back to your card'],
  ] as const)('sends the %s mail from the order wire object', async (status, refund, subject, sentence) => {
    const shopper = await createUser();
    const product = await createProduct({ price: 450 });
    const order = await createOrder(shopper.user, [{ product, quantity: 2 }], { wayForPayment: 'credit' });
    await mailing.app.db.update(orders).set({ firstName: '<Mona>' }).where(eq(orders.id, order._id));
    await mailOrder(mailing.app, order._id, status, refund ? { amount: refund, pending: false } : undefined);
    const [mail] = await smtp.messagesTo(shopper.user.email);
    expect(mail!.subject).toMatch(new RegExp(`^Your ${SHOP} order #${order.number} ${subject}$`));
    expect(mail!.text).toContain(sentence);
    expect(mail!.text).toContain(`https://shop.example/account/${shopper.user.username}/my-orders/${order._id}`);
    expect(String(mail!.html)).toContain('Hello &lt;Mona&gt;');
    expect(String(mail!.html)).toContain(sentence);
  });

  it("mails each move of an order: the admin's ship and deliver, one mail per move", async () => {
    const { shopper, body } = await shopperWithCart();
    const admin = await createAdmin();
    const placed = await place(mailing.app, shopper, body);
    for (const status of ['shipped', 'delivered'] as const) {
      expect((await api('moveOrder', { app: mailing.app, headers: admin.auth, params: { id: placed.answer._id }, body: { status } })).status).toBe(200);
    }
    const mails = await smtp.messagesTo(shopper.user.email, 3);
    await mailing.app.mail.idle();
    // sent in the background, so they may arrive in any order when the moves follow each other within milliseconds
    const subjects = mails.map((mail) => mail.subject!.replace(new RegExp(`^Your ${SHOP} order #\\d+ `), ''));
    expect(subjects.sort()).toEqual(['has been delivered', 'is on its way', 'is placed']);
  });

  it("mails the customer's cancel of a paid card order with the amount going back to the card", async () => {
    const { shopper, body } = await shopperWithCart();
    const payment = await api('createPayment', { app: mailing.app, headers: shopper.auth, payload: {} });
    await api('confirmSandboxPayment', {
      app: mailing.app,
      headers: shopper.auth,
      body: { client_secret: payment.answer.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    });
    const placed = await place(mailing.app, shopper, { ...body, wayForPayment: 'credit', paymentIntentId: payment.answer.paymentIntentId });
    expect((await api('cancelOrder', { app: mailing.app, headers: shopper.auth, params: { id: placed.answer._id } })).status).toBe(200);
    const mails = await smtp.messagesTo(shopper.user.email, 2);
    const canceled = mails.find((mail) => /has been canceled$/.test(mail.subject!));
    expect(canceled!.text).toContain('EGP 1,129.50 is on its way back to your card');
  });

  it('says nothing of a refund on a cancel without one', async () => {
    const shopper = await createUser();
    const order = await createOrder(shopper.user, [{ product: await createProduct(), quantity: 1 }]);
    await mailOrder(mailing.app, order._id, 'canceled');
    const [mail] = await smtp.messagesTo(shopper.user.email);
    expect(mail!.subject).toMatch(/has been canceled$/);
    expect(mail!.text).not.toContain('refund');
  });
});

describe('a mail server that fails', () => {
  let smtp: TestSmtpServer;
  let mailing: MailingApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'shop@shop.test' });
  });
  afterAll(async () => {
    await mailing.app.close();
    await smtp.close();
  });

  it.each([
    ['refuses the message', 'refuse', /mail not sent: 451 Mailbox <\[address\]> busy, try again later; trying again in/],
    ['drops the connection', 'drop', /mail not sent: (Connection closed unexpectedly|.*ECONNRESET|.*closed).*; trying again in/i],
  ] as const)('%s: the order stands, the log says why (naming the order, never the address), and a retry delivers once the server works', async (_name, mode, reason) => {
    smtp.mode = mode;
    const { shopper, body } = await shopperWithCart();
    const placed = await place(mailing.app, shopper, body);
    expect(placed.status).toBe(201);
    const orders = await api('userOrders', { app: mailing.app, params: { userId: shopper.user._id }, headers: shopper.auth });
    expect(orders.answer.map((order) => order._id)).toEqual([placed.answer._id]);

    await expect.poll(() => logged(mailing, reason).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [warning] = logged(mailing, reason);
    const mailOfTheOrder = expect.stringContaining(`-order-${placed.answer._id}-placed`);
    expect(warning).toMatchObject({ level: 40, mail: mailOfTheOrder, module: 'mail' });
    expect(smtp.received.filter((mail) => mail.text?.includes(placed.answer._id))).toHaveLength(0);

    smtp.mode = 'accept';
    const delivered = await smtp.messagesTo(shopper.user.email);
    expect(delivered).toHaveLength(1);
    await mailing.app.mail.idle();
    expect(await smtp.messagesTo(shopper.user.email)).toHaveLength(1);
    expect(logged(mailing, /^mail sent: smtp /).some((line) => String(line.mail).includes(placed.answer._id) && Number(line.attempt) > 1)).toBe(true);
    // personal data stays out of the log (issue 41): not the address, not the name or the street of the order
    const written = JSON.stringify(mailing.logs);
    for (const detail of [shopper.user.email, body.address, body.firstName]) expect(written).not.toContain(detail);
  });

  it('gives up after the last retry, saying so, and the order stands', async () => {
    smtp.mode = 'refuse';
    const { shopper, body } = await shopperWithCart();
    const placed = await place(mailing.app, shopper, body);
    expect(placed.status).toBe(201);
    await mailing.app.mail.idle();
    const gaveUp = logged(mailing, /^mail not sent, given up after 4 attempts: 451 Mailbox <\[address\]> busy/).filter((line) => String(line.mail).includes(placed.answer._id));
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]!.level).toBe(50);
    expect(JSON.stringify(mailing.logs)).not.toContain(shopper.user.email);
    smtp.mode = 'accept';
    expect(smtp.received.filter((mail) => [mail.to].flat().some((to) => to?.text.includes(shopper.user.email)))).toHaveLength(0);
  });
});

describe('a mail server that never answers', () => {
  let silent: net.Server;
  const held = new Set<net.Socket>();

  beforeAll(async () => {
    silent = net.createServer((socket) => {
      held.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('neither slows the order nor holds up a stop', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const mailing = await buildMailingApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'shop@shop.test' });
    const { shopper, body } = await shopperWithCart();
    const started = Date.now();
    const placed = await place(mailing.app, shopper, body);
    expect(placed.status).toBe(201);
    // the SMTP greeting alone may take 10 s to time out: the answer did not wait for it
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => held.size).toBeGreaterThan(0);

    const stopping = Date.now();
    await mailing.app.close();
    expect(Date.now() - stopping).toBeLessThan(5_000);
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox and logs one line naming it', async () => {
    const mailing = await buildMailingApp();
    try {
      const { shopper, body } = await shopperWithCart();
      const placed = await place(mailing.app, shopper, body);
      expect(placed.status).toBe(201);
      await mailing.app.mail.idle();

      const outbox = mailing.app.config.mail.outboxDir;
      expect(outbox).toBe(path.join(mailing.app.config.dataDir, 'outbox'));
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-.*\.eml$/);
      const mail = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
      expect(mail.subject).toMatch(new RegExp(`^Your ${SHOP} order #\\d+ is placed$`));
      expect([mail.to].flat()[0]?.text).toBe(shopper.user.email);
      expect(mail.from?.value).toEqual([{ address: 'shop@shop.example', name: SHOP }]);
      expect(mail.text).toContain('Total: EGP 1,129.50');
      expect(String(mail.html)).toContain('Delivering to');

      const lines = mailing.logs.filter((line) => line.module === 'mail' && String(line.mail).includes(placed.answer._id));
      expect(lines).toHaveLength(1);
      expect(JSON.stringify(mailing.logs)).not.toContain(shopper.user.email);
      expect(lines[0]).toMatchObject({ level: 30, msg: `mail sent: ${path.join(outbox, files[0]!)}` });

      // the folder emptied away by hand is made again by the next message
      rmSync(outbox, { recursive: true });
      const again = await shopperWithCart();
      expect((await place(mailing.app, again.shopper, again.body)).status).toBe(201);
      await mailing.app.mail.idle();
      expect(readdirSync(outbox)).toHaveLength(1);
    } finally {
      await mailing.app.close();
    }
  });
});

describe('mail settings', () => {
  const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/shop-config-check', JWT_SECRET: 'x'.repeat(40) } as const;

  it('are checked at start with the other settings', () => {
    expect(() => loadConfig({ ...env, SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
    expect(() => loadConfig({ ...env, SMTP_URL: 'smtps://user:secret@mail.example:465' })).toThrow('MAIL_FROM is required with SMTP_URL');
    expect(() => loadConfig({ ...env, SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'not an address' })).toThrow('MAIL_FROM must be an address');
    const config = loadConfig({ ...env, SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'Sender Name <shop@brand.example>' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtp://mail.example:587', from: 'Sender Name <shop@brand.example>', outboxDir: '/tmp/shop-config-check/outbox' });
  });

  it('default to the outbox in the data directory, whatever the database', () => {
    const config = loadConfig({ ...env, DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop', PUBLIC_URL: 'https://brand.example/' });
    expect(config.mail).toMatchObject({ smtpUrl: undefined, from: 'shop@brand.example', outboxDir: '/tmp/shop-config-check/outbox' });
  });
});
