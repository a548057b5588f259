// Placing an order (decision 002): the transaction makes the order from the caller's cart, and the lifecycle writes it
// with its event, which its mail follows (decisions 026, 058); once it has committed, the cache hears what it changed. Whatever fails after the commit cannot undo the order.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { emailKey } from '@shop/core/email-key';
import { MESSAGES } from '@shop/core/messages';
import { priceCart, totalsAgree } from '@shop/core/money';
import type { NewOrderBody, Order } from '@shop/core/contract/orders';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys, type OrderLine } from '../../db/schema.ts';
import type { PaymentWay } from '@shop/core/constants';
import type { Billing } from '@shop/core/contract/orders';
import { cartCouponCode, setCartCoupon, takeCart, type CartRow } from '../cart/cart.ts';
import { claimCoupon, type Buyer } from '../coupons/coupons.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { conflict, invalid, ShopError } from '../errors.ts';
import { paymentForOrder } from '../payments/payments.ts';
import type { PaymentMethod } from '../payments/port.ts';
import { queueRefund } from '../payments/refunds.ts';
import { toOrder, toProductSnapshot } from '../wire.ts';
import type { OrderContext } from './context.ts';
import { firstConfirmation } from './confirmation.ts';
import { openOrder } from './lifecycle.ts';
import { cartRowLine } from './orders.ts';
import { priceCheckout, type CheckoutChoice } from './pricing.ts';
import { assertHoldAllowed, type Holder } from './holds.ts';
import { sizeKey, takeStock } from './stock.ts';

export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was already used for a different order',
  inProgress: 'This order is already being placed',
} as const;

/** A client's Idempotency-Key, with a hash of the body it came with. */
export interface Idempotency {
  key: string;
  requestHash: string;
}

/**
 * Places the customer's order. A card payment is brought up to date with its processor first; then the transaction,
 * which queues the order's mail; then, after the commit, the catalog's cached answers are dropped when a size ran low
 * or sold out (decision 011). A replayed answer (the same Idempotency-Key again) queues nothing: its order's mail was
 * queued when it was placed. A card order refused (the last pieces went to another shopper) leaves a paid payment: its
 * refund is queued for a little later, and happens unless an order takes the payment meanwhile (a retry that succeeds).
 */
export async function placeOrder(
  ctx: OrderContext,
  customer: { id: string; username: string },
  body: NewOrderBody,
  idempotency?: Idempotency,
  lang: 'en' | 'ar' = 'en',
): Promise<{ order: Order; replayed: boolean }> {
  if (body.wayForPayment === 'credit' && body.paymentIntentId) await ctx.payments.refresh(body.paymentIntentId);
  const placing = placeInTransaction(ctx, customer.id, body, idempotency, lang);
  const { order, replayed, stockTaken } = await placing.catch(async (error: unknown) => {
    if (error instanceof ShopError && body.wayForPayment === 'credit' && body.paymentIntentId) {
      const runAt = new Date(Date.now() + ctx.config.jobs.unusedPaymentRefundAfterMs);
      await queueRefund(ctx.jobs, ctx.db, { paymentId: body.paymentIntentId, ifUnusedBy: customer.id }, runAt);
    }
    throw error;
  });

  if (stockTaken) ctx.catalogChanged();
  return { order, replayed };
}

/**
 * The order made from the caller's cart, in one transaction: prices come from the database, the client's lists and
 * total must agree with them, a card order needs a verified unused payment of exactly this amount, and the cart is
 * emptied with the same commit.
 */
async function placeInTransaction(ctx: OrderContext, userId: string, body: NewOrderBody, idempotency: Idempotency | undefined, lang: 'en' | 'ar') {
  if (body.productId.length !== body.quantaties.length) throw invalid('productId and quantaties must have the same length');
  return ctx.db.transaction(async (tx): Promise<{ order: Order; replayed: boolean; stockTaken: boolean }> => {
    if (idempotency) {
      // A second request with the same key waits here on the first one's row, then answers what it answered.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key: idempotency.key, requestHash: idempotency.requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) {
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotency.key)));
        if (!first || first.requestHash !== idempotency.requestHash) throw conflict(IDEMPOTENCY_MESSAGES.reused);
        if (!first.responseBody) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
        return { order: first.responseBody, replayed: true, stockTaken: false };
      }
    }
    // The cart is taken (deleted) as it is read, in one statement: its rows stay locked until the commit, so a second
    // checkout by the same customer waits here and then finds the cart empty; a failure below rolls it back.
    const cart = await takeCart(tx as unknown as Db, userId);
    if (cart.length === 0) throw conflict(MESSAGES.cartEmpty);

    // SPEC's body lists products and quantities, not sizes: a product in two sizes (two lines) is asked for in total.
    const asked = new Map<string, number>();
    body.productId.forEach((id, index) => asked.set(id, (asked.get(id) ?? 0) + body.quantaties[index]!));
    const inCart = new Map<string, number>();
    for (const { item } of cart) inCart.set(item.productId, (inCart.get(item.productId) ?? 0) + item.quantity);
    const changed = inCart.size !== asked.size || [...inCart].some(([productId, quantity]) => asked.get(productId) !== quantity);
    if (changed) throw conflict(MESSAGES.cartChanged);

    const kept = body.couponCode ? null : await cartCouponCode(tx as unknown as Db, userId);
    const code = body.couponCode ? { value: body.couponCode, kept: false } : kept ? { value: kept, kept: true } : null;
    const { order: answer, stockTaken } = await writeOrder(ctx.jobs, tx as unknown as Db, {
      rows: cart,
      billing: body,
      way: body.wayForPayment,
      code,
      buyer: { userId, email: body.email },
      clientTotal: body.totalPrice,
      paymentIntentId: body.paymentIntentId,
      lang,
    });
    await setCartCoupon(tx as unknown as Db, userId, null);
    if (idempotency) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, responseBody: answer })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotency.key)));
    }
    return { order: answer, replayed: false, stockTaken };
  });
}

