import type { OrderStatus as Status } from '@shop/core/order-status';
import { t } from '../lib/i18n.ts';

/** The order's status in its colour (the shop-wide .status styles): green, the accent on its way, red when canceled. */
export function OrderStatus({ status }: { status: Status }) {
  // SPEC's four show as their own word; Paymob's two (PRODUCT section 4) in words
  const label = status === 'awaiting-payment' ? t('Awaiting payment') : status === 'payment-failed' ? t('Payment failed') : t(status);
  return <span className={`status status--${status}`}>{label}</span>;
}
