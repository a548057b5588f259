import { Link } from 'react-router';
import { ONE_SIZE } from '@shop/core/constants';
import { formatEgp, toEgp, toPiastres } from '@shop/core/money';
import type { Order } from '@shop/core/contract/orders';
import { truncateName } from '@shop/core/text';
import { productPath } from '../lib/paths.ts';
import { paymentWayName } from '../lib/payment.ts';
import { ProductImage } from './product-image.tsx';
import './order-details.css';
import { digits, getLang, governorateName, localName, sizeLabel, t } from '../lib/i18n.ts';

/** One order's lines, figures (subtotal, discount and code, delivery, cash fee, total) and billing block: the customer's, the guest's and the admin's order pages show the same. */
export function OrderDetails({ order }: { order: Order }) {
  // the figures are the API's (PRODUCT section 8): an older order's are what it was charged
  return (
    <div className="order">
      <section className="order__card" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className="order__heading">{t('Products')}</h2>
        <ul className="order__lines">
          {order.products.map((line, index) => (
            <li key={`${line.product._id}:${index}`} className="order__line">
              <span className="order__thumb">
                <ProductImage url={line.product.images[0]} alt="" sizes="56px" />
              </span>
              <span className="order__line-name">
                <Link to={productPath(line.product.name)} dir="auto">{truncateName(localName(line.product))}</Link>
                {line.size && line.size !== ONE_SIZE ? <span className="order__line-size"> · {t('Size {size}', { size: sizeLabel(line.size) })}</span> : null}
                <span className="muted tabular"> {formatEgp(line.unitPrice, getLang())} × {digits(line.quantity)}</span>
              </span>
              <span className="tabular order__line-price">{formatEgp(toEgp(toPiastres(line.unitPrice) * line.quantity), getLang())}</span>
            </li>
          ))}
        </ul>
        <dl className="order__totals">
          <div><dt>{t('Subtotal')}</dt><dd>{formatEgp(order.subtotal, getLang())}</dd></div>
          {order.discount > 0 ? (
            <div className="order__discount">
              <dt>{order.couponCode ? t('Discount ({code})', { code: order.couponCode }) : t('Code discount')}</dt>
              <dd>−{formatEgp(order.discount, getLang())}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('Delivery to {governorate}', { governorate: governorateName(order.Governorate) })}</dt>
            <dd>{order.shipping === 0 ? t('Free') : formatEgp(order.shipping, getLang())}</dd>
          </div>
          {order.codFee > 0 ? <div><dt>{t('Cash on delivery fee')}</dt><dd>{formatEgp(order.codFee, getLang())}</dd></div> : null}
          <div><dt>{t('Payment method')}</dt><dd className="order__payment">{t(paymentWayName(order))}</dd></div>
          <div className="order__total"><dt>{t('Total')}</dt><dd>{formatEgp(order.totalPrice, getLang())}</dd></div>
          {order.refund ? (
            <div className="order__refund">
              <dt>{t('Refund')}</dt>
              <dd>
                <span className="tabular">{formatEgp(order.refund.amount, getLang())}</span>{' '}
                <span className={`order__refund-status order__refund-status--${order.refund.status}`}>
                  {order.refund.status === 'refunded' ? t('Back on the card') : t('On its way back to the card')}
                </span>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="order__card" aria-labelledby="billing-title">
        <h2 id="billing-title" className="order__heading">{t('Billing details')}</h2>
        <dl className="order__billing">
          <div><dt>{t('Name')}</dt><dd><bdi>{order.firstName} {order.secondName}</bdi></dd></div>
          <div><dt>{t('Email')}</dt><dd><bdi>{order.email}</bdi></dd></div>
          <div><dt>{t('Phone')}</dt><dd><bdi>{order.phoneNumber}</bdi></dd></div>
          <div><dt>{t('Governorate')}</dt><dd>{governorateName(order.Governorate)}</dd></div>
          <div><dt>{t('City')}</dt><dd><bdi>{order.city}</bdi></dd></div>
          <div><dt>{t('Address')}</dt><dd><bdi>{order.address}</bdi></dd></div>
        </dl>
      </section>
    </div>
  );
}
