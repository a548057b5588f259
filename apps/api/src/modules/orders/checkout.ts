// Paying after the order is written (Paymob: PRODUCT section 4, decision 043): a wallet or kiosk payment ends after the
// shopper has left the page, so the order is written first, `awaiting-payment`, holding its pieces, and the provider's
// answer moves it on (settle-payment.ts). The payment is opened through the payment port before the order's
// transaction, for the total the cart costs now, with the order's id chosen beforehand as its reference: if the
// provider cannot be reached nothing is written and the cart stays; if the cart changed meanwhile the transaction
// refuses the order and the payment is left unpaid (it expires with the hold). The transaction writes the order, its
// payment record and the job that releases it unpaid.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { priceCart, totalsAgree } from '@shop/core/money';
import type { CheckoutAnswer, CheckoutBody } from '@shop/core/contract/orders';
import type { Settings } from '@shop/core/contract/settings';
import type { Db } from '../../db/client.ts';
import { checkoutKeys } from '../../db/schema.ts';
import { cartCouponCode, cartRows, setCartCoupon, takeCart, type CartRow } from '../cart/cart.ts';
import { conflict, invalid, unavailable } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { insertOrderPayment } from '../payments/payments.ts';
import { PaymentUnavailable, type PaymentMethod, type PaymentProvider } from '../payments/port.ts';
import { emailKey } from '@shop/core/email-key';
import { guestTokenOf, hashOf } from './guest.ts';
import { joined } from './holds.ts';
import { cartRowLine, takeOrderNumber } from './orders.ts';
import { IDEMPOTENCY_MESSAGES, writeOrder, type Idempotency } from './place-order.ts';
import { linesOf, priceCheckout, type CheckoutChoice } from './pricing.ts';

export interface CheckoutContext {
  db: Db;
  jobs: JobQueue;
  /** the provider's payments made after their order (modules/payments/port.ts) */
  payments: PaymentProvider;
  catalogChanged(): void;
  /** callback and return addresses are under it */
  publicUrl: string;
  /** the JWT secret: a guest's token is derived from the order's id with it (guest.ts) */
  secret: string;
  hold: { ms: number; kioskMs: number };
  /** the client address the checkout came from, which holds the order's pieces until it is paid, at most this many (holds.ts) */
  from: { clientIp: string; maxPieces: number };
}

/**
 * How long an unpaid order holds its pieces (decision 051): the admin's Settings (`holds`, bounded by their schema),
 * never longer than the operator's PAYMENT_HOLD_MINUTES and PAYMENT_KIOSK_HOLD_HOURS.
 */
export function paymentHolds(ceiling: CheckoutContext['hold'], settings: Settings['holds']): CheckoutContext['hold'] {
  return { ms: Math.min(ceiling.ms, settings.paymentMinutes * 60_000), kioskMs: Math.min(ceiling.kioskMs, settings.kioskHours * 3_600_000) };
}

/** How long an order paid this way holds its pieces: a kiosk reference is paid later, at a kiosk. */
export const holdMs = (hold: CheckoutContext['hold'], method: PaymentMethod) => (method === 'kiosk' ? hold.kioskMs : hold.ms);

/**
 * Writes the order awaiting its payment and answers what the browser pays it with. `customer`: the caller with a
 * token (their server cart); without one, a guest (the body's `lines`, and a token to read the order with).
 */
