import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { SHIPPING_PIASTRES } from '@shop/core/constants';
import { formatEgp, formatTotal, toEgp, toPiastres } from '@shop/core/money';
import type { Order } from '@shop/core/schemas';
import { formatDate, orderStatus, truncateName } from '@shop/core/text';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath, productPath } from '../../../lib/paths.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { OrderStatus } from './order-status.tsx';
import { useAdminUser } from './use-admin-user.ts';

/** One order of any customer, as the admin sees it: lines, totals, billing, status, and Cancel. */
export function OrderPage() {
  useDocumentTitle('Order details');
  const admin = useAdminUser();
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const closeDialog = useCallback(() => setToCancel(null), []);
  const back = <BackLink to={dashboardPath(admin.username, 'orders')}>All orders</BackLink>;

  if (order.error && !order.data) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        {back}
        <EmptyState
          icon={<ReceiptText size={32} />}
          title={missing ? 'Order not found' : 'This order could not be loaded'}
          text={missing ? 'It may have been removed.' : order.error.message}
          action={<Link to={dashboardPath(admin.username, 'orders')} className={buttonClass('secondary')}>Back to orders</Link>}
        />
      </>
    );
  }
  const data = order.data;
  if (!data) {
    return (
      <>
        {back}
        <div className="skeleton admin-order__skeleton" aria-busy="true" aria-label="Loading the order" />
      </>
    );
  }

  // SPEC: the subtotal is the total minus the flat shipping
  const subtotal = toEgp(toPiastres(data.totalPrice) - SHIPPING_PIASTRES);
  return (
    <>
      {back}
      <header className="admin-head">
        <div>
          <h1 className="page-title admin-head__title">Order of {data.firstName} {data.secondName}</h1>
          <p className="muted admin-head__text">
            {data.username ? `@${data.username} · ` : ''}Placed on {formatDate(data.createdAt)} · <OrderStatus status={orderStatus(data)} />
          </p>
        </div>
        {data.isCanceled ? null : (
          <button ref={cancelButton} type="button" className={buttonClass('danger')} onClick={() => setToCancel(data)}>
            Cancel order
          </button>
        )}
      </header>
      <div className="admin-order">
        <section className="admin-card" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="admin-card__title">Products</h2>
          <ul className="admin-order__lines">
            {data.products.map((line, index) => (
              <li key={`${line.product._id}:${index}`} className="admin-order__line">
                <span className="admin-thumb">
                  <ProductImage url={line.product.images[0]} alt="" sizes="48px" />
                </span>
                <span className="admin-order__name">
                  <Link to={productPath(line.product.name)}>{truncateName(line.product.name)}</Link>
                  <span className="admin-sub tabular">{formatEgp(line.unitPrice)} × {line.quantity}</span>
                </span>
                <span className="tabular admin-strong">{formatTotal(toEgp(toPiastres(line.unitPrice) * line.quantity))}</span>
              </li>
            ))}
          </ul>
          <dl className="admin-pairs admin-pairs--totals">
            <div><dt>Subtotal</dt><dd>{formatTotal(subtotal)}</dd></div>
            <div><dt>Shipping</dt><dd>{formatTotal(toEgp(SHIPPING_PIASTRES))}</dd></div>
            <div><dt>Payment method</dt><dd className="admin-capitalize">{data.wayForPayment}</dd></div>
            <div className="admin-pairs__total"><dt>Total</dt><dd>{formatTotal(data.totalPrice)}</dd></div>
          </dl>
        </section>
        <section className="admin-card" aria-labelledby="billing-title">
          <h2 id="billing-title" className="admin-card__title">Billing details</h2>
          <dl className="admin-pairs">
            <div><dt>Name</dt><dd>{data.firstName} {data.secondName}</dd></div>
            <div><dt>Email</dt><dd>{data.email}</dd></div>
            <div><dt>Phone</dt><dd>{data.phoneNumber}</dd></div>
            <div><dt>Governorate</dt><dd>{data.Governorate}</dd></div>
            <div><dt>City</dt><dd>{data.city}</dd></div>
            <div><dt>Address</dt><dd>{data.address}</dd></div>
          </dl>
        </section>
      </div>
      <CancelOrderDialog order={toCancel} onClose={closeDialog} returnFocus={cancelButton} />
    </>
  );
}
