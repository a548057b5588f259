// Catalog answers (products and categories) are read far more often than they change. Admin changes call
// app.catalogChanged(); the cached answers of every catalog read are dropped then, in this process at once
// and, on PostgreSQL, in every other process of the shop through LISTEN/NOTIFY. The server-rendered pages
// (routes/pages) are cached the same way, under a key of their own, and so are the brand's settings (plugins/app/
// settings.ts), kept for as long as the cache's generation lasts.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { PAGE_LIMIT_DEFAULT } from '@shop/core/constants';
import { varyBy } from '../../lib/vary.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogChanged(): void;
    /** Grows by one each time the cache is dropped, here or by another process: what was read before is stale. */
    catalogGeneration(): number;
  }
  interface FastifyContextConfig {
    /** true: keyed by the route's validated parameters and query; or the route's own key for the request */
    catalogCache?: boolean | { key(request: FastifyRequest): string };
  }
  interface FastifyRequest {
    catalogCache?: { key: string; generation: number };
  }
}

interface CachedAnswer {
  body: string;
  type: string;
  etag: string;
  totalCount: string | undefined;
  /** what the route made the answer differ by (a page: its language), sent again with the kept answer */
  vary: string | undefined;
  // compressed once, the first time a client asks for that encoding
  encoded: Partial<Record<Encoding, Buffer>>;
  plain?: Buffer;
}

type Encoding = 'br' | 'gzip';

const MAX_ENTRIES = 2000;
const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding to send, read as HTTP says (RFC 9110, 12.5.3): each coding may carry a q-value, `q=0` means "not
 * this one", `*` stands for every coding not named. The best q wins; brotli on a tie. `identity` is always
 * possible, so a client that refuses both gets the plain body.
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (match) q = Math.min(1, Math.max(0, Number(match[1]) || 0));
    }
    weights.set(coding.toLowerCase(), q);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/**
 * The cache key: the route and its validated parameters and query (unknown query keys are stripped by the route's
 * schema, blanks dropped, page 1 and the default limit written as absent), so junk parameters neither miss the
 * cache nor grow it.
 */