export async function startCheckout(
  ctx: CheckoutContext,
  customer: { id: string } | null,
  body: CheckoutBody,
  lang: 'en' | 'ar',
  idempotency?: Idempotency,
): Promise<{ answer: CheckoutAnswer; replayed: boolean }> {
  const orderPayments = ctx.payments.orderPayments;
  if (!orderPayments?.methods.includes(body.method)) throw invalid(MESSAGES.paymentWayNotOffered);
  if (!customer && !body.lines) throw invalid(MESSAGES.cartEmpty);
  // a retry of a checkout already written (its answer was lost, or the button was pressed twice): the same answer
  const claim = idempotency ? { buyer: customer ? `user:${customer.id}` : `guest:${body.email.toLowerCase()}`, ...idempotency } : null;
  if (claim) {
    const earlier = await answerOf(ctx.db, ctx.secret, claim);
    if (earlier) return { answer: earlier, replayed: true };
  }
  const id = randomUUID();
  const guestToken = customer ? undefined : guestTokenOf(ctx.secret, id);
  const buyer = { userId: customer?.id ?? null, email: body.email };

  // what the cart costs now: the intention's amount, which the order's own pricing must find again
  const draftRows = customer ? await cartRows(ctx.db, customer.id) : await guestRows(ctx.db, body.lines!);
  if (draftRows.length === 0) throw conflict(MESSAGES.cartEmpty);
  const code = await codeOf(ctx.db, customer, body);
  const choice: CheckoutChoice = { governorate: body.Governorate, way: 'credit', code, buyer };
  const quote = await priceCheckout(ctx.db, priceCart(draftRows, cartRowLine).subtotalPiastres, choice);
  const amount = quote.figures.totalPiastres;
  const pieces = draftRows.reduce((sum, row) => sum + row.item.quantity, 0);
  if (body.totalPrice !== undefined && !totalsAgree(body.totalPrice, amount, pieces)) throw conflict(MESSAGES.pricesChanged);

  const holdUntil = new Date(Date.now() + holdMs(ctx.hold, body.method));
  // Paymob's page names the order by its number: taken now (one the transaction then fails to use is never reused)
  const number = await takeOrderNumber(ctx.db);
  // `shop_order`: Paymob adds a query of its own to this address, `order` (its order's number) among it
  const returnQuery = new URLSearchParams({ shop_order: id, ...(guestToken ? { token: guestToken } : {}) });
  let intention;
  try {
    intention = await orderPayments.open({
      orderId: id,
      amountPiastres: amount,
      method: body.method,
      billing: {
        firstName: body.firstName,
        lastName: body.secondName,
        email: body.email,
        phone: body.phoneNumber,
        city: body.city,
        governorate: body.Governorate,
        street: body.address,
      },
      itemName: `Order #${number}`,
      publicUrl: ctx.publicUrl,
      returnUrl: `${ctx.publicUrl}/api/payments/${ctx.payments.name}/return?${returnQuery.toString()}`,
      expiresInSeconds: Math.ceil((holdUntil.getTime() - Date.now()) / 1000),
    });
  } catch (error) {
    // a 503 that says nothing was charged: the provider could not be reached, or refused the payment
    if (error instanceof PaymentUnavailable) throw unavailable(MESSAGES.paymentNotStarted);
    throw error;
  }

  const outcome = await ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    // The key is claimed first: a second request with it waits here until this one commits, then answers what it
    // answered (its own intention is left unpaid, and expires).
    if (claim) {
      const [claimed] = await inTx
        .insert(checkoutKeys)
        .values({ buyer: claim.buyer, key: claim.key, requestHash: claim.requestHash })
        .onConflictDoNothing()
        .returning({ key: checkoutKeys.key });
      if (!claimed) return { replayed: true, answer: (await answerOf(inTx, ctx.secret, claim))!, stockTaken: false };
    }
    // a customer's cart is taken as it is read (its rows locked until the commit), as new-order takes it
    const rows = customer ? await takeCart(inTx, customer.id) : draftRows;
    if (rows.length === 0) throw conflict(MESSAGES.cartEmpty);
    await insertOrderPayment(inTx, {
      id: intention.id,
      provider: ctx.payments.name,
      userId: customer?.id ?? null,
      orderId: id,
      method: body.method,
      // the only provider's order whose transactions move this order (decision 050)
      providerOrderRef: intention.providerOrderRef,
      amountPiastres: amount,
      clientSecret: intention.clientSecret,
    });
    const written = await writeOrder(ctx.jobs, inTx, {
      id,
      number,
      rows,
      billing: body,
      way: 'credit',
      code,
      buyer,
      lang,
      ...(guestToken ? { guestTokenHash: hashOf(guestToken) } : {}),
      awaiting: { paymentId: intention.id, method: body.method, holdUntil },
      holder: { ...ctx.from, emailKey: emailKey(body.email) },
    });
    // the intention is for `amount`: an order that costs anything else now is refused (nothing is paid yet)
    const total = Math.round(written.order.totalPrice * 100);
    if (total !== amount) throw conflict(MESSAGES.pricesChanged);
    if (customer) await setCartCoupon(inTx, customer.id, null);
    await ctx.jobs.add(inTx, 'payment-hold', { orderId: id }, { key: `payment-hold:${id}`, runAt: holdUntil });
    const answer: CheckoutAnswer = {
      order: written.order,
      clientSecret: intention.clientSecret,
      publicKey: intention.publicKey,
      checkoutUrl: intention.checkoutUrl,
    };
    if (claim) {
      await inTx
        .update(checkoutKeys)
        .set({ answer })
        .where(and(eq(checkoutKeys.buyer, claim.buyer), eq(checkoutKeys.key, claim.key)));
    }
    return { replayed: false, answer, stockTaken: written.stockTaken };
  });
  if (outcome.replayed) return { answer: outcome.answer, replayed: true };
  if (outcome.stockTaken) ctx.catalogChanged();
  return { answer: { ...outcome.answer, ...(guestToken ? { guestToken } : {}) }, replayed: false };
}

/**
 * The answer a checkout with this key gave, with a guest's token derived again; null when no checkout has the key.
 * The same key with another body is refused, as new-order refuses it.
 */
async function answerOf(db: Db, secret: string, claim: { buyer: string } & Idempotency): Promise<CheckoutAnswer | null> {
  const [earlier] = await db
    .select()
    .from(checkoutKeys)
    .where(and(eq(checkoutKeys.buyer, claim.buyer), eq(checkoutKeys.key, claim.key)));
  if (!earlier) return null;
  if (earlier.requestHash !== claim.requestHash) throw conflict(IDEMPOTENCY_MESSAGES.reused);
  if (!earlier.answer) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
  const guest = claim.buyer.startsWith('guest:');
  return { ...earlier.answer, ...(guest ? { guestToken: guestTokenOf(secret, earlier.answer.order._id) } : {}) };
}

/** A guest's lines as the shop has them now; a line whose product is gone refuses the checkout (the page shows it). */
async function guestRows(db: Db, lines: NonNullable<CheckoutBody['lines']>): Promise<CartRow[]> {
  const { rows, missing } = await linesOf(db, joined(lines, 'guest'));
  if (missing.length > 0) throw conflict(MESSAGES.cartChanged);
  return rows;
}

/** The code typed, or a customer's kept on their cart (left out with its reason when it no longer applies). */
async function codeOf(db: Db, customer: { id: string } | null, body: CheckoutBody): Promise<CheckoutChoice['code']> {
  if (body.couponCode) return { value: body.couponCode, kept: false };
  const kept = customer ? await cartCouponCode(db, customer.id) : null;
  return kept ? { value: kept, kept: true } : null;
}
