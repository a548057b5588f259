// Card payments behind one interface: the built-in sandbox (default, no network) or Stripe.
// Either way a payment row in our database records what the processor said; orders trust only that row.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Db } from '../db/client.ts';
import { orders, payments } from '../db/schema.ts';

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
      await db.insert(payments).values({ id, provider: 'sandbox', userId, amountPiastres, status: 'requires_payment_method', clientSecret });
      return { id, clientSecret };
    },
    // The sandbox confirms through our own route, which writes the row itself.
    async refresh() {},
    async refund(paymentId) {
      await db.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, paymentId));
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
      await db.insert(payments).values({
        id: intent.id,
        provider: 'stripe',
        userId,
        amountPiastres,
        status: 'requires_payment_method',
        clientSecret: intent.client_secret ?? '',
      });
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },
    async refresh(paymentId) {
      const [record] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!record || record.provider !== 'stripe' || record.status === 'succeeded') return;
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      await recordStripeIntent(db, intent);
    },
    async refund(paymentId) {
      await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${paymentId}` });
      await db.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, paymentId));
    },
  };
}

/**
 * A paid payment that no order took belongs to a cart that has since changed (the checkout reuses a paid payment
 * while the total is the same). When the customer starts paying for a new total, the old money goes back.
 */
export async function refundUnusedPayments(db: Db, provider: PaymentProvider, userId: string): Promise<number> {
  const unused = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded'), sql`not exists (select 1 from ${orders} where ${orders.paymentIntentId} = ${payments.id})`));
  for (const payment of unused) await provider.refund(payment.id);
  return unused.length;
}

/** Records what Stripe says of an intent; only an intent paid in full, in EGP, counts as succeeded. */
export async function recordStripeIntent(db: Db, intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'amount_received' | 'currency'>) {
  const [record] = await db.select().from(payments).where(eq(payments.id, intent.id));
  if (!record) return;
  const paid = intent.status === 'succeeded' && intent.currency === 'egp' && intent.amount_received === record.amountPiastres;
  if (record.status === 'refunded') return;
  const status = paid ? 'succeeded' : intent.status === 'canceled' ? 'failed' : record.status;
  await db.update(payments).set({ status, updatedAt: new Date() }).where(eq(payments.id, intent.id));
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
