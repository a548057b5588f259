import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { PAYMOB_METHODS } from '@shop/core/constants';
import { route } from '../../lib/route.ts';

// What the browser needs to know to take a payment: which provider is active and its publishable (public) key; with
// Paymob, the ways on offer and its embedded checkout's script; the courier staff send orders to, when one is set up.
const configRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.publicConfig, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    const settings = app.config.payments;
    const paymob =
      settings.provider === 'paymob'
        ? { paymentMethods: PAYMOB_METHODS.filter((method) => settings.integrations[method] !== undefined), pixelScript: settings.pixelScript }
        : {};
    // the dashboard offers "Send to Bosta" only when a courier is set up (PRODUCT section 9)
    const courier = app.courier ? { courier: app.courier.name } : {};
    return { paymentProvider: settings.provider, publishableKey: app.payments.publishableKey, currency: 'egp' as const, ...paymob, ...courier };
  });
};

export default configRoutes;
