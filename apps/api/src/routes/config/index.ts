import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';

// What the browser needs to know to take a card: which provider is active and its publishable key.
const configRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.publicConfig, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { paymentProvider: app.payments.name, publishableKey: app.payments.publishableKey, currency: 'egp' as const };
  });
};

export default configRoutes;
