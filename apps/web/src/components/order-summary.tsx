import type { ReactNode } from 'react';
import { formatTotal, toEgp, type PricedCart } from '@shop/core/money';
import './order-summary.css';
import { getLang, t } from '../lib/i18n.ts';

interface OrderSummaryProps {
  cart: Pick<PricedCart<unknown>, 'subtotalPiastres' | 'shippingPiastres' | 'totalPiastres'>;
  title?: string;
  children?: ReactNode;
}

/** Subtotal, flat shipping and total, as SPEC section 9 computes them. */
export function OrderSummary({ cart, title, children }: OrderSummaryProps) {
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary__title">{title ?? t('Order summary')}</h2>
      <dl className="summary__rows">
        <div>
          <dt>{t('Subtotal')}</dt>
          <dd>{formatTotal(toEgp(cart.subtotalPiastres), getLang())}</dd>
        </div>
        <div>
          <dt>{t('Shipping')}</dt>
          <dd>{formatTotal(toEgp(cart.shippingPiastres), getLang())}</dd>
        </div>
        <div className="summary__total">
          <dt>{t('Total')}</dt>
          <dd>{formatTotal(toEgp(cart.totalPiastres), getLang())}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
