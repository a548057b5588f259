// Prometheus metrics at GET /metrics (text exposition, not part of the JSON contract): requests by route, orders,
// jobs, the database pool, the catalog cache, and the process itself. Each app owns its registry (the tests build
// many apps in one process); the rest of the app counts through app.metrics.
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MESSAGES } from '@shop/core/messages';
import { notFound, unauthorized } from '../../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

export type ShopMetrics = ReturnType<typeof createMetrics>;

/** The route label of an address no route matched: one value, whatever was asked (no label per raw URL). */
export const UNMATCHED_ROUTE = 'unmatched';

// A cached catalog read answers in about 100 µs and an order takes tens of milliseconds: the buckets span both.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function createMetrics(registry: Registry) {
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    // without the status: a latency series per route and method, not per answer code as well
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to its answer being written, by route pattern and method',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    ordersPlaced: new Counter({
      name: 'shop_orders_placed_total',
      help: 'Orders committed, by payment way (an idempotent replay is not counted again)',
      labelNames: ['way'] as const,
      registers,
    }),
    jobsQueued: new Counter({ name: 'shop_jobs_queued_total', help: 'Background jobs queued, by task', labelNames: ['task'] as const, registers }),
    jobsFailed: new Counter({
      name: 'shop_jobs_failed_total',
      help: 'Background job attempts that failed, by task',
      labelNames: ['task'] as const,
      registers,
    }),
    catalogCacheHits: new Counter({ name: 'shop_catalog_cache_hits_total', help: 'Catalog reads answered from the cache', registers }),
    catalogCacheMisses: new Counter({ name: 'shop_catalog_cache_misses_total', help: 'Catalog reads that went to the database', registers }),
    catalogCacheStored: new Counter({ name: 'shop_catalog_cache_stored_total', help: 'Catalog answers kept in the cache', registers }),
    catalogCacheEntries: new Gauge({ name: 'shop_catalog_cache_entries', help: 'Catalog answers in the cache now', registers }),
  };
}

/** Read when scraped: the pool's own counts, so nothing is done per query. */
function watchPool(registry: Registry, pool: pg.Pool) {
  const registers = [registry];
  new Gauge({ name: 'shop_db_pool_max_connections', help: 'Connections the pool may open (DB_POOL_MAX)', registers }).set(pool.options.max ?? 10);
  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Connections the pool holds open, in use or idle',
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'shop_db_pool_idle_connections',
    help: 'Open connections not in use',
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'shop_db_pool_waiting_queries',
    help: 'Queries waiting for a free connection',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

// Memory, CPU, event-loop delay and GC are the process's, not an app's: gathered once however many apps it builds.
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

const BEARER = /^bearer\s+(\S+)\s*$/i;
const digestOf = (token: string) => createHash('sha256').update(token).digest();

export default fp(
  async (app) => {
    const registry = new Registry();
    const metrics = createMetrics(registry);
    if ('pool' in app.database) watchPool(registry, app.database.pool);
    app.decorate('metrics', metrics);

    // a callback hook, after every answer: the pattern (`/api/products/:x`), never the address asked for
    app.addHook('onResponse', (request, reply, done) => {
      const method = request.method;
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      metrics.requests.inc({ method, route, status: reply.statusCode });
      metrics.requestDuration.observe({ method, route }, reply.elapsedTime / 1000);
      done();
    });

    // Compared as digests, so the time taken says nothing about how much of the token was right.
    const expected = app.config.metricsToken === undefined ? undefined : digestOf(app.config.metricsToken);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // a shop that never set METRICS_TOKEN shows nothing here
      if (!expected) throw notFound(MESSAGES.notFound);
      const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!given || !timingSafeEqual(digestOf(given), expected)) throw unauthorized(MESSAGES.metricsTokenRequired);
      // merged on each scrape, so a metric another plugin adds to app.metrics.registry later is there too
      const scraped = Registry.merge([registry, processRegistry()]);
      const text = await scraped.metrics();
      return reply.type(scraped.contentType).header('Cache-Control', 'no-store').send(text);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
