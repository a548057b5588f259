import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Package } from 'lucide-react';
import { formatTotal } from '@shop/core/money';
import type { Order } from '@shop/core/schemas';
import { formatDate, orderStatus } from '@shop/core/text';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { useAdminUser } from './use-admin-user.ts';
import { adminOrdersKey, useAdminOrders } from '../api/get-orders.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { DateHeader } from './date-header.tsx';
import { OrderStatus } from './order-status.tsx';
import { useListParams } from './use-list-params.ts';

export function OrdersPage() {
  useDocumentTitle('Orders');
  const admin = useAdminUser();
  const { page, order, hrefFor } = useListParams();
  const orders = useAdminOrders(page, order);
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const closeDialog = useCallback(() => setToCancel(null), []);

  return (
    <>
      <AdminHeader title="Orders" text="Every order in the shop, newest first unless you sort by date." />
      <AdminList
        label="Orders"
        result={orders}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        noun={['order', 'orders']}
        columns={7}
        head={
          <tr>
            <th scope="col">#</th>
            <th scope="col">CUSTOMER</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
            <th scope="col">PAYMENT</th>
            <th scope="col">TOTAL</th>
            <th scope="col">STATUS</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        }
        renderRow={(item, position) => (
          <tr key={item._id}>
            <td className="tabular muted">{position}</td>
            <td>
              <span className="admin-strong">{item.firstName} {item.secondName}</span>
              {item.username ? <span className="admin-sub">@{item.username}</span> : null}
            </td>
            <td>{formatDate(item.createdAt)}</td>
            <td className="admin-capitalize">{item.wayForPayment}</td>
            <td className="tabular">{formatTotal(item.totalPrice)}</td>
            <td><OrderStatus status={orderStatus(item)} /></td>
            <td>
              <div className="admin-actions">
                <Link
                  to={dashboardPath(admin.username, `orders/${encodeURIComponent(item._id)}`)}
                  className={buttonClass('secondary', { small: true })}
                  aria-label={`View order ${position}`}
                >
                  View
                </Link>
                {item.isCanceled ? null : (
                  <button
                    type="button"
                    className={buttonClass('danger', { small: true })}
                    aria-label={`Cancel order ${position}`}
                    onClick={(event) => {
                      trigger.current = event.currentTarget;
                      setToCancel(item);
                    }}
                  >
                    Cancel
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
        empty={{ icon: <Package size={32} />, title: 'No orders yet', text: 'Orders placed by customers will be listed here.' }}
      />
      <CancelOrderDialog order={toCancel} onClose={closeDialog} listKey={adminOrdersKey(order, page)} returnFocus={trigger} />
    </>
  );
}
