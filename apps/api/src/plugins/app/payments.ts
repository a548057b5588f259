// `app.payments`: the payment provider the configuration names (modules/payments/providers.ts), Stripe, Paymob or the
// built-in sandbox; `app.stripe`: Stripe's client, for its webhook's signatures; `app.paymob`: Paymob's API.
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { paymobClient, type PaymobClient } from '../../modules/payments/paymob.ts';
import { paymobProvider, sandboxProvider, stripeProvider, type PaymentProvider } from '../../modules/payments/providers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    stripe: Stripe | null;
    /** Paymob's API when it is the provider (orders are written before they are paid: modules/orders/checkout.ts) */
    paymob: PaymobClient | null;
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
      app.decorate('paymob', null);
    } else if (settings.provider === 'paymob') {
      const paymob = paymobClient(settings);
      app.decorate('stripe', null);
      app.decorate('paymob', paymob);
      app.decorate('payments', paymobProvider(app.db, paymob));
    } else {
      app.decorate('stripe', null);
      app.decorate('paymob', null);
      app.decorate('payments', sandboxProvider(app.db));
    }
  },
  { name: 'payments', dependencies: ['db'] },
);
