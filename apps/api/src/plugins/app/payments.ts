// Card payments behind one interface: the built-in sandbox (default, no network) or Stripe.
// Either way a payment row in our database records what the processor said; orders trust only that row.
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { claimUnusedPayments, findPayment, insertPayment, markRefunded, recordStripeIntent } from '../../routes/payments/repository.ts';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly publishableKey: string | null;
  /** Opens a payment for this amount (piastres, EGP) and records it. */
  createIntent(userId: string, amountPiastres: number): Promise<PaymentIntent>;
  /** Brings our record up to date with the processor before an order relies on it. */
  refresh(paymentId: string): Promise<void>;
  /** Gives the money of a paid payment back. */
  refund(paymentId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    stripe: Stripe | null;
  }
}

export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    publishableKey: null,
    async createIntent(userId, amountPiastres) {
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
      await insertPayment(db, { id, provider: 'sandbox', userId, amountPiastres, clientSecret });
      return { id, clientSecret };
    },
    // The sandbox confirms through our own route, which writes the row itself.
    async refresh() {},
    async refund(paymentId) {
      await markRefunded(db, paymentId);
    },
  };
}

export function stripeProvider(db: Db, stripe: Stripe, publishableKey: string): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey,
    async createIntent(userId, amountPiastres) {
      const intent = await stripe.paymentIntents.create({
        amount: amountPiastres,
        currency: 'egp',
        allowed_payment_method_types: ['card'],
        metadata: { userId },
      });
      await insertPayment(db, { id: intent.id, provider: 'stripe', userId, amountPiastres, clientSecret: intent.client_secret ?? '' });
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },
    async refresh(paymentId) {
      const record = await findPayment(db, paymentId);
      if (!record || record.provider !== 'stripe' || record.status === 'succeeded') return;
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      await recordStripeIntent(db, intent);
    },
    async refund(paymentId) {
      await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${paymentId}` });
      await markRefunded(db, paymentId);
    },
  };
}

/**
 * A paid payment that no order took belongs to a cart that has since changed (the checkout reuses a paid payment
 * while the total is the same). When the customer starts paying for a new total, the old money goes back. Which
 * payments are unused is decided, and they are marked, in one transaction; the provider is called only for
 * those, so a payment that a concurrent checkout took is never refunded.
 */
export async function refundUnusedPayments(db: Db, provider: PaymentProvider, userId: string, log?: { error(obj: unknown, msg: string): void }): Promise<number> {
  const claimed = await claimUnusedPayments(db, userId);
  for (const paymentId of claimed) {
    try {
      await provider.refund(paymentId);
    } catch (error) {
      // left `refunding`: no order can take it, and the next call retries the refund
      log?.error({ err: error, paymentId }, 'refund failed');
    }
  }
  return claimed.length;
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
