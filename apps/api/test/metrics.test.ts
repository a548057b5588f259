// GET /metrics: Prometheus's text exposition, for a scraper that holds METRICS_TOKEN, and a 404 for everyone when
// the shop never set one.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { insertCategory, insertProduct } from '../src/scripts/factories.ts';
import { api } from './client.ts';
import {
  buildAppWith, createProduct, createUser, getApp, getTestContext, newOrderBody, shopperWithCart, testConfig,
} from './helpers.ts';

const TOKEN = 'a-metrics-token-for-the-tests-only';
const app = await buildAppWith({ METRICS_TOKEN: TOKEN });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// One sample line: a name, optional {labels}, a value (Prometheus text format 0.0.4; no timestamps are written). The
// value is read as Prometheus reads it (Go's ParseFloat): NaN and Inf in any case (prom-client writes "Nan").
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ([+-]?(?:[0-9.]+(?:e[+-]?[0-9]+)?|inf|nan))$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of an exposition; every line must be a comment, a sample, or blank. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE.exec(line);
    expect(match, `not an exposition line: ${line}`).not.toBeNull();
    const labels = Object.fromEntries([...(match![2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key!, value!]));
    samples.push({ name: match![1]!, labels, value: Number(match![3]!.replace(/^([+-]?)inf$/i, '$1Infinity')) });
  }
  return samples;
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return { text: response.body, samples: parse(response.body) };
}

