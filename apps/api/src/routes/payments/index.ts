import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { invalid, notFound, paymentRequired } from '../../modules/errors.ts';
import { route } from '../../lib/route.ts';
import { accountOf } from '../../plugins/app/auth.ts';
import { findSandboxPayment, firstDelivery, recordSandboxOutcome, recordStripeIntent } from './repository.ts';
import { chargeSandboxCard } from './sandbox-cards.ts';

const paymentRoutes: FastifyPluginAsync = async (app) => {
  // The sandbox's stand-in for a processor's confirm call: the card is checked here, the outcome recorded.
  route(app, endpoints.confirmSandboxPayment, async (request) => {
    if (app.payments.name !== 'sandbox') throw notFound('The sandbox is not the active payment provider');
    const account = accountOf(request);
    const { client_secret: clientSecret, ...card } = request.body;
    const payment = await findSandboxPayment(app.db, clientSecret, account.id);
    if (!payment) throw notFound('Payment not found, please start the payment again');
    if (payment.status === 'succeeded') return { status: 'succeeded' as const, paymentIntentId: payment.id };

    const outcome = chargeSandboxCard(card);
    if (outcome.kind === 'invalid') throw invalid(outcome.message);
    const status = outcome.kind === 'paid' ? 'succeeded' : 'failed';
    await recordSandboxOutcome(app.db, payment.id, status, outcome.kind === 'declined' ? outcome.message : null);
    if (outcome.kind === 'declined') throw paymentRequired(outcome.message);
    return { status: 'succeeded' as const, paymentIntentId: payment.id };
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
    if (!(await firstDelivery(app.db, event.id))) return { received: true, duplicate: true };
    if (event.type.startsWith('payment_intent.')) {
      await recordStripeIntent(app.db, event.data.object as import('stripe').Stripe.PaymentIntent);
    }
    return { received: true };
  });
};

export default paymentRoutes;
