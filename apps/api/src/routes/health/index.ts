import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/core/messages';

const StatusSchema = z.object({ status: z.string() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: StatusSchema } } }, async () => ({ status: 'ok' }));

  // For load balancers: ready only while the database answers.
  app.get('/ready', { schema: { response: { 200: StatusSchema, 503: z.object({ message: z.string() }) } } }, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: MESSAGES.unavailable });
    }
  });
};

export default healthRoutes;
