// Paymob behind the payment port (PRODUCT section 4, decisions 043 and 050): an order is written before its payment
// (POST /api/orders/checkout), so SPEC's pay-then-order call is not offered; a payment is opened as a Paymob intention
// for the order, and Paymob's word on a transaction is only ever what its inquiry answers. This file reads Paymob's
// fields (paymob-client.ts speaks its wire) and hands the shop a PaymentEvent.
import { PAYMOB_METHODS, type PaymobMethod } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import type { PaymobSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { conflict, unavailable } from '../../errors.ts';
import { findPayment } from '../payments.ts';
import type { GiveBack, PaymentEvent, PaymentProvider } from '../port.ts';
import { isOfOrder, isSignedByPaymob, paymobClient, PaymobError, yes, type PaymobClient, type PaymobTransaction } from './paymob-client.ts';

/** The way a Paymob integration takes payments by, when it is one of the shop's. */
function methodOfIntegration(integrations: Partial<Record<PaymobMethod, number>>, id: number): PaymobMethod | null {
  return (Object.entries(integrations) as [PaymobMethod, number | undefined][]).find(([, integration]) => integration === id)?.[0] ?? null;
}

/** A transaction as the shop reads it; null for a refund's or a void's own record (it moves nothing). */
function eventOf(transaction: PaymobTransaction | null, integrations: PaymobSettings['integrations']): PaymentEvent | null {
  if (!transaction || yes(transaction.has_parent_transaction) || yes(transaction.is_refund) || yes(transaction.is_void)) return null;
  const paid = yes(transaction.success) && !yes(transaction.pending) && !yes(transaction.is_voided) && !yes(transaction.is_refunded);
  const pending = !yes(transaction.success) && yes(transaction.pending);
  const givenBack = yes(transaction.is_voided) || yes(transaction.is_refunded);
  const at = new Date(transaction.created_at);
  const reference = transaction.data?.bill_reference;
  const merchantOrderId = transaction.order?.merchant_order_id;
  return {
    kind: paid ? 'paid' : pending ? 'pending' : givenBack && yes(transaction.success) ? 'refunded' : 'failed',
    // Paymob's own answer: the reference our intention gave it, our order's id
    orderRef: typeof merchantOrderId === 'string' ? merchantOrderId : null,
    providerOrderRef: transaction.order?.id === undefined || transaction.order.id === null ? null : String(transaction.order.id),
    transactionId: String(transaction.id),
    amountPiastres: Number(transaction.amount_cents),
    currency: String(transaction.currency),
    method: methodOfIntegration(integrations, Number(transaction.integration_id)),
    at: Number.isNaN(at.getTime()) ? null : at,
    ...(reference === undefined || reference === null || String(reference) === '' ? {} : { payReference: String(reference) }),
  };
}

const cairoDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(date);

/**
 * Gives a paid Paymob transaction's money back, once Paymob has said it is of this order's Paymob order (decision 050;
 * anything else throws and nothing is given): voided the day it was paid (Cairo's day; no fee, nothing reaches the
 * statement), refunded after that or when the void is refused, for the amount Paymob says was paid; a kiosk payment is
 * refunded. A transaction already voided or refunded (an earlier try got through, its answer lost) is done. Throws
 * when Paymob did not take it.
 */
async function giveBackPaymob(paymob: PaymobClient, { transactionId, orderId, providerOrderRef, method, paidAt }: GiveBack): Promise<void> {
  const paid = await paymob.transaction(transactionId);
  if (!paid || !isOfOrder(paid, { orderId, paymobOrderId: providerOrderRef })) {
    throw new Error(`Paymob does not put the transaction ${transactionId} in the order ${orderId}'s Paymob order: nothing was given back`);
  }
  if (yes(paid.is_voided) || yes(paid.is_refunded)) return;
  if (method !== 'kiosk' && cairoDay(paidAt) === cairoDay(new Date())) {
    try {
      await paymob.voidTransaction(transactionId);
      return;
    } catch {
      // not voidable any more (settled): refunded instead
    }
  }
  await paymob.refund(transactionId, Number(paid.amount_cents));
}

export function paymobProvider(db: Db, settings: PaymobSettings, paymob: PaymobClient = paymobClient(settings)): PaymentProvider {
  const { integrations } = settings;
  return {
    name: 'paymob',
    publishableKey: settings.publicKey,
    async createIntent() {
      throw conflict(MESSAGES.paymentWayNotOffered);
    },
    // the callback and the inquiry keep the record (modules/orders/settle-payment.ts)
    async refresh() {},
    // a canceled order's payment: the transaction that paid it goes back
    async refund(paymentId) {
      const record = await findPayment(db, paymentId);
      if (!record?.transactionId) throw new Error(`the Paymob payment ${paymentId} has no transaction to refund`);
      await giveBackPaymob(paymob, { transactionId: record.transactionId, orderId: record.orderId ?? '', providerOrderRef: record.paymobOrderId, method: record.method, paidAt: record.createdAt });
    },
    // a return's share (decision 065): refunded from the transaction that paid the order, for that amount. Paymob takes
    // no idempotency key: the returns' job asks once per try and records the outcome at once
    async refundPart(paymentId, amountPiastres) {
      const record = await findPayment(db, paymentId);
      if (!record?.transactionId) throw new Error(`the Paymob payment ${paymentId} has no transaction to refund`);
      await paymob.refund(record.transactionId, amountPiastres);
    },
    // Its signed transaction callback is a hint, never proof (decision 050): the signed fields can be replayed or have
    // digits moved between them, and the order's reference is not signed at all, so Paymob is asked what the
    // transaction is. Paymob also calls back about saved cards (TOKEN) and other events: only transactions move orders.
    async webhook({ body, query }) {
      const callback = body as { type?: unknown; obj?: unknown } | null;
      if (!callback || !isSignedByPaymob(callback.obj, query.hmac, settings.hmacSecret)) return { kind: 'refused', message: 'Invalid Paymob signature' };
      if (callback.type !== 'TRANSACTION') return { kind: 'other' };
      const id: unknown = callback.obj.id;
      if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d{1,20}$/.test(String(id))) return { kind: 'payment', event: null };
      try {
        return { kind: 'payment', event: eventOf(await paymob.transaction(String(id)), integrations) };
      } catch (error) {
        // answered 503: Paymob sends it again
        if (error instanceof PaymobError) throw unavailable('Paymob could not be asked about this transaction; send it again later');
        throw error;
      }
    },
    orderPayments: {
      methods: PAYMOB_METHODS.filter((method) => integrations[method] !== undefined),
      async open(request) {
        const intention = await paymob.createIntention({
          amountPiastres: request.amountPiastres,
          method: request.method,
          reference: request.reference ?? request.orderId,
          billing: request.billing,
          itemName: request.itemName,
          notificationUrl: `${request.publicUrl}/api/payments/paymob/callback`,
          redirectionUrl: request.returnUrl,
          expiresInSeconds: request.expiresInSeconds,
        });
        return {
          id: intention.id,
          clientSecret: intention.clientSecret,
          providerOrderRef: intention.paymobOrderId,
          checkoutUrl: paymob.checkoutUrl(intention.clientSecret),
          publicKey: settings.publicKey,
        };
      },
      inquire: async (transactionId) => eventOf(await paymob.transaction(transactionId), integrations),
      inquireOrder: async (reference) => eventOf(await paymob.transactionOf(reference), integrations),
      checkoutUrl: (clientSecret) => paymob.checkoutUrl(clientSecret),
      giveBack: (transaction) => giveBackPaymob(paymob, transaction),
    },
  };
}
