import { useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Package } from 'lucide-react';
import { formatEgp } from '@shop/core/money';
import { ORDER_STATUSES, type OrderStatus as Status } from '@shop/core/order-status';
import { formatDate } from '@shop/core/text';
import { buttonClass } from '../../../components/button.tsx';
import { OrderStatus } from '../../../components/order-status.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { paymentWayName } from '../../../lib/payment.ts';
import { getLang } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { useAdminUser } from './use-admin-user.ts';
import { adminOrdersKey, useAdminOrders, type StatusFilter } from '../api/get-orders.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { DateHeader } from './date-header.tsx';
import { MoveOrderDialog, type OrderMove } from './move-order-dialog.tsx';
import { useListParams } from './use-list-params.ts';
import { formatNumber, t } from '../i18n.ts';

const FILTER_LABELS = {
  accepted: 'Accepted',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  'awaiting-payment': 'Awaiting payment',
  'payment-failed': 'Payment failed',
} as const satisfies Record<Status, string>;
const NONE_WITH_STATUS = {
  accepted: 'No accepted orders',
  shipped: 'No shipped orders',
  delivered: 'No delivered orders',
  canceled: 'No canceled orders',
  'awaiting-payment': 'No orders waiting for their payment',
  'payment-failed': 'No orders whose payment failed',
} as const satisfies Record<Status, string>;

export function OrdersPage() {
  useDocumentTitle(t('Orders'));
  const admin = useAdminUser();
  const { page, order, hrefFor } = useListParams();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: StatusFilter = ORDER_STATUSES.find((each) => each === statusParam) ?? null;
  const orders = useAdminOrders(page, order, status);
  const [move, setMove] = useState<OrderMove | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const closeDialog = useCallback(() => setMove(null), []);

  return (
    <>
      <AdminHeader title={t('Orders')} text={t('Every order in the shop, newest first unless you sort by date.')} />
      <div className="admin-filter">
        <label htmlFor="status-filter">{t('Status')}</label>
        <select
          id="status-filter"
          className="select"
          value={status ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            next.delete('page');
            if (event.target.value) next.set('status', event.target.value);
            else next.delete('status');
            setParams(next);
          }}
        >
          <option value="">{t('All orders')}</option>
          {ORDER_STATUSES.map((each) => (
            <option key={each} value={each}>{t(FILTER_LABELS[each])}</option>
          ))}
        </select>
      </div>
      <AdminList
        label={t('Orders')}
        loading="Loading orders…"
        failed="Orders could not be loaded"
        result={orders}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        count="{count} orders"
        columns={7}
        head={
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('CUSTOMER')}</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
            <th scope="col">{t('PAYMENT')}</th>
            <th scope="col">{t('TOTAL')}</th>
            <th scope="col">{t('STATUS')}</th>
            <th scope="col"><span className="visually-hidden">{t('Actions')}</span></th>
          </tr>
        }
        renderRow={(item, position) => (
          <tr key={item._id}>
            <td className="tabular muted" data-label="#">{formatNumber(position)}</td>
            <td className="table__card-title">
              <span>
                <span className="admin-strong">{item.firstName} {item.secondName}</span>
                {item.user === null ? <span className="admin-sub">{t('Guest')}</span> : item.username ? <span className="admin-sub"><bdi>@{item.username}</bdi></span> : null}
              </span>
            </td>
            <td data-label={t('DATE')}>{formatDate(item.createdAt, getLang())}</td>
            <td className="admin-capitalize" data-label={t('PAYMENT')}>{t(paymentWayName(item))}</td>
            <td className="tabular" data-label={t('TOTAL')}>{formatEgp(item.totalPrice, getLang())}</td>
            <td data-label={t('STATUS')}><OrderStatus status={item.status} /></td>
            <td className="table__card-actions">
              <div className="admin-actions">
                <Link
                  to={dashboardPath(admin.username, `orders/${encodeURIComponent(item._id)}`)}
                  className={buttonClass('secondary', { small: true })}
                  aria-label={t('View order {number}', { number: formatNumber(position) })}
                >
                  {t('View')}
                </Link>
                {item.status === 'accepted' || item.status === 'shipped' ? (
                  <button
                    type="button"
                    className={buttonClass('danger', { small: true })}
                    aria-label={t('Cancel order {number}', { number: formatNumber(position) })}
                    onClick={(event) => {
                      trigger.current = event.currentTarget;
                      setMove({ order: item, to: 'canceled' });
                    }}
                  >
                    {t('Cancel')}
                  </button>
                ) : null}
              </div>
            </td>
          </tr>
        )}
        empty={
          status
            ? { icon: <Package size={32} />, title: t(NONE_WITH_STATUS[status]), text: t('Choose another status to see more orders.') }
            : { icon: <Package size={32} />, title: t('No orders yet'), text: t('Orders placed by customers will be listed here.') }
        }
      />
      <MoveOrderDialog move={move} onClose={closeDialog} listKey={adminOrdersKey(order, page, status)} returnFocus={trigger} />
    </>
  );
}
