import { Link, Navigate, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { SHIPPING_PIASTRES } from '@shop/core/constants';
import { formatTotal, toEgp, toPiastres } from '@shop/core/money';
import { formatDate, orderStatus, truncateName } from '@shop/core/text';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath, productPath } from '../../../lib/paths.ts';
import { useOrder } from '../api/use-orders.ts';
import './orders.css';

export function OrderDetailsPage() {
  const user = useAccountOwner();
  const { orderId = '' } = useParams();
  const order = useOrder(user ? orderId : null);
  useDocumentTitle('Order details');
  if (!user) return <Navigate to="/" replace />;

  const back = <BackLink to={accountPath(user.username, 'my-orders')}>My Orders</BackLink>;
  if (order.error && !order.data) {
    return (
      <div className="page page--narrow">
        {back}
        <EmptyState icon={<ReceiptText size={32} />} title="This order could not be loaded" text={order.error.message}
          action={<Link to={accountPath(user.username, 'my-orders')} className={buttonClass('secondary')}>Back to my orders</Link>} />
      </div>
    );
  }
  const data = order.data;
  if (!data) {
    return (
      <div className="page">
        {back}
        <div className="skeleton orders-skeleton" aria-busy="true" aria-label="Loading the order" />
      </div>
    );
  }

  const status = orderStatus(data);
  // SPEC: subtotal is the total minus the flat shipping
  const subtotal = toEgp(toPiastres(data.totalPrice) - SHIPPING_PIASTRES);
  return (
    <div className="page">
      {back}
      <header className="order-head">
        <h1 className="page-title">Order details</h1>
        <p className="muted">
          Placed on {formatDate(data.createdAt)} · <span className={`status status--${status}`}>{status}</span>
        </p>
      </header>
      <div className="order">
        <section className="order__card" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="order__heading">Products</h2>
          <ul className="order__lines">
            {data.products.map((line, index) => (
              <li key={`${line.product._id}:${index}`} className="order__line">
                <span className="order__thumb">
                  <ProductImage url={line.product.images[0]} alt="" sizes="56px" />
                </span>
                <span className="order__line-name">
                  <Link to={productPath(line.product.name)}>{truncateName(line.product.name)}</Link>
                  <span className="muted tabular"> × {line.quantity}</span>
                </span>
                <span className="tabular order__line-price">{formatTotal(toEgp(toPiastres(line.unitPrice) * line.quantity))}</span>
              </li>
            ))}
          </ul>
          <dl className="order__totals">
            <div><dt>Subtotal</dt><dd>{formatTotal(subtotal)}</dd></div>
            <div><dt>Shipping</dt><dd>{formatTotal(toEgp(SHIPPING_PIASTRES))}</dd></div>
            <div><dt>Payment method</dt><dd className="orders__payment">{data.wayForPayment}</dd></div>
            <div className="order__total"><dt>Total</dt><dd>{formatTotal(data.totalPrice)}</dd></div>
          </dl>
        </section>
        <section className="order__card" aria-labelledby="billing-title">
          <h2 id="billing-title" className="order__heading">Billing details</h2>
          <dl className="order__billing">
            <div><dt>Name</dt><dd>{data.firstName} {data.secondName}</dd></div>
            <div><dt>Email</dt><dd>{data.email}</dd></div>
            <div><dt>Phone</dt><dd>{data.phoneNumber}</dd></div>
            <div><dt>Governorate</dt><dd>{data.Governorate}</dd></div>
            <div><dt>City</dt><dd>{data.city}</dd></div>
            <div><dt>Address</dt><dd>{data.address}</dd></div>
          </dl>
        </section>
      </div>
    </div>
  );
}
