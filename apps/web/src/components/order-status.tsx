import type { OrderStatus as Status } from '@shop/core/order-status';
import { t, type UiText } from '../lib/i18n.ts';

/** Each status in words, as the dashboard's filter names them too. */
export const STATUS_WORDS = {
  accepted: 'Accepted',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  'awaiting-payment': 'Awaiting payment',
  'payment-failed': 'Payment failed',
} as const satisfies Record<Status, UiText>;

/** The order's status in its colour (the shop-wide .status styles): green, the accent on its way, red when canceled. */
export function OrderStatus({ status }: { status: Status }) {
  return <span className={`status status--${status}`}>{t(STATUS_WORDS[status])}</span>;
}
