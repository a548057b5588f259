import type { OrderStatus as Status } from '@shop/core/order-status';
import { t } from '../lib/i18n.ts';

/** The order's status in its colour (the shop-wide .status styles): green, the accent on its way, red when canceled. */
export function OrderStatus({ status }: { status: Status }) {
  return <span className={`status status--${status}`}>{t(status)}</span>;
}
