// Rate limits are declared per route (`config.rateLimit`); this sets where they are counted and how a refusal reads.
import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { MESSAGES } from '@shop/core/messages';
import { HttpError } from '../../lib/errors.ts';

export default fp(
  async (app) => {
    // Counters live in Redis when the shop runs as several processes, so a limit holds across all of them.
    const redisUrl = app.config.redisUrl;
    const redis = redisUrl
      ? new (await import('ioredis')).Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
      : null;
    if (redis) app.addHook('onClose', async () => void redis.quit());
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'shop-rate-limit-' } : {}),
      errorResponseBuilder: (_request, context) => {
        const error = new HttpError(429, MESSAGES.tooManyRequests);
        // seconds, as HTTP wants (`after` is "1 minute")
        (error as HttpError & { retryAfter?: string }).retryAfter = String(Math.ceil(context.ttl / 1000));
        return error;
      },
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
