import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';
import { invalid, notFound } from '../../modules/errors.ts';
import { confirmSandboxPayment, recordStripeEvent } from '../../modules/payments/payments.ts';
import { accountOf } from '../../plugins/app/auth.ts';

const paymentRoutes: FastifyPluginAsync = async (app) => {
  // The sandbox's stand-in for a processor's confirm call: the card is checked, the outcome recorded.
  route(app, endpoints.confirmSandboxPayment, async (request) => {
    if (app.payments.name !== 'sandbox') throw notFound('The sandbox is not the active payment provider');
    const { client_secret: clientSecret, ...card } = request.body;
    return confirmSandboxPayment(app.db, accountOf(request).id, clientSecret, card);
  });

  await app.register(stripeWebhook);
};

// Stripe signs the raw bytes, so this route reads its body as a buffer, in a scope of its own.
const stripeWebhook: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  route(app, endpoints.stripeWebhook, async (request) => {
    const secret = app.config.payments.provider === 'stripe' ? app.config.payments.webhookSecret : undefined;
    if (!app.stripe || !secret) throw notFound('Webhooks are not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw invalid('Missing Stripe signature');
    let event: import('stripe').Stripe.Event;
    try {
      event = await app.stripe.webhooks.constructEventAsync(request.body, signature, secret);
    } catch {
      throw invalid('Invalid Stripe signature');
    }
    if ((await recordStripeEvent(app.db, event)) === 'duplicate') return { received: true, duplicate: true };
    return { received: true };
  });
};

export default paymentRoutes;
