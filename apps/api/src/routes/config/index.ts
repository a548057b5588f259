import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfigSchema } from '@shop/core/schemas';

// What the browser needs to know to take a card: which provider is active and its publishable key.
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { response: { 200: PublicConfigSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { paymentProvider: app.payments.name, publishableKey: app.payments.publishableKey, currency: 'egp' as const };
  });
};

export default configRoutes;
