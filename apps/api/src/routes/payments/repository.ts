// Every query on card payments. The providers (plugins/app/payments.ts) and the routes call these; orders take a
// payment in routes/orders/repository.ts, under a row lock on it.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { orders, payments, processedWebhookEvents } from '../../db/schema.ts';

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

/** The caller's own sandbox payment, by the secret the checkout holds. */
export async function findSandboxPayment(db: Db, clientSecret: string, userId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.clientSecret, clientSecret), eq(payments.userId, userId), eq(payments.provider, 'sandbox')));
  return payment;
}

/** The sandbox's card outcome; a payment already paid, being refunded or refunded is not charged again. */
export async function recordSandboxOutcome(db: Db, paymentId: string, status: 'succeeded' | 'failed', failureMessage: string | null) {
  await db
    .update(payments)
    .set({ status, failureMessage, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['requires_payment_method', 'failed'])));
}

export async function markRefunded(db: Db, paymentId: string): Promise<void> {
  await db.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/**
 * Claims the caller's paid payments that no order took, for a refund: each is locked, then the orders are read in
 * a statement that starts after the lock was granted (so it sees an order that a concurrent checkout committed
 * while holding that lock), and the unused ones are marked `refunding` in the same transaction. A checkout that
 * comes later finds them no longer `succeeded`. Payments left `refunding` by a provider failure are claimed
 * again, so the refund is retried (the provider call is idempotent): those no order took, and those of an order
 * canceled since (routes/orders/lifecycle.ts claimed them).
 */
export async function claimUnusedPayments(db: Db, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(and(eq(payments.userId, userId), inArray(payments.status, ['succeeded', 'refunding'])))
      .orderBy(payments.id)
      .for('update');
    if (candidates.length === 0) return [];
    const ids = candidates.map((row) => row.id);
    const orderStatus = new Map(
      (await tx.select({ id: orders.paymentIntentId, status: orders.status }).from(orders).where(inArray(orders.paymentIntentId, ids))).map(
        (row) => [row.id, row.status],
      ),
    );
    const unused = candidates
      .filter((row) => !orderStatus.has(row.id) || (orderStatus.get(row.id) === 'canceled' && row.status === 'refunding'))
      .map((row) => row.id);
    if (unused.length === 0) return [];
    const claimed = await tx
      .update(payments)
      .set({ status: 'refunding', updatedAt: new Date() })
      .where(and(inArray(payments.id, unused), inArray(payments.status, ['succeeded', 'refunding'])))
      .returning({ id: payments.id });
    return claimed.map((row) => row.id);
  });
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

/** True the first time a webhook event is seen. */
export async function firstDelivery(db: Db, eventId: string): Promise<boolean> {
  const [fresh] = await db.insert(processedWebhookEvents).values({ id: eventId }).onConflictDoNothing().returning();
  return Boolean(fresh);
}