export function catalogKey(route: string, params: unknown, query: unknown): string {
  const known = (value: unknown) => Object.entries(value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  const entries = [...known(params).map(([key, v]) => [`:${key}`, v] as const), ...known(query)]
    .filter(([key, v]) => v !== undefined && v !== null && v !== '' && !(key === 'page' && v === 1) && !(key === 'limit' && v === PAGE_LIMIT_DEFAULT))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}?${JSON.stringify(entries)}`;
}

/** The answer's body in the encoding the client takes best, with the headers that go with it. */
function bodyFor(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): string | Buffer {
  varyBy(reply, 'Accept-Encoding');
  const encoding = answer.body.length < COMPRESS_FROM_BYTES ? null : encodingFor(request.headers['accept-encoding']);
  // bytes made once: a page's HTML is tens of kB, not worth encoding to UTF-8 again on every request
  if (!encoding) return (answer.plain ??= Buffer.from(answer.body));
  reply.header('Content-Encoding', encoding);
  answer.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
      : gzipSync(answer.body, { level: 9 });
  return answer.encoded[encoding];
}

export default fp(
  async (app) => {
    const answers = new Map<string, CachedAnswer>();
    let generation = 0;

    const { metrics } = app;
    const drop = () => {
      generation++;
      answers.clear();
      metrics.catalogCacheEntries.set(0);
    };
    // listening starts when the app is made ready: a start builds the app while its database may still be starting
    let listener: Awaited<ReturnType<typeof listenForChanges>> | null = null;
    app.addHook('onReady', async () => {
      await app.database.ready;
      listener = await listenForChanges(app.database.pool, drop, app.log);
    });
    app.addHook('onClose', async () => listener?.stop());

    app.decorate('catalogGeneration', () => generation);
    app.decorate('catalogChanged', () => {
      drop();
      app.database.pool.query(`notify ${CHANNEL}`).catch((error: unknown) => app.log.error({ err: error }, 'catalog notify failed'));
    });

    // Looked up once the route has validated its parameters and query, so the key is made of known values only. A
    // hook of the cached routes alone (added as each is declared): every other request does none of this work.
    const lookUp = (request: FastifyRequest, reply: FastifyReply, option: true | { key(request: FastifyRequest): string }, done: () => void) => {
      if (request.method !== 'GET') return done();
      const key = typeof option === 'object' ? option.key(request) : catalogKey(request.routeOptions.url ?? '', request.params, request.query);
      request.catalogCache = { key, generation };
      // A client's `Cache-Control: no-cache` is ignored: anyone could send every read to the database with it. Only a
      // server started for the benchmarks' uncached runs (CATALOG_CACHE_BYPASS) reads the database again for it.
      const bypass = app.config.catalogCacheBypass && /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');
      const hit = bypass ? undefined : answers.get(key);
      if (!hit) {
        metrics.catalogCacheMisses.inc();
        return done();
      }
      metrics.catalogCacheHits.inc();
      reply.header('ETag', hit.etag);
      reply.header('Cache-Control', 'no-cache');
      if (hit.totalCount !== undefined) reply.header('X-Total-Count', hit.totalCount);
      if (hit.vary !== undefined) reply.header('Vary', hit.vary);
      // answered here: a callback hook that sends does not call done()
      if (request.headers['if-none-match'] === hit.etag) return void reply.code(304).send();
      reply.type(hit.type).send(bodyFor(request, reply, hit));
    };
    app.addHook('onRoute', (route) => {
      const option = route.config?.catalogCache;
      if (!option) return;
      const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => lookUp(request, reply, option, done);
      route.preHandler = [hook, ...(route.preHandler ? [route.preHandler].flat() : [])];
    });

    // The answer a cached route computed: kept, and sent in the encoding the client takes best.
    const keep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (typeof payload !== 'string' || reply.getHeader('ETag')) return payload;
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', 'no-cache');
      const total = reply.getHeader('X-Total-Count');
      const type = String(reply.getHeader('Content-Type') ?? 'application/json; charset=utf-8');
      const vary = reply.getHeader('Vary');
      const answer: CachedAnswer = {
        body: payload, type, etag, totalCount: total === undefined ? undefined : String(total), vary: vary === undefined ? undefined : String(vary), encoded: {},
      };
      // An answer computed before a change must not be cached after it.
      const cache = request.catalogCache;
      if (cache && cache.generation === generation) {
        if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!);
        answers.set(cache.key, answer);
        metrics.catalogCacheStored.inc();
        metrics.catalogCacheEntries.set(answers.size);
      }
      if (request.headers['if-none-match'] === etag) {
        reply.code(304);
        return '';
      }
      return bodyFor(request, reply, answer);
    };
    // request.catalogCache is set by the lookup above (a GET of a cached route); a callback hook, so the answers of
    // every other route pass through without a promise
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.catalogCache || reply.statusCode !== 200) return done(null, payload);
      let kept: unknown;
      try {
        kept = keep(request, reply, payload);
      } catch (error) {
        return done(error as Error);
      }
      done(null, kept);
    });
  },
  { name: 'catalog-cache', dependencies: ['db', 'metrics'] },
);

const CHANNEL = 'catalog_changed';

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 10_000;

type ListenerLog = { warn(obj: unknown, msg: string): void; info(msg: string): void };

/**
 * A dedicated connection listens for other processes' changes. When it drops, the cache keeps serving what it has
 * (a flapping database must not turn every catalog read into a failing database read) and the connection is made
 * again with a growing pause; once it listens again the cache is dropped once, since changes may have been missed.
 */
async function listenForChanges(pool: pg.Pool, drop: () => void, log: ListenerLog) {
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped) return;
    const delay = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
    failures++;
    timer = setTimeout(() => void connect(true), delay);
    timer.unref();
  };
  const lost = (connection: pg.PoolClient, error: unknown) => {
    if (client !== connection) return; // already handled: 'error' and 'end' both come
    client = null;
    log.warn({ err: error }, 'catalog listener lost its connection; the cache keeps its answers until it is back');
    connection.release(error instanceof Error ? error : true);
    retry();
  };
  const connect = async (reconnecting: boolean): Promise<void> => {
    let connection: pg.PoolClient | undefined;
    try {
      connection = await pool.connect();
      const current = connection;
      client = current;
      current.on('notification', drop);
      current.on('error', (error) => lost(current, error));
      current.on('end', () => lost(current, new Error('Connection ended')));
      await current.query(`listen ${CHANNEL}`);
      if (stopped || client !== current) return;
      failures = 0;
      if (reconnecting) {
        drop();
        log.info('catalog listener is back; the cache was dropped once');
      }
    } catch (error) {
      if (connection && client === connection) lost(connection, error);
      else if (!connection) {
        log.warn({ err: error }, 'catalog listener could not connect');
        retry();
      }
    }
  };
  await connect(false);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      const connection = client;
      client = null;
      connection?.release(true);
    },
  };
}
