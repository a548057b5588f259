import { Link } from 'react-router';
import { ONE_SIZE } from '@shop/core/constants';
import { formatEgp, toEgp, toPiastres } from '@shop/core/money';
import type { Order } from '@shop/core/contract/orders';
import { truncateName } from '@shop/core/text';
import { ProductImage } from '../../../components/product-image.tsx';
import { getLang, governorateName, localName, sizeLabel } from '../../../lib/i18n.ts';
import { productPath } from '../../../lib/paths.ts';
import { paymentWayName } from '../../../lib/payment.ts';
import { formatNumber, t } from '../i18n.ts';
import '../../../components/order-details.css';

const money = (amount: number) => formatEgp(amount, getLang());

/**
 * One order's lines, what it was charged and its billing block, as the admin reads them: the order's own figures
 * (PRODUCT section 8: subtotal, discount with its code, delivery, cash fee, total), and who placed it, a guest or
 * an account.
 */
export function AdminOrderDetails({ order }: { order: Order }) {
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
                <span className="muted tabular"> {formatEgp(line.unitPrice, getLang())} × {formatNumber(line.quantity)}</span>
              </span>
              <span className="tabular order__line-price">{money(toEgp(toPiastres(line.unitPrice) * line.quantity))}</span>
            </li>
          ))}
        </ul>
        <dl className="order__totals">
          <div><dt>{t('Subtotal')}</dt><dd>{money(order.subtotal)}</dd></div>
          {order.discount > 0 || order.couponCode ? (
            <div>
              <dt>{order.couponCode ? <>{t('Discount')} (<bdi>{order.couponCode}</bdi>)</> : t('Discount')}</dt>
              <dd>{order.discount > 0 ? `−${money(order.discount)}` : money(0)}</dd>
            </div>
          ) : null}
          <div><dt>{t('Delivery')}</dt><dd>{order.shipping > 0 ? money(order.shipping) : t('Free delivery')}</dd></div>
          {order.codFee > 0 ? <div><dt>{t('Cash fee')}</dt><dd>{money(order.codFee)}</dd></div> : null}
          <div><dt>{t('Payment method')}</dt><dd className="order__payment">{t(paymentWayName(order))}</dd></div>
          <div className="order__total"><dt>{t('Total')}</dt><dd>{money(order.totalPrice)}</dd></div>
          {order.refund ? (
            <div className="order__refund">
              <dt>{t('Refund')}</dt>
              <dd>
                <span className="tabular">{money(order.refund.amount)}</span>{' '}
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
          <div><dt>{t('Customer')}</dt><dd>{order.user === null ? t('Guest') : order.username ? <bdi>@{order.username}</bdi> : t('With an account')}</dd></div>
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
