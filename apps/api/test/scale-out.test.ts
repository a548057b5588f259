// Three API processes over one PostgreSQL, Redis and an S3-compatible store, requests spread round-robin:
// what works on one process must hold on three. Runs when the suite runs on PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { EndpointName } from '@shop/core/endpoints';
import { orders } from '../src/db/schema.ts';
import { billing, createAdmin, createCategory, createProduct, createUser, freePort, getTestContext } from './helpers.ts';
import { answerOf } from './client.ts';

const databaseUrl = inject('testDatabaseUrl');
// an answer over real HTTP, read through the contract like the typed client's
const answer = async <N extends EndpointName>(name: N, response: Response) => answerOf(name, { statusCode: response.status, body: await response.text() });
const root = path.resolve(import.meta.dirname, '../../..');

async function waitUntilReady(url: string, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    const ready = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become ready`);
}

// (on the external server only: the embedded run's own server is the same PostgreSQL, and three processes cost time)
describe.runIf(inject('testDatabase') === 'postgres')('three processes on one PostgreSQL', () => {
  const processes: ChildProcess[] = [];
  const urls: string[] = [];
  let s3: S3rver;
  let turn = 0;
  const next = () => urls[turn++ % urls.length]!;

  beforeAll(async () => {
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys('shop-rate-limit-*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();

    const s3Port = await freePort();
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(tmpdir(), 's3rver-')), configureBuckets: [{ name: 'shop-images', configs: [] }] });
    await s3.run();

    const { config } = await getTestContext();
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-proc-')),
          JWT_SECRET: config.jwtSecret,
          REDIS_URL: 'redis://127.0.0.1:6379',
          LOGIN_RATE_LIMIT: '5',
          // the parallel checkouts below are 20 orders of one customer
          ORDER_RATE_LIMIT: '100000',
          SEED_DEMO: 'never',
          LOG_LEVEL: 'error',
          S3_BUCKET: 'shop-images',
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
        },
      });
      processes.push(child);
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url) => waitUntilReady(url)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      processes.map((child) => new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      })),
    );
    await s3?.close();
  });

  it('sees an admin\'s price change on every process within a second', async () => {
    const admin = await createAdmin();
    const product = await createProduct({ price: 400 });
    const path = `/api/products/${product._id}`;
    for (const url of urls) expect((await answer('getProduct', await fetch(url + path))).price).toBe(400); // every cache warm

    const changed = await fetch(`${urls[0]}/api/products/update/${product._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...admin.auth },
      body: JSON.stringify({ name: product.name, description: product.description, price: 455.5, disCountPrecent: 0, category: product.category, gender: product.gender }),
    });
    expect(changed.status).toBe(200);
    const started = Date.now();
    const seen = new Set<string>();
    while (seen.size < urls.length && Date.now() - started < 1000) {
      for (const url of urls) if ((await answer('getProduct', await fetch(url + path))).price === 455.5) seen.add(url);
    }
    expect([...seen].sort()).toEqual([...urls].sort());
  });

  it('holds the login rate limit across processes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await fetch(`${next()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('serves an image uploaded through one process from the others', async () => {
    const admin = await createAdmin();
    const category = await createCategory({ gender: 'men' });
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#b4562f' } }).png().toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: `Scale shirt ${Date.now()}`, description: 'Stored in the bucket.', price: '300', gender: 'men', category: category.title })) form.append(name, value);
    form.append('files', new Blob([png], { type: 'image/png' }), 'shirt.png');
    const created = await fetch(`${urls[0]}/api/products/add-product`, { method: 'POST', headers: admin.auth, body: form });
    expect(created.status).toBe(201);
    const image = (await answer('addProduct', created)).images[0]!;
    for (const url of urls.slice(1)) {
      const response = await fetch(url + image);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await response.arrayBuffer()).subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('makes one order from 20 parallel checkouts of one cart', async () => {
    const { auth, user } = await createUser();
    const product = await createProduct({ price: 120 });
    const added = await fetch(`${next()}/api/cart/add-cart`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ product: product._id, quantaty: 2 }) });
    expect(added.status).toBe(201);
    const body = JSON.stringify({ ...billing(), wayForPayment: 'cash', totalPrice: '270.00', productId: [product._id], quantaties: [2] });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${next()}/api/orders/new-order`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const { app } = await getTestContext();
    expect(await app.db.select().from(orders).where(eq(orders.userId, user._id))).toHaveLength(1);
  });
});
