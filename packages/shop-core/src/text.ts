import { PRODUCT_NAME_DISPLAY_LIMIT } from './constants.ts';
import type { OrderStatus } from './order-status.ts';

/** Product names are shown cut at 40 characters, followed by an ellipsis. */
export function truncateName(name: string, limit = PRODUCT_NAME_DISPLAY_LIMIT): string {
  const chars = Array.from(name);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : name;
}

/** The order's status; an answer from before the lifecycle (no `status`) is 'canceled' or 'accepted' as SPEC says. */
export function orderStatus(order: { isCanceled: boolean; status?: OrderStatus }): OrderStatus {
  return order.status ?? (order.isCanceled ? 'canceled' : 'accepted');
}
