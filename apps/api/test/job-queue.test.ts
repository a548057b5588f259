// The job queue (decision 026) in one process: a refund the provider refuses is tried again by the queue with no
// shopper action, and the mail and the order page say whether the money is back or on its way; a paid payment whose
// order was refused is refunded by the queue; a job that used up its tries waits for the admin, who tries it again;
// a job left locked by a worker that died runs again within seconds. The crash and restart runs are job-faults.test.ts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/core/contract/catalog';
import { JOB_TASKS } from '@shop/core/contract/jobs';
import { SHOP_JOBS, type App } from '../src/app.ts';
import { defineJob, JobQueue } from '../src/modules/jobs/queue.ts';
import { payments } from '../src/db/schema.ts';
import { api } from './client.ts';
import { createAdmin, createCartItem, createProduct, createUser, newOrderBody } from './helpers.ts';
import { buildMailingApp, startSmtpServer, type MailingApp, type TestSmtpServer } from './mail-server.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;

let smtp: TestSmtpServer;
const apps: MailingApp[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(apps.map(({ app }) => app.close()));
  await smtp.close();
});

async function mailingApp(retryDelaysMs = [50, 50, 50], unusedPaymentRefundAfterMs = 30_000) {
  const mailing = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'shop@shop.test' }, retryDelaysMs, (config) => {
    config.jobs.unusedPaymentRefundAfterMs = unusedPaymentRefundAfterMs;
  });
  apps.push(mailing);
  return mailing.app;
}

