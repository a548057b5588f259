// The built-in sandbox (the default, no network): a card processor's test mode. A payment is opened here, the card is
// checked by our own confirm call (POST /api/payments/sandbox/confirm) with a few well-known test numbers, and the
// outcome is the payment's row. It holds no money: a refund is the record the refund job writes.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payments } from '../../../db/schema.ts';
import { invalid, notFound, paymentRequired } from '../../errors.ts';
import { insertPayment } from '../payments.ts';
import type { PaymentProvider } from '../port.ts';
import { chargeSandboxCard, type CardInput } from './sandbox-cards.ts';

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
    // the sandbox confirms through our own route, which writes the row itself
    async refresh() {},
    async refund() {},
    async refundPart() {},
  };
}

/** The caller's own sandbox payment, by the secret the checkout holds. */
async function findSandboxPayment(db: Db, clientSecret: string, userId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.clientSecret, clientSecret), eq(payments.userId, userId), eq(payments.provider, 'sandbox')));
  return payment;
}

/** The sandbox's card outcome; a payment already paid, being refunded or refunded is not charged again. */
async function recordSandboxOutcome(db: Db, paymentId: string, status: 'succeeded' | 'failed', failureMessage: string | null) {
  await db
    .update(payments)
    .set({ status, failureMessage, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['requires_payment_method', 'failed'])));
}

/** The sandbox's stand-in for a processor's confirm call: the caller's card is checked here, the outcome recorded. */
export async function confirmSandboxPayment(db: Db, userId: string, clientSecret: string, card: CardInput) {
  const payment = await findSandboxPayment(db, clientSecret, userId);
  if (!payment) throw notFound('Payment not found, please start the payment again');
  if (payment.status === 'succeeded') return { status: 'succeeded' as const, paymentIntentId: payment.id };

  const outcome = chargeSandboxCard(card);
  if (outcome.kind === 'invalid') throw invalid(outcome.message);
  const status = outcome.kind === 'paid' ? 'succeeded' : 'failed';
  await recordSandboxOutcome(db, payment.id, status, outcome.kind === 'declined' ? outcome.message : null);
  if (outcome.kind === 'declined') throw paymentRequired(outcome.message);
  return { status: 'succeeded' as const, paymentIntentId: payment.id };
}
