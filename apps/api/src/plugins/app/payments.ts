// `app.payments`: the card payment provider the configuration names (modules/payments/providers.ts), Stripe or the
// built-in sandbox; `app.stripe`: Stripe's client, for its webhook's signatures (null with the sandbox).
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { sandboxProvider, stripeProvider, type PaymentProvider } from '../../modules/payments/providers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    stripe: Stripe | null;
  }
}

export default fp(
  async (app) => {
    const settings = app.config.payments;
    if (settings.provider === 'stripe') {
      // loaded only when Stripe is the provider
      const { default: StripeClient } = await import('stripe');
      const stripe = new StripeClient(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
      app.decorate('stripe', stripe);
      app.decorate('payments', stripeProvider(app.db, stripe, settings.publishableKey));
    } else {
      app.decorate('stripe', null);
      app.decorate('payments', sandboxProvider(app.db));
    }
  },
  { name: 'payments', dependencies: ['db'] },
);
