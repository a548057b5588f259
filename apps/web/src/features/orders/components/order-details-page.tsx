import { Link, Navigate, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { formatDate, orderStatus } from '@shop/core/text';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderDetails } from '../../../components/order-details.tsx';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath } from '../../../lib/paths.ts';
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
  return (
    <div className="page">
      {back}
      <header className="order-head">
        <h1 className="page-title">Order details</h1>
        <p className="muted">
          Placed on {formatDate(data.createdAt)} · <span className={`status status--${status}`}>{status}</span>
        </p>
      </header>
      <OrderDetails order={data} />
    </div>
  );
}
