import { Check, CircleX, Clock, Package, Truck } from 'lucide-react';
import { STATUS_LABELS, type OrderStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/contract/orders';
import { formatDateTime } from '@shop/core/dates';
import './order-timeline.css';
import { getLang, sentence, t } from '../lib/i18n.ts';

const ICONS = { accepted: Package, shipped: Truck, delivered: Check, canceled: CircleX, 'awaiting-payment': Clock, 'payment-failed': CircleX } as const satisfies Record<
  OrderStatus,
  unknown
>;

// Paymob's two statuses are the web's words (shop-core's sentences have no Arabic for them)
const label = (status: OrderStatus): string =>
  status === 'awaiting-payment' ? t('Awaiting payment') : status === 'payment-failed' ? t('Payment failed') : sentence(STATUS_LABELS[status]);

/**
 * Where the order has been (and, on the dashboard, who moved it), with the shop's dates, and where it is going: placed → shipped → delivered, the steps
 * still ahead shown muted. A canceled order ends with its cancel; an order that was not paid (Paymob) ends there, and one
 * waiting for its payment has every step ahead.
 */
export function OrderTimeline({ order, headingId, showWho = false }: { order: Pick<Order, 'history' | 'status'>; headingId?: string; showWho?: boolean }) {
  const reached = order.history;
  const ahead: OrderStatus[] =
    order.status === 'canceled' || order.status === 'payment-failed'
      ? []
      : ([...(order.status === 'awaiting-payment' ? (['accepted'] as const) : []), 'shipped', 'delivered'] as const).filter(
          (step) => !reached.some((change) => change.status === step),
        );
  return (
    <ol className="timeline" aria-labelledby={headingId}>
      {reached.map((change, index) => {
        const Icon = ICONS[change.status];
        const current = index === reached.length - 1;
        return (
          <li key={`${change.status}:${change.at}`} className={`timeline__step timeline__step--${change.status}`} aria-current={current ? 'step' : undefined}>
            <span className="timeline__dot" aria-hidden="true"><Icon size={16} /></span>
            <span className="timeline__label">{label(change.status)}</span>
            <time className="timeline__time muted" dateTime={change.at}>{formatDateTime(change.at, getLang())}</time>
            {/* the dashboard says who moved it (staff or an admin); a customer's own page does not name the shop's people */}
            {showWho && change.by ? (
              <span className="timeline__time muted">{change.by === 'customer' ? t('by the customer') : change.by === 'system' ? t('by the shop') : t('by {name}', { name: change.by })}</span>
            ) : null}
          </li>
        );
      })}
      {ahead.map((step) => {
        const Icon = ICONS[step];
        return (
          <li key={step} className="timeline__step timeline__step--ahead">
            <span className="timeline__dot" aria-hidden="true"><Icon size={16} /></span>
            <span className="timeline__label">{label(step)}</span>
            <span className="timeline__time muted">{t('Not yet')}</span>
          </li>
        );
      })}
    </ol>
  );
}
