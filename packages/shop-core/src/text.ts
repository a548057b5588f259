import { PRODUCT_NAME_DISPLAY_LIMIT } from './constants.ts';

/** Product names are shown cut at 40 characters, followed by an ellipsis. */
export function truncateName(name: string, limit = PRODUCT_NAME_DISPLAY_LIMIT): string {
  const chars = Array.from(name);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : name;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Africa/Cairo' });

/** Dates as "November 22, 2026", in the shop's own time zone. */
export function formatDate(value: string | Date): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

export function orderStatus(order: { isCanceled: boolean }): 'canceled' | 'accepted' {
  return order.isCanceled ? 'canceled' : 'accepted';
}
