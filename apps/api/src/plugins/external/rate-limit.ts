// Rate limits are declared per route (`config.rateLimit`); this sets where they are counted and how a refusal reads.
import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { MESSAGES } from '@shop/core/messages';
import { tooMany } from '../../modules/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the shared counters are: 'up' while Redis answers, 'away' while limits are counted in this process. */
    redisState(): 'up' | 'away' | undefined;
  }
}

// A command that takes longer than this is taken as Redis hanging: the request is counted in this process instead.
const COMMAND_TIMEOUT_MS = 300;
// While Redis is away, how often a connected but silent Redis is asked whether it answers again.
const PROBE_EVERY_MS = 1000;
// A stop asks Redis to end the connection, and cuts it if Redis does not answer by then.
const QUIT_DEADLINE_MS = 500;
// Distinct counters kept in this process while Redis is away, at most (one per route and client address).
const LOCAL_COUNTERS_MAX = 10_000;

export default fp(
  async (app) => {
    // Counters live in Redis when the shop runs as several processes, so a limit holds across all of them.
    const redisUrl = app.config.redisUrl;
    const link = redisUrl ? await connect(redisUrl, app.log) : null;
    app.decorate('redisState', () => (link ? (link.away ? 'away' : 'up') : undefined));
    if (link) app.addHook('onClose', () => link.close());
    await app.register(fastifyRateLimit, {
      global: false,
      ...(link ? { store: sharedStore(link) } : {}),
      // Retry-After in seconds, as HTTP wants (`after` is "1 minute")
      errorResponseBuilder: (_request, context) => tooMany(MESSAGES.tooManyRequests, Math.ceil(context.ttl / 1000)),
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);

// The counter's window starts with its first request, as @fastify/rate-limit's own Redis store counts.
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type Counted = { current: number; ttl: number };
type CountingRedis = Redis & { countRequest(key: string, windowMs: number): Promise<[number, number]> };

/**
 * The connection to Redis and whether it answers. Shoppers never wait on it: commands fail at once while it is
 * not connected (no offline queue) and after COMMAND_TIMEOUT_MS while it hangs, and each going away and coming
 * back is logged once.
 */
interface RedisLink {
  redis: CountingRedis;
  away: boolean;
  lost(reason: unknown): void;
  close(): Promise<void>;
}

async function connect(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  }) as CountingRedis;
  redis.defineCommand('countRequest', { numberOfKeys: 1, lua: COUNT_SCRIPT });

  let closing = false;
  let probe: NodeJS.Timeout | undefined;
  const link: RedisLink = {
    redis,
    away: false,
    lost(reason) {
      if (link.away || closing) return;
      link.away = true;
      log.warn({ reason: reasonOf(reason) }, 'Redis is away: rate limits are counted in each process until it is back');
      // a Redis that hangs keeps its connection: ask it now and then whether it answers again
      probe = setInterval(() => {
        if (redis.status === 'ready') redis.ping().then(back, () => {});
      }, PROBE_EVERY_MS);
      probe.unref();
    },
    async close() {
      closing = true;
      clearInterval(probe);
      if (redis.status !== 'ready') return void redis.disconnect();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_DEADLINE_MS)));
      await Promise.race([redis.quit().catch(() => {}), deadline]);
      clearTimeout(timer);
      redis.disconnect();
    },
  };
  function back() {
    if (!link.away || closing) return;
    link.away = false;
    clearInterval(probe);
    log.info('Redis is back: rate limits are shared by every process again');
  }
  // an error event without a listener would be printed as "Unhandled error event"; ioredis reconnects by itself
  redis.on('error', (error) => link.lost(error));
  redis.on('ready', back);

  // the first requests find it connected, or counted here when it is not there (the start does not wait longer)
  await new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, 1000);
    redis.once('ready', settle);
    redis.once('error', settle);
  });
  if (redis.status !== 'ready') link.lost(new Error(`not connected (${redis.status})`));
  return link;
}

function reasonOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * A @fastify/rate-limit store counting in Redis while it answers and in this process while it does not, so a
 * Redis that is away never refuses or holds a request, and the limits still apply (per process) meanwhile.
 */
function sharedStore(link: RedisLink): FastifyRateLimitStoreCtor {
  const local = new LocalCounters();
  // the plugin makes one with its options (not needed here), then a child per route, as its own Redis store does
  return class SharedStore implements FastifyRateLimitStore {
    prefix = 'shop-rate-limit-';

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      const name = this.prefix + key;
      if (link.away || link.redis.status !== 'ready') {
        if (!link.away) link.lost(new Error(`not connected (${link.redis.status})`));
        callback(null, local.count(name, timeWindow));
        return;
      }
      link.redis.countRequest(name, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: unknown) => {
          link.lost(error);
          callback(null, local.count(name, timeWindow));
        },
      );
    }

    // typed as the route's options, given the route's rate-limit settings with the route as `routeInfo`
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): SharedStore {
      const { method, url } = (options as unknown as { routeInfo: { method: string; url: string } }).routeInfo;
      const store = new SharedStore();
      store.prefix = `${this.prefix}${method}${url}-`;
      return store;
    }
  };
}

/** Fixed-window counters in this process's memory, for while Redis is away. */
class LocalCounters {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  count(name: string, timeWindow: number, now = Date.now()): Counted {
    let window = this.windows.get(name);
    if (!window || window.endsAt <= now) {
      this.windows.delete(name);
      if (this.windows.size >= LOCAL_COUNTERS_MAX) this.forgetEnded(now);
      window = { current: 0, endsAt: now + timeWindow };
      this.windows.set(name, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.endsAt - now };
  }

  private forgetEnded(now: number): void {
    for (const [name, window] of this.windows) if (window.endsAt <= now) this.windows.delete(name);
    // still full: the oldest go first (a Map keeps insertion order)
    for (const name of this.windows.keys()) {
      if (this.windows.size < LOCAL_COUNTERS_MAX) break;
      this.windows.delete(name);
    }
  }
}
