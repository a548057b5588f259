import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import type { Order } from '@shop/core/schemas';
import { formatDate, orderStatus } from '@shop/core/text';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderDetails } from '../../../components/order-details.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
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
      <OrderDetails order={data} />
      <CancelOrderDialog order={toCancel} onClose={closeDialog} returnFocus={cancelButton} />
    </>
  );
}
