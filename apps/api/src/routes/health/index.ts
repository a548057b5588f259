import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/core/messages';

const StatusSchema = z.object({ status: z.string() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: StatusSchema } } }, async () => ({ status: 'ok' }));

  // For load balancers: ready only while the database answers and the process is not draining for a stop.
  app.get('/ready', { schema: { response: { 200: StatusSchema, 503: z.object({ message: z.string() }) } } }, async (_request, reply) => {
    if (app.draining) return reply.status(503).send({ message: 'The shop is restarting, please try again shortly' });
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: MESSAGES.unavailable });
    }
  });
};

export default healthRoutes;
