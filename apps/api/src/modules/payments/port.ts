// The payment port: what the shop asks of a payment provider, in the shop's words. Each provider is an adapter behind
// it (adapters/<name>.ts: the built-in sandbox, Stripe, Paymob), chosen by the configuration (plugins/app/payments.ts).
// The order code knows only this file: it opens a payment for an order, hears a provider's callback as a neutral
// PaymentEvent, asks the provider about a transaction, and has money given back; it never reads a provider's fields.
import type { PaymobMethod } from '@shop/core/constants';

/** A way of paying an order after it is written (the contract's `method`: card, wallet, kiosk). */
export type PaymentMethod = PaymobMethod;

/** A provider's word on one transaction, as the shop reads it. */
export interface PaymentEvent {
  /** paid; pending (to be paid elsewhere: a kiosk reference); failed; or paid and since given back (`refunded`) */
  kind: 'paid' | 'pending' | 'failed' | 'refunded';
  /** the shop's order the payment was opened for, as the provider gives it back (null: it names none) */
  orderRef: string | null;
  /** the shop's payment it is, when the provider names it: a payment made before its order (SPEC's card checkout) */
  paymentId?: string;
  /** the provider's own order the payment was opened as (checked against the one kept when it was opened) */
  providerOrderRef: string | null;
  transactionId: string;
  amountPiastres: number;
  /** ISO 4217, upper case */
  currency: string;
  /** the way it was paid, when it is one of the shop's */
  method: PaymentMethod | null;
  /** when the provider says it was made (null: it says nothing we can read) */
  at: Date | null;
  /** what the shopper pays a pending payment with (a kiosk's reference) */
  payReference?: string;
}

/** A payment opened for an order about to be written. */
export interface OpenPaymentRequest {
  /** the shop's order id: the provider gives it back with every transaction (`orderRef`) */
  orderId: string;
  /**
   * the reference the provider is given and gives back, when it is not the order's id: an order's payment opened
   * again another way (modules/orders/pay-again.ts), as Paymob refuses one reference twice
   */
  reference?: string;
  amountPiastres: number;
  method: PaymentMethod;
  billing: { firstName: string; lastName: string; email: string; phone: string; city: string; governorate: string; street: string };
  itemName: string;
  /** the shop's own address: the provider's callback comes to `/api/payments/<name>/webhook` under it */
  publicUrl: string;
  /** where the provider sends the shopper back */
  returnUrl: string;
  /** how long it may be paid in: the order's hold */
  expiresInSeconds: number;
}

export interface OpenedPayment {
  /** the shop's payment id (the payments row's) */
  id: string;
  clientSecret: string;
  /** the provider's own order the payment opened, when it has one: its transactions carry it */
  providerOrderRef: string | null;
  /** the provider's page where the shopper pays */
  checkoutUrl: string;
  publicKey: string;
}

/** A transaction to give back for an order: the provider checks it is of that order's payment before anything goes. */
export interface GiveBack {
  transactionId: string;
  orderId: string | null;
  providerOrderRef: string | null;
  method: string | null;
  paidAt: Date;
}

/** A provider's callback as it came: the route passes it on unread. */
export interface WebhookRequest {
  /** the parsed JSON body, when it was JSON */
  body: unknown;
  /** the bytes as sent, for a provider that signs them */
  rawBody: Buffer | null;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What a callback says once its adapter has checked it: refused (not the provider's: 400), about something else than
 * a payment, or about a payment (null: one the provider does not know, or a refund's own record). `deliveryId`: the
 * callback's own id, for a provider that may deliver it twice; the shop applies it once.
 */
export type WebhookOutcome =
  | { kind: 'refused'; message: string }
  | { kind: 'other'; deliveryId?: string }
  | { kind: 'payment'; event: PaymentEvent | null; deliveryId?: string };

/** A provider that could not be reached, or refused a call: the caller answers 503, or the queue tries again. */
export class PaymentUnavailable extends Error {}

/** SPEC's card payment, opened before its order, confirmed by the browser, then taken by the order. */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
}

/** Payments made after their order is written (POST /api/orders/checkout), held until paid or let go. */
export interface OrderPayments {
  /** the ways on offer */
  readonly methods: readonly PaymentMethod[];
  /** Opens a payment for an order about to be written; throws PaymentUnavailable when it could not. */
  open(request: OpenPaymentRequest): Promise<OpenedPayment>;
  /** What the provider says of a transaction, asked by its id: a callback is a hint, never proof. */
  inquire(transactionId: string): Promise<PaymentEvent | null>;
  /** The newest transaction of a payment by the reference it was opened with (the order's id, for its first), or null. */
  inquireOrder(reference: string): Promise<PaymentEvent | null>;
  /** The provider's page where a payment opened earlier is paid (its client secret): the order's page reopens it. */
  checkoutUrl(clientSecret: string): string;
  /** Gives a paid transaction's money back (once however often asked); throws when the provider did not. */
  giveBack(transaction: GiveBack): Promise<void>;
}

export interface PaymentProvider {
  readonly name: string;
  readonly publishableKey: string | null;
  /** Opens SPEC's card payment for this amount (piastres, EGP) and records it. */
  createIntent(userId: string, amountPiastres: number): Promise<PaymentIntent>;
  /** Brings our record of a payment up to date with the provider before an order relies on it. */
  refresh(paymentId: string): Promise<void>;
  /**
   * Asks the provider to give a paid payment's money back; throws when it did not. Safe to ask twice for one payment.
   * Our record is kept by the refund job that asks (refunds.ts).
   */
  refund(paymentId: string): Promise<void>;
  /**
   * Gives part of a paid payment back (a return's share, decision 065); throws when the provider did not. `key` names
   * the refund (one per return): a provider that takes an idempotency key is given it, so a retry gives back once.
   */
  refundPart(paymentId: string, amountPiastres: number, key: string): Promise<void>;
  /** Checks a callback (its signature; the provider asked where its word is only a hint). Absent: it sends none. */
  webhook?(request: WebhookRequest): Promise<WebhookOutcome>;
  /** Absent: the provider takes no payment after its order (the checkout that writes the order first is not offered). */
  readonly orderPayments?: OrderPayments;
}

