// Payments behind one interface: the built-in sandbox (default, no network), Stripe or Paymob (plugins/app/payments.ts
// chooses one from the configuration). Either way a payment row in our database records what the processor said;
// orders trust only that row.
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { MESSAGES } from '@shop/core/messages';
import { conflict } from '../errors.ts';
import { findPayment, insertPayment, recordStripeIntent } from './payments.ts';
import { isOfOrder, yes, type PaymobClient, type PaymobOrderOf } from './paymob.ts';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe' | 'paymob';
  readonly publishableKey: string | null;
  /** Opens a payment for this amount (piastres, EGP) and records it. */
  createIntent(userId: string, amountPiastres: number): Promise<PaymentIntent>;
  /** Brings our record up to date with the processor before an order relies on it. */
  refresh(paymentId: string): Promise<void>;
  /**
   * Asks the processor to give a paid payment's money back; throws when it did not. Safe to ask twice for one payment.
   * Our record is kept by the refund job that asks (refunds.ts).
   */
  refund(paymentId: string): Promise<void>;
}

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
    // The sandbox confirms through our own route, which writes the row itself.
    async refresh() {},
    // The sandbox holds no money: its refund is the record the refund job writes.
    async refund() {},
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
      await insertPayment(db, { id: intent.id, provider: 'stripe', userId, amountPiastres, clientSecret: intent.client_secret ?? '' });
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },
    async refresh(paymentId) {
      const record = await findPayment(db, paymentId);
      if (!record || record.provider !== 'stripe' || record.status === 'succeeded') return;
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      await recordStripeIntent(db, intent);
    },
    async refund(paymentId) {
      await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${paymentId}` });
    },
  };
}

const cairoDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(date);

/** A paid Paymob transaction to give back, the order it must be of, and what decides between a void and a refund. */
export interface PaymobGiveBack {
  transactionId: string;
  of: PaymobOrderOf;
  method: string | null;
  paidAt: Date;
}

/**
 * Gives a paid Paymob transaction's money back, once Paymob has said it is of this order's Paymob order (decision 050;
 * anything else throws and nothing is given): voided the day it was paid (Cairo's day; no fee, nothing reaches the
 * statement), refunded after that or when the void is refused, for the amount Paymob says was paid; a kiosk payment is
 * refunded. A transaction already voided or refunded (an earlier try got through, its answer lost) is done. Throws
 * when Paymob did not take it.
 */
export async function giveBackPaymob(paymob: PaymobClient, { transactionId, of, method, paidAt }: PaymobGiveBack): Promise<void> {
  const paid = await paymob.transaction(transactionId);
  if (!paid || !isOfOrder(paid, of)) throw new Error(`Paymob does not put the transaction ${transactionId} in the order ${of.orderId}'s Paymob order: nothing was given back`);
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

/**
 * Paymob: an order is written before its payment (POST /api/orders/checkout, modules/orders/checkout.ts), so SPEC's
 * pay-then-order call is not offered. A refund gives back the transaction that paid (giveBackPaymob).
 */
export function paymobProvider(db: Db, paymob: PaymobClient): PaymentProvider {
  return {
    name: 'paymob',
    publishableKey: paymob.settings.publicKey,
    async createIntent() {
      throw conflict(MESSAGES.paymentWayNotOffered);
    },
    // the callback and the inquiry (modules/orders/settle-payment.ts) keep the record
    async refresh() {},
    async refund(paymentId) {
      const record = await findPayment(db, paymentId);
      if (!record?.transactionId) throw new Error(`the Paymob payment ${paymentId} has no transaction to refund`);
      await giveBackPaymob(paymob, { transactionId: record.transactionId, of: record, method: record.method, paidAt: record.createdAt });
    },
  };
}
