import type { ReactNode } from 'react';
import { SHIPPING_PIASTRES } from '@shop/core/constants';
import { formatTotal, subtotalPiastres, toEgp, totalPiastres, type PricedLine } from '@shop/core/money';
import './order-summary.css';

interface OrderSummaryProps {
  lines: readonly PricedLine[];
  title?: string;
  children?: ReactNode;
}

/** Subtotal, flat shipping and total, as SPEC section 9 computes them. */
export function OrderSummary({ lines, title = 'Order summary', children }: OrderSummaryProps) {
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary__title">{title}</h2>
      <dl className="summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatTotal(toEgp(subtotalPiastres(lines)))}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatTotal(toEgp(SHIPPING_PIASTRES))}</dd>
        </div>
        <div className="summary__total">
          <dt>Total</dt>
          <dd>{formatTotal(toEgp(totalPiastres(lines)))}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