/** What an order is made of, whoever places it: its lines (with their products and stock), the billing, the way, the code. */
export interface OrderDraft {
  /** chosen before the transaction when something is derived from it (a guest's token) */
  id?: string;
  /** taken from the sequence before the transaction when something names the order first (Paymob's payment) */
  number?: number;
  rows: CartRow[];
  billing: Billing;
  way: PaymentWay;
  code: CheckoutChoice['code'];
  buyer: Buyer;
  /** the total the client saw; must agree with the server's (SPEC section 9) */
  clientTotal?: number;
  paymentIntentId?: string;
  lang: 'en' | 'ar';
  guestTokenHash?: string;
  /**
   * Paid through Paymob after it is written (PRODUCT section 4): the order waits for its payment (its intention, by
   * id), holding its pieces until `holdUntil`; its mail goes when it is paid.
   */
  awaiting?: { paymentId: string; method: PaymentMethod; holdUntil: Date };
  /** who holds its pieces unpaid (a guest's order, or one awaiting its payment): bounded by holds.ts */
  holder?: Holder;
}

/**
 * Writes an order inside the caller's transaction: takes its pieces from stock, prices it (delivery to its governorate,
 * the cash fee, the code, counted as used here so its limits hold under concurrency), checks the client's total and a
 * card order's payment, and has the lifecycle write it (lifecycle.ts: its status, and the event its mail follows).
 */
export async function writeOrder(jobs: JobQueue, tx: Db, draft: OrderDraft): Promise<{ order: Order; stockTaken: boolean }> {
  const { rows, billing } = draft;
  if (draft.holder) await assertHoldAllowed(tx, draft.holder, rows.reduce((sum, row) => sum + row.item.quantity, 0));
  const { taken, lowStock: stockTaken } = await takeStock(tx, rows);
  const priced = priceCart(rows, cartRowLine);
  const lines: OrderLine[] = priced.lines.map(({ item, quantity, unitPiastres }) => ({
    product: toProductSnapshot(item.product),
    size: item.item.size,
    quantity,
    unitPiastres,
    stockTaken: taken.has(sizeKey(item.item.productId, item.item.size)),
  }));
  const { figures, coupon } = await priceCheckout(tx, priced.subtotalPiastres, { governorate: billing.Governorate, way: draft.way, code: draft.code, buyer: draft.buyer });
  if (coupon) await claimCoupon(tx, coupon, draft.buyer);
  const total = figures.totalPiastres;
  if (draft.clientTotal !== undefined && !totalsAgree(draft.clientTotal, total, priced.quantity)) throw conflict(MESSAGES.pricesChanged);

  const userId = draft.buyer.userId;
  const { awaiting } = draft;
  const paymentIntentId = awaiting ? awaiting.paymentId : draft.way === 'credit' && userId ? await paymentForOrder(tx, draft.paymentIntentId, userId, total) : null;

  const order = await openOrder(
    jobs,
    tx,
    {
      id: draft.id ?? randomUUID(),
      ...(draft.number === undefined ? {} : { number: draft.number }),
      userId,
      createdAt: new Date(),
      firstName: billing.firstName,
      secondName: billing.secondName,
      email: billing.email,
      phoneNumber: billing.phoneNumber,
      governorate: billing.Governorate,
      city: billing.city,
      address: billing.address,
      wayForPayment: draft.way,
      totalPiastres: total,
      subtotalPiastres: figures.subtotalPiastres,
      discountPiastres: figures.discountPiastres,
      shippingPiastres: figures.shippingPiastres,
      codFeePiastres: figures.codFeePiastres,
      couponCode: coupon?.code ?? null,
      couponId: coupon?.id ?? null,
      guestTokenHash: draft.guestTokenHash ?? null,
      lines,
      paymentIntentId,
      paymentMethod: awaiting?.method ?? null,
      holdUntil: awaiting?.holdUntil ?? null,
      lang: draft.lang,
      clientIp: draft.holder?.clientIp ?? null,
      emailKey: emailKey(billing.email),
      confirmationStatus: await firstConfirmation(tx, draft.way),
    },
    { awaitingPayment: awaiting !== undefined },
  );
  return { order: toOrder(order), stockTaken };
}