async function paymentOf(app: App, paymentId: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

/** A card payment for the shopper's cart, paid in the sandbox. */
async function paidPayment(app: App, shopper: Shopper): Promise<string> {
  const started = await api('createPayment', { app, token: shopper.token, body: {} });
  const confirmed = await api('confirmSandboxPayment', {
    app,
    token: shopper.token,
    body: { client_secret: started.answer.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect(confirmed.status).toBe(200);
  return started.answer.paymentIntentId;
}

async function paidCardOrder(app: App, shopper: Shopper, product: Product) {
  await createCartItem(shopper.user, product, 1);
  const paymentIntentId = await paidPayment(app, shopper);
  const placed = await api('placeOrder', { app, token: shopper.token, body: newOrderBody([{ product, quantity: 1 }], { wayForPayment: 'credit', paymentIntentId }) });
  expect(placed.status).toBe(201);
  return { order: placed.answer, paymentIntentId };
}

describe('a refund the provider refuses', () => {
  it('is tried again by the queue until it succeeds, with no shopper action; the mails and the order page say on its way, then back', async () => {
    const app = await mailingApp();
    let failures = 2;
    const asked: string[] = [];
    app.payments.refund = async (paymentId) => {
      asked.push(paymentId);
      if (failures-- > 0) throw new Error('the processor is unreachable');
    };
    const shopper = await createUser();
    const admin = await createAdmin();
    const { order, paymentIntentId } = await paidCardOrder(app, shopper, await createProduct({ price: 300 }));

    const canceled = await api('cancelOrder', { app, token: shopper.token, params: { id: order._id } });
    expect(canceled.status).toBe(200);
    expect(canceled.answer.find((mine) => mine._id === order._id)?.refund).toEqual({ amount: 330, status: 'pending' });
    const pending = await api('getOrder', { app, token: shopper.token, params: { orderId: order._id } });
    expect(pending.answer.refund).toEqual({ amount: 330, status: 'pending' });
    const [cancelMail] = await smtp.messagesTo(shopper.user.email, 2).then((mails) => mails.filter((mail) => /has been canceled$/.test(mail.subject!)));
    expect(cancelMail!.text).toContain('We are giving EGP 330 back to your card');
    expect(cancelMail!.text).not.toContain('is on its way back to your card');

    // the queue's backoff: e^1 s, then e^2 s after the first two failures
    await expect.poll(async () => (await paymentOf(app, paymentIntentId)).status, { timeout: 30_000, interval: 200 }).toBe('refunded');
    expect(asked).toEqual([paymentIntentId, paymentIntentId, paymentIntentId]);
    const done = await api('getOrder', { app, token: admin.token, params: { orderId: order._id } });
    expect(done.answer.refund).toEqual({ amount: 330, status: 'refunded' });
    const listed = await api('listOrders', { app, token: admin.token, query: { status: 'canceled' } });
    expect(listed.answer.find((row) => row._id === order._id)?.refund).toEqual({ amount: 330, status: 'refunded' });
    const mails = await smtp.messagesTo(shopper.user.email, 3);
    const back = mails.find((mail) => /has been refunded$/.test(mail.subject!));
    expect(back!.text).toContain('EGP 330 is on its way back to your card');
    await app.jobs.idle();
    expect(await smtp.messagesTo(shopper.user.email)).toHaveLength(3);
  }, 60_000);

  it('when it succeeds at once, the cancel says the money is back and no second mail follows', async () => {
    const app = await mailingApp();
    const shopper = await createUser();
    const { order } = await paidCardOrder(app, shopper, await createProduct({ price: 120 }));
    const admin = await createAdmin();
    const canceled = await api('moveOrder', { app, token: admin.token, params: { id: order._id }, body: { status: 'canceled' } });
    expect(canceled.answer.message).toBe('Order has been canceled and the card payment refunded');
    expect(canceled.answer.refund).toEqual({ amount: 150, status: 'refunded' });
    const mails = await smtp.messagesTo(shopper.user.email, 2);
    await app.jobs.idle();
    expect(mails.map((mail) => mail.subject!.replace(/^.* order #\d+ /, '')).sort()).toEqual(['has been canceled', 'is placed']);
  });
});

describe('a paid payment whose order is refused', () => {
  it('is refunded by the queue within a minute when the last piece went to another shopper', async () => {
    const app = await mailingApp(undefined, 300);
    const product = await createProduct({ price: 200, sizes: [{ size: 'M', stock: 1 }] });
    const late = await createUser();
    await createCartItem(late.user, product, 1, 'M');
    const paymentIntentId = await paidPayment(app, late);

    const first = await createUser();
    await createCartItem(first.user, product, 1, 'M');
    expect((await api('placeOrder', { app, token: first.token, body: newOrderBody([{ product, quantity: 1 }]) })).status).toBe(201);

    const refused = await api('placeOrder', { app, token: late.token, body: newOrderBody([{ product, quantity: 1 }], { wayForPayment: 'credit', paymentIntentId }) });
    expect(refused.status).toBe(409);
    expect((await paymentOf(app, paymentIntentId)).status).toBe('succeeded');
    const started = Date.now();
    await expect.poll(async () => (await paymentOf(app, paymentIntentId)).status, { timeout: 60_000, interval: 100 }).toBe('refunded');
    // its refund is due 300 ms after the refusal here (30 s by default)
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 70_000);

  it('is kept when the shopper places the order with it after the refusal', async () => {
    const app = await mailingApp(undefined, 1_000);
    const product = await createProduct({ price: 90 });
    const shopper = await createUser();
    await createCartItem(shopper.user, product, 2);
    const paymentIntentId = await paidPayment(app, shopper);
    // a stale page: the cart says 2, the page 1
    const stale = await api('placeOrder', { app, token: shopper.token, body: newOrderBody([{ product, quantity: 1 }], { wayForPayment: 'credit', paymentIntentId }) });
    expect(stale.status).toBe(409);
    const placed = await api('placeOrder', { app, token: shopper.token, body: newOrderBody([{ product, quantity: 2 }], { wayForPayment: 'credit', paymentIntentId }) });
    expect(placed.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await app.jobs.idle();
    expect((await paymentOf(app, paymentIntentId)).status).toBe('succeeded');
  });
});

describe('jobs that used up their tries', () => {
  it('are listed for the admin, tried again on request, and then gone from the list', async () => {
    const app = await mailingApp([50]);
    const shopper = await createUser();
    const admin = await createAdmin();
    const product = await createProduct();
    await createCartItem(shopper.user, product, 1);
    smtp.mode = 'refuse';
    let orderId: string;
    let orderNumber: number;
    try {
      const placed = await api('placeOrder', { app, token: shopper.token, body: newOrderBody([{ product, quantity: 1 }]) });
      expect(placed.status).toBe(201);
      orderId = placed.answer._id;
      orderNumber = placed.answer.number;
      await expect
        .poll(async () => (await api('failedJobs', { app, token: admin.token })).answer.filter((job) => job.orderId === orderId), { timeout: 15_000 })
        .toHaveLength(1);
    } finally {
      smtp.mode = 'accept';
    }
    const [failed] = (await api('failedJobs', { app, token: admin.token })).answer.filter((job) => job.orderId === orderId);
    expect(failed).toMatchObject({ task: 'order-mail', event: 'placed', attempts: 1, orderNumber: orderNumber! });
    expect(failed!.lastError).toMatch(/given up after 2 attempts: 451 Mailbox <\[address\]> busy/);
    expect((await api('failedJobs', { app, token: shopper.token })).status).toBe(403);
    expect(await smtp.messagesTo(shopper.user.email, 0)).toHaveLength(0);

    const retried = await api('retryJob', { app, token: admin.token, params: { id: failed!._id } });
    expect(retried.status).toBe(200);
    expect(retried.answer.message).toBe('The job will be tried again now');
    // who tried it again is in the audit trail, with what it had failed on (decision 051)
    const audited = (await api('listAudit', { app, token: admin.token, query: { entity: 'job' } })).answer.find((entry) => entry.entityId === failed!._id);
    expect(audited).toMatchObject({ actor: { _id: admin.user._id }, action: 'retry', before: { name: 'order-mail', order: orderId!, attempts: 1 }, after: { attempts: 0, lastError: null } });
    expect(audited!.before!.lastError).toBe(failed!.lastError);
    expect(await smtp.messagesTo(shopper.user.email)).toHaveLength(1);
    await app.jobs.idle();
    expect((await api('failedJobs', { app, token: admin.token })).answer.filter((job) => job.orderId === orderId)).toHaveLength(0);
    expect((await api('retryJob', { app, token: admin.token, params: { id: failed!._id } })).status).toBe(404);
    expect((await api('retryJob', { app, token: admin.token, params: { id: 'not-a-job' } })).status).toBe(404);
  });
});

describe('a job left locked by a worker that died', () => {
  it('is freed and run again within seconds, not after graphile-worker\'s four hours', async () => {
    const app = await mailingApp();
    const shopper = await createUser();
    const product = await createProduct();
    const { order } = await (async () => {
      await createCartItem(shopper.user, product, 1);
      const placed = await api('placeOrder', { app, token: shopper.token, body: newOrderBody([{ product, quantity: 1 }]) });
      return { order: placed.answer };
    })();
    await smtp.messagesTo(shopper.user.email);
    await app.jobs.idle();
    // the same mail's job as a worker killed halfway would leave it: taken (one try counted), locked, never finished
    await app.db.transaction(async (tx) => {
      await app.jobs.queue.add(tx as never, 'order-mail', { orderId: order._id, event: 'shipped', queuedAt: new Date().toISOString() }, { runAt: new Date(Date.now() + 3_600_000) });
      await tx.execute(sql`update graphile_worker._private_jobs set locked_by = 'worker-that-died', locked_at = now() - interval '1 minute',
        attempts = 1, run_at = now() where key is null and payload->>'orderId' = ${order._id} and payload->>'event' = 'shipped'`);
    });
    const started = Date.now();
    const mails = await smtp.messagesTo(shopper.user.email, 2);
    expect(mails.some((mail) => /is on its way$/.test(mail.subject!))).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

describe('the nightly prune of checkout keys', () => {
  it('drops the Idempotency-Keys older than a week, of both checkouts, and keeps the newer ones answering retries', async () => {
    const app = await mailingApp();
    const shopper = await createUser();
    const stamp = `prune-${Date.now().toString(36)}`;
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000);
    await app.db.execute(sql`insert into idempotency_keys (user_id, key, request_hash, created_at) values
      (${shopper.user._id}, ${`${stamp}-old`}, 'h', ${eightDaysAgo.toISOString()}::timestamptz), (${shopper.user._id}, ${`${stamp}-new`}, 'h', ${sixDaysAgo.toISOString()}::timestamptz)`);
    await app.db.execute(sql`insert into checkout_keys (buyer, key, request_hash, created_at) values
      (${`guest:${stamp}@example.com`}, ${`${stamp}-old`}, 'h', ${eightDaysAgo.toISOString()}::timestamptz), (${`guest:${stamp}@example.com`}, ${`${stamp}-new`}, 'h', ${sixDaysAgo.toISOString()}::timestamptz)`);

    // what the runner's crontab queues every night
    await app.jobs.queue.add(app.db, 'prune-keys', {});
    await app.jobs.idle({ soonMs: 0, timeoutMs: 20_000 });
    const left = async (table: 'idempotency_keys' | 'checkout_keys') =>
      (await app.db.execute(sql`select key from ${sql.raw(table)} where key like ${`${stamp}-%`} order by key`)) as unknown as { rows: { key: string }[] };
    expect((await left('idempotency_keys')).rows.map((row) => row.key)).toEqual([`${stamp}-new`]);
    expect((await left('checkout_keys')).rows.map((row) => row.key)).toEqual([`${stamp}-new`]);
    // the schedule is the runner's own: graphile-worker knows it once the runner has started
    const known = (await app.db.execute(sql`select identifier from graphile_worker._private_known_crontabs where identifier = ${app.jobs.queue.taskName('prune-keys')}`)) as unknown as { rows: unknown[] };
    expect(known.rows).toHaveLength(1);
  });
});

describe('the jobs the modules declare', () => {
  it("are the failed jobs' wire's tasks (shop-core's JOB_TASKS), each declared once", () => {
    const tasks = SHOP_JOBS.map((job) => job.task);
    expect(new Set(tasks).size).toBe(tasks.length);
    expect([...tasks].sort()).toEqual([...JOB_TASKS].sort());
  });

  it('an event adds one job per follower in the transaction that publishes it, and none when it rolls back', async () => {
    const app = await mailingApp();
    const namespace = `events-${process.pid}-${Date.now().toString(36)}:`;
    const follower = (task: string) => defineJob({ task, maxAttempts: 3, follows: ['stock.back'], run: async () => {} });
    const queue = new JobQueue([follower('first'), follower('second'), defineJob({ task: 'deaf', maxAttempts: 3, run: async () => {} })], namespace);
    const queued = async () =>
      ((await app.db.execute(sql`select tasks.identifier as task, jobs.payload, jobs.max_attempts from graphile_worker._private_jobs jobs
        join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id where starts_with(tasks.identifier, ${namespace}) order by tasks.identifier`)) as unknown as { rows: unknown[] }).rows;
    const sizes = [{ productId: '00000000-0000-4000-8000-000000000001', size: 'M' }];
    await app.db.transaction(async (tx) => {
      await queue.publish(tx as never, 'stock.back', { sizes });
      tx.rollback();
    }).catch(() => {});
    expect(await queued()).toEqual([]);
    await app.db.transaction((tx) => queue.publish(tx as never, 'stock.back', { sizes }));
    expect(await queued()).toEqual([
      { task: `${namespace}first`, payload: { sizes }, max_attempts: 3 },
      { task: `${namespace}second`, payload: { sizes }, max_attempts: 3 },
    ]);
    await app.db.execute(sql`delete from graphile_worker._private_jobs jobs using graphile_worker._private_tasks tasks where tasks.id = jobs.task_id and starts_with(tasks.identifier, ${namespace})`);
  });
});
