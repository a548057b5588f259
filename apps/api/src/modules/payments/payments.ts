// Every query on card payments. The providers (providers.ts) record what the processor says through these; an order
// takes its payment (paymentForOrder) and a cancel claims it back (claimForRefund) inside their own transactions.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { orders, payments, processedWebhookEvents } from '../../db/schema.ts';
import { conflict, invalid, notFound, paymentRequired } from '../errors.ts';
import { chargeSandboxCard, type CardInput } from './sandbox-cards.ts';

export const PAYMENT_MESSAGES = {
  missing: 'Please pay by card before placing the order',
  notFound: 'We could not find your card payment, please pay again',
  notPaid: 'Your card payment has not been completed',
  amountMismatch: 'The amount paid does not match your cart, please pay again',
  used: 'This payment has already been used for an order',
} as const;

export async function insertPayment(
  db: Db,
  row: { id: string; provider: 'sandbox' | 'stripe'; userId: string; amountPiastres: number; clientSecret: string },
): Promise<void> {
  await db.insert(payments).values({ ...row, status: 'requires_payment_method' });
}

export async function findPayment(db: Db, paymentId: string) {
  const [record] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return record;
}

/** The Paymob payment of an order, locked for the caller's transaction when there is one. */
export async function paymentOfOrder(db: Db, orderId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'paymob')))
    .for('update');
  return payment;
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

/**
 * Claims the caller's paid payments that no order took, for a refund: each is locked, then the orders are read in
 * a statement that starts after the lock was granted (so it sees an order that a concurrent checkout committed
 * while holding that lock), and the unused ones are marked `refunding` in the caller's transaction, which queues
 * their refunds (refunds.ts). A checkout that comes later finds them no longer `succeeded`.
 */
export async function claimUnusedPayments(tx: Db, userId: string): Promise<string[]> {
  const candidates = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded')))
    .orderBy(payments.id)
    .for('update');
  if (candidates.length === 0) return [];
  const ids = candidates.map((row) => row.id);
  const used = new Set((await tx.select({ id: orders.paymentIntentId }).from(orders).where(inArray(orders.paymentIntentId, ids))).map((row) => row.id));
  const unused = ids.filter((id) => !used.has(id));
  if (unused.length === 0) return [];
  await tx.update(payments).set({ status: 'refunding', updatedAt: new Date() }).where(inArray(payments.id, unused));
  return unused;
}

/** The customer's payment, claimed for a refund when it is still paid and no order took it (a checkout that was refused). */
export async function claimIfUnused(tx: Db, paymentId: string, userId: string): Promise<boolean> {
  const [payment] = await tx.select({ status: payments.status, userId: payments.userId }).from(payments).where(eq(payments.id, paymentId)).for('update');
  if (payment?.status !== 'succeeded' || payment.userId !== userId) return false;
  const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentId));
  if (used) return false;
  await tx.update(payments).set({ status: 'refunding', updatedAt: new Date() }).where(eq(payments.id, paymentId));
  return true;
}

/**
 * A refund's try, recorded: `refunded` when the processor took it, else the payment stays `refunding`. Answers how
 * many tries the payment has had with this one, or null when another run of the job recorded it first.
 */
export async function recordRefundTry(tx: Db, paymentId: string, refunded: boolean): Promise<{ tries: number; amountPiastres: number } | null> {
  const [row] = await tx
    .update(payments)
    .set({ status: refunded ? 'refunded' : 'refunding', refundAttempts: sql`${payments.refundAttempts} + 1`, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'refunding')))
    .returning({ tries: payments.refundAttempts, amountPiastres: payments.amountPiastres });
  return row ?? null;
}

/** Records what Stripe says of an intent; only an intent paid in full, in EGP, counts as succeeded. */
export async function recordStripeIntent(db: Db, intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'amount_received' | 'currency'>) {
  const record = await findPayment(db, intent.id);
  if (!record) return;
  const paid = intent.status === 'succeeded' && intent.currency === 'egp' && intent.amount_received === record.amountPiastres;
  if (record.status === 'refunded' || record.status === 'refunding') return;
  const status = paid ? 'succeeded' : intent.status === 'canceled' ? 'failed' : record.status;
  // conditional: a refund claimed meanwhile is not turned back into a usable payment
  await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payments.id, intent.id), notInArray(payments.status, ['refunded', 'refunding'])));
}

/**
 * True the first time a webhook event is seen, or the first time something a callback owes once is done (the mail of
 * a Paymob transaction that paid an order twice, keyed `paymob-paid-twice:<transaction>`). Never pruned.
 */
export async function firstDelivery(db: Db, eventId: string): Promise<boolean> {
  const [fresh] = await db.insert(processedWebhookEvents).values({ id: eventId }).onConflictDoNothing().returning();
  return Boolean(fresh);
}

/** Stripe's webhook: each event is recorded once (Stripe may deliver one again); what it says of an intent is kept. */
export async function recordStripeEvent(db: Db, event: Stripe.Event): Promise<'recorded' | 'duplicate'> {
  if (!(await firstDelivery(db, event.id))) return 'duplicate';
  if (event.type.startsWith('payment_intent.')) await recordStripeIntent(db, event.data.object as Stripe.PaymentIntent);
  return 'recorded';
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

/**
 * The card payment an order is placed with, inside the order's transaction: locked until its commit, and only the
 * caller's own, paid, taken by no other order, of exactly the order's total. Answers its id.
 */
export async function paymentForOrder(db: Db, paymentId: string | undefined, userId: string, totalPiastres: number): Promise<string> {
  if (!paymentId) throw paymentRequired(PAYMENT_MESSAGES.missing);
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || payment.userId !== userId) throw paymentRequired(PAYMENT_MESSAGES.notFound);
  if (payment.status !== 'succeeded') throw paymentRequired(PAYMENT_MESSAGES.notPaid);
  const [used] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, payment.id));
  if (used) throw conflict(PAYMENT_MESSAGES.used);
  if (payment.amountPiastres !== totalPiastres) throw conflict(PAYMENT_MESSAGES.amountMismatch);
  return payment.id;
}

/**
 * A canceled order's payment, claimed for a refund inside the cancel's transaction. Only a payment still `succeeded`
 * is claimed, so a refund is asked for once whatever happens around it.
 */
export async function claimForRefund(db: Db, paymentId: string): Promise<{ id: string; amountPiastres: number } | null> {
  const [claimed] = await db
    .update(payments)
    .set({ status: 'refunding', updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')))
    .returning({ id: payments.id, amountPiastres: payments.amountPiastres });
  return claimed ?? null;
}
