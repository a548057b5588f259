import { Check, CircleX, Package, Truck } from 'lucide-react';
import { STATUS_LABELS, type OrderStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/schemas';
import { formatDateTime } from '@shop/core/text';
import './order-timeline.css';
import { getLang, sentence, t } from '../lib/i18n.ts';

const ICONS = { accepted: Package, shipped: Truck, delivered: Check, canceled: CircleX } as const;

/**
 * Where the order has been (and, on the dashboard, who moved it), with the shop's dates, and where it is going: placed → shipped → delivered, the steps
 * still ahead shown muted. A canceled order ends with its cancel.
 */
export function OrderTimeline({ order, headingId, showWho = false }: { order: Pick<Order, 'history' | 'status'>; headingId?: string; showWho?: boolean }) {
  const reached = order.history;
  const ahead: OrderStatus[] =
    order.status === 'canceled' ? [] : (['shipped', 'delivered'] as const).filter((step) => !reached.some((change) => change.status === step));
  return (
    <ol className="timeline" aria-labelledby={headingId}>
      {reached.map((change, index) => {
        const Icon = ICONS[change.status];
        const current = index === reached.length - 1;
        return (
          <li key={`${change.status}:${change.at}`} className={`timeline__step timeline__step--${change.status}`} aria-current={current ? 'step' : undefined}>
            <span className="timeline__dot" aria-hidden="true"><Icon size={16} /></span>
            <span className="timeline__label">{sentence(STATUS_LABELS[change.status])}</span>
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
            <span className="timeline__label">{sentence(STATUS_LABELS[step])}</span>
            <span className="timeline__time muted">{t('Not yet')}</span>
          </li>
        );
      })}
    </ol>
  );
}
