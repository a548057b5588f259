// Every query on payments, in the shop's words whatever the provider. The adapters (adapters/<name>.ts) record what
// the provider says through these; an order takes its payment (paymentForOrder) and a cancel claims it back
// (claimForRefund) inside their own transactions; a payment made after its order moves with its order
// (modules/orders/settle-payment.ts).
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, processedWebhookEvents } from '../../db/schema.ts';
import { conflict, paymentRequired } from '../errors.ts';
import type { PaymentEvent, PaymentMethod } from './port.ts';

export const PAYMENT_MESSAGES = {
  missing: 'Please pay by card before placing the order',
  notFound: 'We could not find your card payment, please pay again',
  notPaid: 'Your card payment has not been completed',
  amountMismatch: 'The amount paid does not match your cart, please pay again',
  used: 'This payment has already been used for an order',
} as const;

export async function insertPayment(db: Db, row: { id: string; provider: string; userId: string; amountPiastres: number; clientSecret: string }): Promise<void> {
  await db.insert(payments).values({ ...row, status: 'requires_payment_method' });
}

/**
 * The payment opened for an order about to be written, in the order's transaction: the only one that moves the order,
 * and only by transactions of the provider's order it opened (`providerOrderRef`; decision 050).
 */
export async function insertOrderPayment(
  tx: Db,
  row: {
    id: string;
    provider: string;
    userId: string | null;
    orderId: string;
    /** the reference it was opened with when it is not the order's id (another way chosen later) */
    reference?: string;
    method: PaymentMethod;
    providerOrderRef: string | null;
    amountPiastres: number;
    clientSecret: string;
  },
): Promise<void> {
  const { providerOrderRef, ...columns } = row;
  await tx.insert(payments).values({ ...columns, paymobOrderId: providerOrderRef, status: 'requires_payment_method' });
}

export async function findPayment(db: Db, paymentId: string) {
  const [record] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return record;
}

/**
 * The order's current payment (the one its row names: the last way chosen, or the one that paid it), locked for the
 * caller's transaction when there is one.
 */
export async function paymentOfOrder(db: Db, orderId: string) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, and(eq(orders.id, payments.orderId), eq(orders.paymentIntentId, payments.id)))
    .where(eq(payments.orderId, orderId))
    .for('update', { of: payments });
  return row?.payment;
}

/** Every payment opened for an order written before it (one per way chosen), newest first, locked likewise. */
export async function paymentsOfOrder(db: Db, orderId: string) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt), desc(payments.id)).for('update');
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * Whether a provider's transaction is of the payment opened for an order: of the provider's order that payment opened,
 * the only one whose transactions may move the order or be given back for it (decision 050). A payment opened before
 * that order was kept is matched by the order's reference the provider answers with.
 */
export function isPaymentOf(event: PaymentEvent, payment: Pick<PaymentRow, 'orderId' | 'paymobOrderId' | 'reference'>): boolean {
  if (payment.paymobOrderId !== null) return (event.providerOrderRef ?? '') === payment.paymobOrderId;
  const reference = payment.reference ?? payment.orderId;
  return reference !== null && event.orderRef === reference;
}

/**
 * The reference an order's payment is opened with: the order's id for its first, "<order id>.<n>" for the n-th (a way
 * chosen again on the order's page), as Paymob refuses one reference twice.
 */
export const paymentReference = (orderId: string, n: number) => (n <= 1 ? orderId : `${orderId}.${n}`);

/** The order a reference names, as the provider gives it back (null: it names none of ours). */
export function orderOfReference(reference: string | null): string | null {
  const match = reference === null ? null : /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.([2-9]|[1-9]\d))?$/i.exec(reference);
  return match ? match[1]!.toLowerCase() : null;
}

/** An order's payment, paid by this transaction (in the transaction that accepts the order). */
export async function recordOrderPaid(tx: Db, paymentId: string, transactionId: string): Promise<void> {
  await tx.update(payments).set({ status: 'succeeded', transactionId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/** An order's payment, paid by this transaction after its order was let go: claimed for a refund. */
export async function recordPaidTooLate(tx: Db, paymentId: string, transactionId: string): Promise<void> {
  await tx.update(payments).set({ status: 'refunding', transactionId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/** An order's payment, pending as this transaction (a kiosk reference to pay with). */
export async function recordPending(tx: Db, paymentId: string, transactionId: string): Promise<void> {
  await tx.update(payments).set({ transactionId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/** The payment of an order let go unpaid. */
export async function recordOrderUnpaid(tx: Db, orderId: string): Promise<void> {
  await tx.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(eq(payments.orderId, orderId));
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

/**
 * Records what a provider says of a payment made before its order (SPEC's card checkout): only one paid in full, in
 * EGP, counts as succeeded; a payment being refunded or refunded is never turned back into a usable one.
 */
export async function recordPaymentEvent(db: Db, event: PaymentEvent): Promise<void> {
  const record = event.paymentId ? await findPayment(db, event.paymentId) : undefined;
  if (!record) return;
  const paid = event.kind === 'paid' && event.currency === 'EGP' && event.amountPiastres === record.amountPiastres;
  if (record.status === 'refunded' || record.status === 'refunding') return;
  const status = paid ? 'succeeded' : event.kind === 'failed' ? 'failed' : record.status;
  // conditional: a refund claimed meanwhile is not turned back into a usable payment
  await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payments.id, record.id), notInArray(payments.status, ['refunded', 'refunding'])));
}

/**
 * True the first time a webhook event is seen, or the first time something a callback owes once is done (the mail of
 * a Paymob transaction that paid an order twice, keyed `paymob-paid-twice:<transaction>`). Never pruned.
 */
export async function firstDelivery(db: Db, eventId: string): Promise<boolean> {
  const [fresh] = await db.insert(processedWebhookEvents).values({ id: eventId }).onConflictDoNothing().returning();
  return Boolean(fresh);
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