/** A sample's value (0 when it is not there yet: a counter with those labels has not been counted). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  return found?.value ?? 0;
}

describe('GET /metrics', () => {
  it('is a 404 when METRICS_TOKEN is not set, whatever is sent', async () => {
    const shop = await getApp();
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await shop.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.notFound });
    }
  });

  it('answers 401 without the token, with a wrong one, or with it in another scheme', async () => {
    const { token: customerToken } = await createUser();
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, `Bearer ${customerToken}`]) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.metricsTokenRequired });
      expect(response.body).not.toMatch(/http_requests_total/);
    }
  });

  it('answers the exposition in Prometheus text format with the token, and is not in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(response.body);
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'shop_catalog_cache_entries']) {
      expect(names, name).toContain(name);
    }
    const openapi = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys((openapi.json() as { paths: object }).paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern, method and status, never by the address asked for', async () => {
    const product = await createProduct();
    const before = (await scrape()).samples;
    const read = { method: 'GET', route: '/api/products/:x', status: '200' };
    for (let i = 0; i < 3; i++) expect((await api('getProduct', { app, params: { x: product._id } })).status).toBe(200);
    expect((await api('getProduct', { app, params: { x: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-call/42' })).statusCode).toBe(404);

    const { text, samples } = await scrape();
    expect(valueOf(samples, 'http_requests_total', read) - valueOf(before, 'http_requests_total', read)).toBe(3);
    const missing = { ...read, status: '404' };
    expect(valueOf(samples, 'http_requests_total', missing) - valueOf(before, 'http_requests_total', missing)).toBe(1);
    const unknown = { method: 'GET', route: 'unmatched', status: '404' };
    expect(valueOf(samples, 'http_requests_total', unknown) - valueOf(before, 'http_requests_total', unknown)).toBe(1);
    const latency = { method: 'GET', route: '/api/products/:x' };
    expect(valueOf(samples, 'http_request_duration_seconds_count', latency) - valueOf(before, 'http_request_duration_seconds_count', latency)).toBe(4);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', latency)).toBeGreaterThan(valueOf(before, 'http_request_duration_seconds_sum', latency));
    // a histogram's buckets count up to its +Inf bucket, which is its count
    const buckets = samples.filter((sample) => sample.name === 'http_request_duration_seconds_bucket' && sample.labels.route === latency.route && sample.labels.method === 'GET');
    expect(buckets.map((sample) => sample.labels.le).at(-1)).toBe('+Inf');
    expect(buckets.map((sample) => sample.value)).toEqual([...buckets.map((sample) => sample.value)].sort((a, b) => a - b));
    expect(buckets.at(-1)!.value).toBe(valueOf(samples, 'http_request_duration_seconds_count', latency));
    expect(text).not.toContain(product._id);
    expect(text).not.toContain('no-such-call');
  });

  it('counts the catalog cache: a first read misses and is stored, the next ones hit', async () => {
    // written without createProduct's catalogChanged(): on PostgreSQL its NOTIFY reaches this app's cache at a moment
    // of its own and would drop it between the reads; this app has never read the product, so nothing is stale
    const category = await insertCategory(app.db);
    const product = await insertProduct(app.db, { categoryRow: category });
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++) expect((await api('getProduct', { app, params: { x: product.id } })).status).toBe(200);
    const after = (await scrape()).samples;
    const moved = (name: string) => valueOf(after, name) - valueOf(before, name);
    expect(moved('shop_catalog_cache_misses_total')).toBe(1);
    expect(moved('shop_catalog_cache_stored_total')).toBe(1);
    expect(moved('shop_catalog_cache_hits_total')).toBe(2);
    expect(valueOf(after, 'shop_catalog_cache_entries')).toBeGreaterThanOrEqual(1);
    app.catalogChanged();
    expect(valueOf((await scrape()).samples, 'shop_catalog_cache_entries')).toBe(0);
  });

  it('counts a placed order by payment way, once: an idempotent replay is not counted again', async () => {
    const { shopper, product } = await shopperWithCart({ price: 250 });
    const before = (await scrape()).samples;
    const headers = { ...shopper.auth, 'idempotency-key': `metrics-${shopper.user._id}` };
    const body = newOrderBody([{ product, quantity: 1 }]);
    expect((await api('placeOrder', { app, headers, body })).status).toBe(201);
    const replay = await api('placeOrder', { app, headers, body });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const after = (await scrape()).samples;
    expect(valueOf(after, 'shop_orders_placed_total', { way: 'cash' }) - valueOf(before, 'shop_orders_placed_total', { way: 'cash' })).toBe(1);
    expect(valueOf(after, 'shop_orders_placed_total', { way: 'credit' })).toBe(valueOf(before, 'shop_orders_placed_total', { way: 'credit' }));
  });

  it("reads the database pool's connections when scraped, on PostgreSQL", async () => {
    const { database } = await getTestContext();
    const { samples } = await scrape();
    const names = new Set(samples.map((sample) => sample.name));
    const poolGauges = ['shop_db_pool_max_connections', 'shop_db_pool_connections', 'shop_db_pool_idle_connections', 'shop_db_pool_waiting_queries'];
    if (!('pool' in database)) {
      for (const name of poolGauges) expect(names).not.toContain(name);
      return;
    }
    for (const name of poolGauges) expect(names, name).toContain(name);
    expect(valueOf(samples, 'shop_db_pool_max_connections')).toBe(database.pool.options.max);
    // the catalog listener holds one connection for good, and the requests above opened others
    expect(valueOf(samples, 'shop_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'shop_db_pool_connections')).toBe(database.pool.totalCount);
    expect(valueOf(samples, 'shop_db_pool_waiting_queries')).toBe(0);
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused at start when shorter than 16 characters', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

// The workers share the port: a scrape reaches one of them, which must answer all of them, summed.
describe.runIf(inject('testDatabaseUrl'))('GET /metrics with WORKERS=2', () => {
  /** A GET on a connection of its own, so the primary hands each to a worker in turn. */
  const fetchAlone = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      get(url, { agent: false, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      }).on('error', reject);
    });

  it('answers the same sums whichever worker is asked', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const root = path.resolve(import.meta.dirname, '../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: '2',
        DATABASE_URL: inject('testDatabaseUrl'),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-workers-')),
        METRICS_TOKEN: TOKEN,
        SEED_DEMO: 'never',
        LOG_LEVEL: 'error',
      },
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      const scrapeWorkers = () => fetchAlone(`${url}/metrics`, { authorization: `Bearer ${TOKEN}` });
      // until both workers have started: each worker's pool may open 10 connections, so the sum says both are in
      const deadline = Date.now() + 90_000;
      let started = false;
      while (!started && Date.now() < deadline) {
        const answer = await scrapeWorkers().catch(() => undefined);
        started = answer?.status === 200 && valueOf(parse(answer.body), 'shop_db_pool_max_connections') === 20;
        if (!started) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(started, 'both workers answered within 90 s').toBe(true);
      for (let i = 0; i < 10; i++) expect((await fetchAlone(`${url}/api/health`)).status).toBe(200);
      const health = { method: 'GET', route: '/api/health', status: '200' };
      const counts: number[] = [];
      for (let i = 0; i < 4; i++) {
        const scraped = await scrapeWorkers();
        expect(scraped.status).toBe(200);
        const samples = parse(scraped.body);
        expect(valueOf(samples, 'shop_db_pool_max_connections')).toBe(20);
        counts.push(valueOf(samples, 'http_requests_total', health));
      }
      expect(counts).toEqual([10, 10, 10, 10]);
    } finally {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
  }, 120_000);
});
