// Stripe: SPEC's card payment is a PaymentIntent, confirmed in the browser by Stripe.js; its signed webhook events say
// how it stands. This file alone reads Stripe's fields: an intent becomes a PaymentEvent.
import type Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findPayment, insertPayment, recordPaymentEvent } from '../payments.ts';
import type { PaymentEvent, PaymentProvider } from '../port.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
}

/** What an intent says, as the shop reads it: paid only when Stripe says succeeded, for what it received. */
function eventOf(intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount_received' | 'currency'>): PaymentEvent {
  return {
    kind: intent.status === 'succeeded' ? 'paid' : intent.status === 'canceled' ? 'failed' : 'pending',
    orderRef: null,
    paymentId: intent.id,
    providerOrderRef: null,
    transactionId: intent.id,
    amountPiastres: intent.amount_received,
    currency: intent.currency.toUpperCase(),
    method: 'card',
    at: null,
  };
}

export async function stripeProvider(db: Db, settings: StripeSettings): Promise<PaymentProvider> {
  // loaded only when Stripe is the provider
  const { default: StripeClient } = await import('stripe');
  const stripe = new StripeClient(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
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
      await recordPaymentEvent(db, eventOf(await stripe.paymentIntents.retrieve(paymentId)));
    },
    async refund(paymentId) {
      await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${paymentId}` });
    },
    async refundPart(paymentId, amountPiastres, key) {
      await stripe.refunds.create({ payment_intent: paymentId, amount: amountPiastres }, { idempotencyKey: `refund-${key}` });
    },
    // Stripe signs the raw bytes; each event is applied once by its id (Stripe may deliver one again)
    async webhook({ rawBody, headers }) {
      if (!settings.webhookSecret) throw notFound('Webhooks are not configured');
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !rawBody) return { kind: 'refused', message: 'Missing Stripe signature' };
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      } catch {
        return { kind: 'refused', message: 'Invalid Stripe signature' };
      }
      if (!event.type.startsWith('payment_intent.')) return { kind: 'other', deliveryId: event.id };
      return { kind: 'payment', event: eventOf(event.data.object as Stripe.PaymentIntent), deliveryId: event.id };
    },
  };
}
