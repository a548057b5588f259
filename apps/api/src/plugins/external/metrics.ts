// Prometheus metrics at GET /metrics (text exposition, not part of the JSON contract): requests by route, orders,
// jobs, the database pool, the catalog cache, and the process itself. Each app owns its registry (the tests build
// many apps in one process); the rest of the app counts through app.metrics.
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { PAYMENT_WAYS } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import { notFound, unauthenticated, unavailable } from '../../modules/errors.ts';
import { workerMetrics } from './metrics-cluster.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

export type ShopMetrics = ReturnType<typeof createMetrics>;

/** The route label of an address no route matched: one value, whatever was asked (no label per raw URL). */
const UNMATCHED_ROUTE = 'unmatched';

// A cached catalog read answers in about 100 µs and an order takes tens of milliseconds: the buckets span both.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Tally {
  statuses: Map<number, number>;
  /** observations per bucket of LATENCY_BUCKETS (not cumulative); above the last, only in count */
  buckets: number[];
  sum: number;
  count: number;
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * Requests by route pattern and method, counted in plain numbers and handed to prom-client when scraped. Every
 * answer passes here, the cached catalog reads of ~40 µs of CPU included: prom-client's labelled inc() and
 * observe() hash their labels on each call, 1.3 to 2 µs a request, where this takes about 50 ns.
 */
class RequestTallies {
  private readonly routes = new Map<string, Map<string, Tally>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let methods = this.routes.get(route);
    if (!methods) this.routes.set(route, (methods = new Map()));
    let tally = methods.get(method);
    if (!tally) methods.set(method, (tally = { statuses: new Map(), buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    if (bucket < LATENCY_BUCKETS.length) tally.buckets[bucket]!++;
    tally.sum += seconds;
    tally.count++;
  }

  /** http_requests_total and http_request_duration_seconds, as prom-client's own counters and histograms give them. */
  register(registry: Registry): void {
    const tallies = () => [...this.routes].flatMap(([route, methods]) => [...methods].map(([method, tally]) => ({ labels: { method, route }, tally })));
    registerCollected(registry, {
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status code',
      type: 'counter',
      values: () => tallies().flatMap(({ labels, tally }) => [...tally.statuses].map(([status, value]) => ({ labels: { ...labels, status }, value }))),
    });
    // without the status: a latency series per route and method, not per answer code as well
    const name = 'http_request_duration_seconds';
    registerCollected(registry, {
      name,
      help: 'Time from receiving a request to its answer being written, by route pattern and method',
      type: 'histogram',
      values: () =>
        tallies().flatMap(({ labels, tally }) => {
          let cumulative = 0;
          const buckets = LATENCY_BUCKETS.map((le, bucket) => ({ labels: { ...labels, le }, value: (cumulative += tally.buckets[bucket]!), metricName: `${name}_bucket` }));
          return [
            ...buckets,
            { labels: { ...labels, le: '+Inf' }, value: tally.count, metricName: `${name}_bucket` },
            { labels, value: tally.sum, metricName: `${name}_sum` },
            { labels, value: tally.count, metricName: `${name}_count` },
          ];
        }),
    });
  }
}

/**
 * A metric whose samples are computed when scraped. prom-client reads every registered metric through its get()
 * (its own cluster aggregation registers such objects); its Metric type only names its own classes, hence the cast.
 */
function registerCollected(registry: Registry, metric: { name: string; help: string; type: 'counter' | 'histogram'; values(): Sample[] }) {
  const { name, help, type } = metric;
  const collected = { name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: metric.values() }) };
  registry.registerMetric(collected as unknown as Metric);
}

function createMetrics(registry: Registry) {
  const registers = [registry];
  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders committed, by payment way (an idempotent replay is not counted again)',
    labelNames: ['way'] as const,
    registers,
  });
  // at 0 from the start, so a rate over a way that has had no order yet is 0 rather than no series
  for (const way of PAYMENT_WAYS) ordersPlaced.inc({ way }, 0);
  return {
    registry,
    ordersPlaced,
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
    const requests = new RequestTallies();
    requests.register(registry);
    if ('pool' in app.database) watchPool(registry, app.database.pool);
    app.decorate('metrics', metrics);

    // a callback hook, after every answer: the pattern (`/api/products/:x`), never the address asked for
    app.addHook('onResponse', (request, reply, done) => {
      requests.record(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    // merged on each scrape, so a metric another plugin adds to app.metrics.registry later is there too
    const scrapedRegistry = () => Registry.merge([registry, processRegistry()]);
    // several workers on one port (WORKERS): whichever is asked answers the sum of all (metrics-cluster.ts)
    const workers = cluster.isWorker ? workerMetrics(scrapedRegistry) : null;
    if (workers) app.addHook('onClose', async () => workers.stop());

    // Compared as digests, so the time taken says nothing about how much of the token was right.
    const expected = app.config.metricsToken === undefined ? undefined : digestOf(app.config.metricsToken);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // a shop that never set METRICS_TOKEN shows nothing here
      if (!expected) throw notFound(MESSAGES.notFound);
      const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!given || !timingSafeEqual(digestOf(given), expected)) throw unauthenticated(MESSAGES.metricsTokenRequired);
      const text = workers ? await workers.gather() : await scrapedRegistry().metrics();
      if (text === undefined) throw unavailable(MESSAGES.unavailable);
      return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).header('Cache-Control', 'no-store').send(text);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
