import { PRODUCT_NAME_DISPLAY_LIMIT } from './constants.ts';
import { onFirstUse, type Lang } from './locale.ts';
import type { OrderStatus } from './order-status.ts';

/** Product names are shown cut at 40 characters, followed by an ellipsis. */
export function truncateName(name: string, limit = PRODUCT_NAME_DISPLAY_LIMIT): string {
  const chars = Array.from(name);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : name;
}

const dateOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Africa/Cairo' } as const;
const dateTimeOptions = { ...dateOptions, hour: 'numeric', minute: '2-digit' } as const;
const dateFormats = { en: onFirstUse(() => new Intl.DateTimeFormat('en-US', dateOptions)), ar: onFirstUse(() => new Intl.DateTimeFormat('ar-EG', dateOptions)) };
const dateTimeFormats = {
  en: onFirstUse(() => new Intl.DateTimeFormat('en-US', dateTimeOptions)),
  ar: onFirstUse(() => new Intl.DateTimeFormat('ar-EG', dateTimeOptions)),
};

/** Dates as "November 22, 2026" (Arabic: "٢٢ نوفمبر ٢٠٢٦"), in the shop's own time zone. */
export function formatDate(value: string | Date, lang: Lang = 'en'): string {
  return dateFormats[lang]().format(typeof value === 'string' ? new Date(value) : value);
}

/** A moment in an order's timeline, as "November 22, 2026 at 3:05 PM", in the shop's own time zone. */
export function formatDateTime(value: string | Date, lang: Lang = 'en'): string {
  return dateTimeFormats[lang]().format(typeof value === 'string' ? new Date(value) : value);
}

/** The order's status; an answer from before the lifecycle (no `status`) is 'canceled' or 'accepted' as SPEC says. */
export function orderStatus(order: { isCanceled: boolean; status?: OrderStatus }): OrderStatus {
  return order.status ?? (order.isCanceled ? 'canceled' : 'accepted');
}
