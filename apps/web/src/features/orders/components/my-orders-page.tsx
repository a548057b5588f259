import { Link, Navigate } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { formatEgp } from '@shop/core/money';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderStatus } from '../../../components/order-status.tsx';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath } from '../../../lib/paths.ts';
import { formatHoldTime, paymentWayName } from '../../../lib/payment.ts';
import { usePollWhile } from '../../../lib/use-poll.ts';
import { useMyOrders } from '../api/use-orders.ts';
import './orders.css';
import { getLang, t } from '../../../lib/i18n.ts';

export function MyOrdersPage() {
  const user = useAccountOwner();
  const orders = useMyOrders(user && !user.isAdmin ? user.id : null);
  // an order waiting for Paymob's answer changes by itself: the list is read again until none waits
  usePollWhile(Boolean(orders.data?.some((order) => order.status === 'awaiting-payment')), orders.refetch);
  useDocumentTitle(t('My Orders'));
  if (!user || user.isAdmin) return <Navigate to="/" replace />;

  return (
    <div className="page">
      <BackLink to={accountPath(user.username)}>{t('My Account')}</BackLink>
      <h1 className="page-title">{t('My Orders')}</h1>
      {orders.error && !orders.data ? (
        <EmptyState icon={<ReceiptText size={32} />} title={t('Your orders could not be loaded')} text={orders.error.message}
          action={<button type="button" className={buttonClass('secondary')} onClick={() => void orders.refetch()}>{t('Try again')}</button>} />
      ) : !orders.data ? (
        <div className="skeleton orders-skeleton" aria-busy="true" aria-label={t('Loading your orders')} />
      ) : orders.data.length === 0 ? (
        <EmptyState
          icon={<ReceiptText size={32} />}
          title={t('No orders')}
          text={t('When you place an order it will show up here.')}
          action={<Link to="/shop" className={buttonClass('primary')}>{t('Start shopping')}</Link>}
        />
      ) : (
        <div className="table-scroll table-scroll--cards" role="region" aria-label={t('Your orders')} tabIndex={0}>
          <table className="table table--cards">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('DATE')}</th>
                <th scope="col">{t('STATUS')}</th>
                <th scope="col">{t('PAYMENT')}</th>
                <th scope="col">{t('TOTAL')}</th>
                <th scope="col">{t('Action')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => {
                const latest = order.history.at(-1);
                const number = formatOrderNumber(order.number, getLang());
                return (
                  <tr key={order._id}>
                    <td className="tabular table__card-title orders__number" data-word={t('Order')}>{number}</td>
                    <td data-label={t('DATE')}>{formatDate(order.createdAt, getLang())}</td>
                    <td data-label={t('STATUS')}>
                      <span className="orders__status">
                        <OrderStatus status={order.status} />
                        {order.status === 'awaiting-payment' && order.payment ? (
                          <span className="muted orders__since">{t('Pay by {time}', { time: formatHoldTime(order.payment.holdUntil, getLang(), Date.now()) })}</span>
                        ) : latest && order.status !== 'accepted' ? (
                          <span className="muted orders__since">{formatDate(latest.at, getLang())}</span>
                        ) : null}
                      </span>
                    </td>
                    <td className="orders__payment" data-label={t('PAYMENT')}>{t(paymentWayName(order))}</td>
                    <td className="tabular" data-label={t('TOTAL')}>
                      <span className="orders__total">
                        {formatEgp(order.totalPrice, getLang())}{' '}
                        <span className="muted orders__figures">
                          {order.shipping === 0 ? t('Free delivery') : t('Delivery {amount}', { amount: formatEgp(order.shipping, getLang()) })}
                          {order.codFee > 0 ? ` · ${t('Cash fee {amount}', { amount: formatEgp(order.codFee, getLang()) })}` : ''}
                          {order.discount > 0 ? ` · ${t('Discount {amount}', { amount: `−${formatEgp(order.discount, getLang())}` })}${order.couponCode ? ` (${order.couponCode})` : ''}` : ''}
                        </span>
                      </span>
                    </td>
                    <td className="table__card-actions">
                      <Link to={accountPath(user.username, `my-orders/${encodeURIComponent(order._id)}`)} className={buttonClass('secondary', { small: true })} aria-label={t('View order {number}', { number })}>
                        {t('View')}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
