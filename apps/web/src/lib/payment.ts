// Paying through Paymob (PRODUCT section 4): an order is written `awaiting-payment`, holds its pieces until
// `payment.holdUntil`, and Paymob's signed callback (not the browser) moves it to `accepted` or `payment-failed`.
// What the checkout and the order pages share: the ways' names, the flow each way takes, the hold's wording and how
// often a waiting order is read again.
import type { PaymobMethod } from '@shop/core/constants';
import type { Lang } from '@shop/core/locale';
import type { Order } from '@shop/core/contract/orders';
import type { UiText } from './i18n/en.ts';

/** A card is paid in the page (Paymob's embedded checkout, Pixel); a wallet or a kiosk on Paymob's own page. */
export function paymentFlow(method: PaymobMethod): 'pixel' | 'redirect' {
  return method === 'card' ? 'pixel' : 'redirect';
}

/** Each way's name in the checkout's choice and on an order. */
export const METHOD_NAMES = { card: 'Card', wallet: 'Mobile wallet', kiosk: 'Pay at a kiosk' } as const satisfies Record<PaymobMethod, UiText>;

/** The line under each way in the checkout. */
export const METHOD_HINTS = {
  card: 'Visa, Mastercard or Meeza, paid here on this page.',
  wallet: 'Vodafone Cash, Etisalat Cash, Orange Cash and other wallets.',
  kiosk: 'Get a reference and pay it at any Fawry or Aman kiosk.',
} as const satisfies Record<PaymobMethod, UiText>;

/** How an order is paid, in a list or its figures: Paymob's way when it has one, else cash or SPEC's card, in words. */
export function paymentWayName(order: Pick<Order, 'wayForPayment' | 'payment'>): UiText {
  if (!order.payment) return order.wayForPayment === 'cash' ? 'Cash on delivery' : 'Card';
  return order.payment.method === 'kiosk' ? 'Kiosk' : METHOD_NAMES[order.payment.method];
}

/** A paid order's way, as its page says it. */
export const PAID_WITH = { card: 'Paid by card', wallet: 'Paid by mobile wallet', kiosk: 'Paid at a kiosk' } as const satisfies Record<PaymobMethod, UiText>;

/** What an order's payment shows: nothing for an order without Paymob, else where its payment stands. */
export type PaymentState =
  | { kind: 'none' }
  | { kind: 'awaiting'; method: PaymobMethod; holdUntil: string; reference: string | null }
  | { kind: 'paid'; method: PaymobMethod }
  | { kind: 'failed'; method: PaymobMethod | null };

export function paymentState(order: Pick<Order, 'status' | 'payment'>): PaymentState {
  const payment = order.payment;
  if (order.status === 'payment-failed') return { kind: 'failed', method: payment?.method ?? null };
  if (!payment) return { kind: 'none' };
  if (order.status === 'awaiting-payment') return { kind: 'awaiting', method: payment.method, holdUntil: payment.holdUntil, reference: payment.reference };
  // shipped, delivered and canceled orders were paid too (a canceled one is refunded: its status says so)
  return { kind: 'paid', method: payment.method };
}

/** Whole minutes left before the hold ends (rounded up, so "1 minute" until it is over), never below 0. */
export function minutesLeft(holdUntil: string, now: number): number {
  const left = Date.parse(holdUntil) - now;
  return Number.isFinite(left) && left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** A span of time in one unit, as the hold's time left is said. */
export interface TimePart {
  unit: 'days' | 'hours' | 'minutes';
  count: number;
}

/**
 * The time left before the hold ends in the units people say it in (issue 42: never "2870 minutes left"): days and
 * hours from a day on ("1 day 23 hours"), hours and minutes from an hour on ("2 hours 5 minutes"), else minutes; a
 * unit that is 0 is left out ("2 days", "1 hour"). Counted from whole minutes rounded up, as minutesLeft; [] once over.
 */
export function timeLeft(holdUntil: string, now: number): TimePart[] {
  const total = minutesLeft(holdUntil, now);
  if (total === 0) return [];
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts: TimePart[] = days > 0 ? [{ unit: 'days', count: days }, { unit: 'hours', count: hours }] : hours > 0 ? [{ unit: 'hours', count: hours }, { unit: 'minutes', count: minutes }] : [{ unit: 'minutes', count: minutes }];
  return parts.filter((part) => part.count > 0);
}

const cairoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * When the hold ends, in Cairo's time whatever the shopper's computer says: "3:05 PM" on the same day (Arabic:
 * "٣:٠٥ م"), with the date when it is another day (a kiosk reference may stay payable longer).
 */
export function formatHoldTime(holdUntil: string, lang: Lang, now: number): string {
  const at = new Date(holdUntil);
  const sameDay = cairoDay(at) === cairoDay(new Date(now));
  const locale = lang === 'ar' ? 'ar-EG' : 'en-US';
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Africa/Cairo',
    hour: 'numeric',
    minute: '2-digit',
    ...(sameDay ? {} : { month: 'long', day: 'numeric' }),
  }).format(at);
}

/** A kiosk reference in groups of 4 digits, easier to read out at the counter ("1234 5678 9"). */
export function groupReference(reference: string): string {
  const compact = reference.replace(/\s+/g, '');
  return /^\d+$/.test(compact) ? (compact.match(/.{1,4}/g) ?? [compact]).join(' ') : reference;
}

/** How long to wait before reading a waiting order again: every 3 s for its first minute on the page, then every 10 s. */
export const POLL_FAST_MS = 3_000;
export const POLL_SLOW_MS = 10_000;
export const POLL_FAST_FOR_MS = 60_000;

export function pollDelay(elapsedMs: number): number {
  return elapsedMs < POLL_FAST_FOR_MS ? POLL_FAST_MS : POLL_SLOW_MS;
}
