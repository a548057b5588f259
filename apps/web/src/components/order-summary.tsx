import type { ReactNode } from 'react';
import { formatEgp, toEgp, toPiastres } from '@shop/core/money';
import type { CartSummary } from '@shop/core/contract/cart';
import './order-summary.css';
import { getLang, governorateName, plural, sentence, t } from '../lib/i18n.ts';

interface OrderSummaryProps {
  /** the server's figures (PRODUCT section 8, "The price of a cart"); undefined while they are read */
  price: CartSummary | undefined;
  /** the price could not be read: the API's sentence ("We do not deliver to Aswan yet") */
  error?: string | null;
  title?: string;
  /** between the figures and the rest: the code field */
  code?: ReactNode;
  children?: ReactNode;
}

const money = (egp: number) => formatEgp(egp, getLang());

/**
 * Subtotal, the code's discount, delivery to the chosen governorate (or Free), the cash fee, and the total, as the
 * server priced them; with how much more makes delivery free, and how many days it takes.
 */
export function OrderSummary({ price, error, title, code, children }: OrderSummaryProps) {
  const more = price && price.freeShippingFrom !== null && price.shipping > 0 ? toEgp(toPiastres(price.freeShippingFrom) - toPiastres(price.subtotal)) : null;
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary__title">{title ?? t('Order summary')}</h2>
      {error ? (
        <p className="summary__error" role="alert">{sentence(error)}</p>
      ) : (
        <dl className="summary__rows" aria-busy={price ? undefined : true}>
          <div>
            <dt>{t('Subtotal')}</dt>
            <dd>{price ? money(price.subtotal) : '…'}</dd>
          </div>
          {price && price.discount > 0 ? (
            <div className="summary__discount">
              <dt>{price.couponCode ? t('Discount ({code})', { code: price.couponCode }) : t('Code discount')}</dt>
              <dd>−{money(price.discount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{price ? t('Delivery to {governorate}', { governorate: governorateName(price.governorate) }) : t('Delivery')}</dt>
            <dd>{price ? (price.shipping === 0 ? t('Free') : money(price.shipping)) : '…'}</dd>
          </div>
          {price && price.way === 'cash' && price.codFee > 0 ? (
            <div>
              <dt>{t('Cash on delivery fee')}</dt>
              <dd>{money(price.codFee)}</dd>
            </div>
          ) : null}
          <div className="summary__total">
            <dt>{t('Total')}</dt>
            <dd>{price ? money(price.total) : '…'}</dd>
          </div>
        </dl>
      )}
      {price && !error ? (
        <div className="summary__notes">
          {more !== null && more > 0 ? <p className="summary__free">{t('{amount} more for free delivery', { amount: formatEgp(more, getLang()) })}</p> : null}
          <p className="muted">
            {price.minDays === price.maxDays ? plural('Delivery in {count} days', price.maxDays) : t('Delivery in {min}-{max} days', { min: price.minDays, max: price.maxDays })}
          </p>
        </div>
      ) : null}
      {code}
      {children}
    </aside>
  );
}
