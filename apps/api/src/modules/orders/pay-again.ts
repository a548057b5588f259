// Finishing the payment of an order awaiting it, from the order's page (issue 42, decision 066): "Pay now" reopens the
// payment the shopper started (the provider's page for its client secret: nothing new is opened), and "another way"
// opens a new payment for the order's total by that way, for the time the order still holds its pieces (a new way never
// holds them longer). The order keeps every payment it opened: whichever is paid first places it (settle-payment.ts),
// and money paid through another afterwards goes back as a second payment does. The new payment is opened before the
// order's transaction (a provider that cannot be reached writes nothing); if the order moved meanwhile it is refused
// and the payment is left unpaid, to expire with the hold.
import { count, eq } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { CheckoutAnswer } from '@shop/core/contract/orders';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import { conflict, invalid, notFound, unavailable } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { insertOrderPayment, paymentOfOrder, paymentReference } from '../payments/payments.ts';
import { PaymentUnavailable, type PaymentMethod } from '../payments/port.ts';
import { toOrder } from '../wire.ts';
import type { CheckoutContext } from './checkout.ts';
import { readGuestOrder } from './guest.ts';

/** How many payments one order may open in all (its first and four other ways): each is a call to the provider. */
export const PAYMENTS_PER_ORDER_MAX = 5;
/** A way is not opened with less time than this left to pay it in (the provider's page would expire under her). */
const LEAST_TIME_MS = 60_000;

export type PayAgainContext = Pick<CheckoutContext, 'db' | 'payments' | 'publicUrl'>;

/** Who asks: the order's customer (signed in), or a guest with the order's token. */
export type Payer = { customerId: string } | { guestToken: string };

/**
 * The payment to finish an order with: the current one reopened when `method` is absent or the order's own way, else a
 * new one by `method`. 404 for an order the caller may not read; 409 for one not waiting for its payment.
 */
export async function payAgain(ctx: PayAgainContext, orderId: string, payer: Payer, method: PaymentMethod | undefined): Promise<Omit<CheckoutAnswer, 'guestToken'>> {
  const orderPayments = ctx.payments.orderPayments;
  if (!orderPayments) throw notFound(MESSAGES.paymentWayNotOffered);
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  if ('guestToken' in payer) await readGuestOrder(ctx.db, orderId, payer.guestToken);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  // a customer's order answers its customer alone; a guest's (its token checked above) whoever holds its token
  if (!row || ('customerId' in payer && row.userId !== payer.customerId)) throw notFound(MESSAGES.orderNotFound);
  if (row.status !== 'awaiting-payment' || !row.holdUntil) throw conflict(MESSAGES.notAwaitingPayment);
  const publicKey = ctx.payments.publishableKey ?? '';

  const current = await paymentOfOrder(ctx.db, orderId);
  if (current && (method === undefined || method === current.method)) {
    return { order: toOrder(row), clientSecret: current.clientSecret, publicKey, checkoutUrl: orderPayments.checkoutUrl(current.clientSecret) };
  }
  if (!method || !orderPayments.methods.includes(method)) throw invalid(MESSAGES.paymentWayNotOffered);
  const left = row.holdUntil.getTime() - Date.now();
  if (left < LEAST_TIME_MS) throw conflict(MESSAGES.payTimeOver);
  const [opened] = await ctx.db.select({ value: count() }).from(payments).where(eq(payments.orderId, orderId));
  const n = (opened?.value ?? 0) + 1;
  if (n > PAYMENTS_PER_ORDER_MAX) throw conflict(MESSAGES.payTriesUsed);

  const reference = paymentReference(orderId, n);
  const token = 'guestToken' in payer ? payer.guestToken : null;
  const returnQuery = new URLSearchParams({ shop_order: orderId, ...(token ? { token } : {}) });
  let intention;
  try {
    intention = await orderPayments.open({
      orderId,
      reference,
      amountPiastres: row.totalPiastres,
      method,
      billing: { firstName: row.firstName, lastName: row.secondName, email: row.email, phone: row.phoneNumber, city: row.city, governorate: row.governorate, street: row.address },
      itemName: `Order #${row.number}`,
      publicUrl: ctx.publicUrl,
      returnUrl: `${ctx.publicUrl}/api/payments/${ctx.payments.name}/return?${returnQuery.toString()}`,
      expiresInSeconds: Math.ceil(left / 1000),
    });
  } catch (error) {
    if (error instanceof PaymentUnavailable) throw unavailable(MESSAGES.paymentNotStarted);
    throw error;
  }

  const updated = await ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    const [locked] = await inTx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (locked?.status !== 'awaiting-payment') throw conflict(MESSAGES.notAwaitingPayment);
    await insertOrderPayment(inTx, {
      id: intention.id,
      provider: ctx.payments.name,
      userId: locked.userId,
      orderId,
      reference,
      method,
      providerOrderRef: intention.providerOrderRef,
      amountPiastres: locked.totalPiastres,
      clientSecret: intention.clientSecret,
    });
    // the way she pays now: the order's page shows it (a kiosk reference of the way she left is not hers to pay with)
    const [written] = await inTx
      .update(orders)
      .set({ paymentIntentId: intention.id, paymentMethod: method, paymentReference: null })
      .where(eq(orders.id, orderId))
      .returning();
    return written!;
  });
  return { order: toOrder(updated), clientSecret: intention.clientSecret, publicKey: intention.publicKey, checkoutUrl: intention.checkoutUrl };
}
