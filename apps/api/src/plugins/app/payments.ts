// `app.payments`: the payment provider behind the payment port (modules/payments/port.ts): the adapter the
// configuration names (modules/payments/adapters/: the built-in sandbox, Stripe or Paymob), or the one the app is
// given (a test's own provider).
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { paymobProvider } from '../../modules/payments/adapters/paymob.ts';
import { sandboxProvider } from '../../modules/payments/adapters/sandbox.ts';
import { stripeProvider } from '../../modules/payments/adapters/stripe.ts';
import type { PaymentProvider } from '../../modules/payments/port.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export type ProviderFactory = (db: Db) => PaymentProvider | Promise<PaymentProvider>;

export default fp<{ provider?: ProviderFactory | undefined }>(
  async (app, { provider }) => {
    const settings = app.config.payments;
    const chosen = provider
      ? await provider(app.db)
      : settings.provider === 'stripe'
        ? await stripeProvider(app.db, settings)
        : settings.provider === 'paymob'
          ? paymobProvider(app.db, settings)
          : sandboxProvider(app.db);
    app.decorate('payments', chosen);
  },
  { name: 'payments', dependencies: ['db'] },
);
