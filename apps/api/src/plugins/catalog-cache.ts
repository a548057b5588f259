// Catalog answers (products and categories) are read far more often than they change. Admin changes call
// app.catalogChanged(); the cached answers of every catalog read are dropped then, in this process at once
// and, on PostgreSQL, in every other process of the shop through LISTEN/NOTIFY.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    catalogChanged(): void;
  }
  interface FastifyContextConfig {
    catalogCache?: boolean;
  }
}

interface CachedAnswer {
  body: string;
  etag: string;
  totalCount: string | undefined;
  // compressed once, the first time a client asks for that encoding
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

const MAX_ENTRIES = 2000;
const COMPRESS_FROM_BYTES = 1024;

function encodingFor(request: FastifyRequest, body: string): Encoding | null {
  if (body.length < COMPRESS_FROM_BYTES) return null;
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** The answer's body in the encoding the client takes best, with the headers that go with it. */
function bodyFor(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): string | Buffer {
  reply.header('Vary', 'Accept-Encoding');
  const encoding = encodingFor(request, answer.body);
  if (!encoding) return answer.body;
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

    const drop = () => {
      generation++;
      answers.clear();
    };
    const listener = app.database.kind === 'postgres' ? await listenForChanges(app.database.pool, drop, app.log) : null;
    app.addHook('onClose', async () => listener?.stop());

    app.decorate('catalogChanged', () => {
      drop();
      if (app.database.kind === 'postgres') {
        app.database.pool.query(`notify ${CHANNEL}`).catch((error: unknown) => app.log.error({ err: error }, 'catalog notify failed'));
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config.catalogCache || request.method !== 'GET') return;
      const hit = answers.get(request.url);
      if (!hit) return;
      reply.header('ETag', hit.etag);
      reply.header('Cache-Control', 'no-cache');
      if (hit.totalCount !== undefined) reply.header('X-Total-Count', hit.totalCount);
      if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(bodyFor(request, reply, hit));
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config.catalogCache || request.method !== 'GET' || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' || reply.getHeader('ETag')) return payload;
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', 'no-cache');
      const startedAt = (request as typeof request & { catalogGeneration?: number }).catalogGeneration;
      const total = reply.getHeader('X-Total-Count');
      const answer: CachedAnswer = { body: payload, etag, totalCount: total === undefined ? undefined : String(total), encoded: {} };
      // An answer computed before a change must not be cached after it.
      if (startedAt === generation) {
        if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!);
        answers.set(request.url, answer);
      }
      if (request.headers['if-none-match'] === etag) {
        reply.code(304);
        return '';
      }
      return bodyFor(request, reply, answer);
    });

    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.catalogCache) (request as typeof request & { catalogGeneration?: number }).catalogGeneration = generation;
    });
  },
  { name: 'catalog-cache', dependencies: ['db'] },
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
