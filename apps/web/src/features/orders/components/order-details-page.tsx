import { useCallback, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import { formatEgp } from '@shop/core/money';
import { isPlaced } from '@shop/core/order-status';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderDetails } from '../../../components/order-details.tsx';
import { OrderPayment } from '../../../components/order-payment.tsx';
import { OrderShipment } from '../../../components/order-shipment.tsx';
import { OrderStatus } from '../../../components/order-status.tsx';
import { OrderTimeline } from '../../../components/order-timeline.tsx';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { usePollWhile } from '../../../lib/use-poll.ts';
import { cancelMyOrder } from '../api/cancel-my-order.ts';
import { useOrder } from '../api/use-orders.ts';
import { FinishPayment } from './finish-payment.tsx';
import './orders.css';
import { getLang, t } from '../../../lib/i18n.ts';

export function OrderDetailsPage() {
  const user = useAccountOwner();
  const { orderId = '' } = useParams();
  // just placed from the checkout: the page is its confirmation
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const order = useOrder(user ? orderId : null);
  // Paymob's answer moves a waiting order (PRODUCT section 4): read it again until it has
  usePollWhile(order.data?.status === 'awaiting-payment', order.refetch);
  const [asking, setAsking] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const closeDialog = useCallback(() => setAsking(false), []);
  const [cancel, canceling] = useAction(async () => {
    if (!user || !order.data) return;
    try {
      await cancelMyOrder(user.id, order.data._id);
      // a wallet or a kiosk payment (Paymob) is refunded too, but not to a card
      const toCard = order.data.wayForPayment === 'credit' && (!order.data.payment || order.data.payment.method === 'card');
      notify.success(toCard ? MESSAGES.orderCanceledCardRefund : MESSAGES.orderCanceled);
    } catch (error) {
      notify.error(errorMessage(error));
      void order.refetch();
    }
    setAsking(false);
  });
  const number = order.data ? formatOrderNumber(order.data.number, getLang()) : null;
  useDocumentTitle(placed ? t('Thank you for your order') : number ? t('Order {number}', { number }) : t('Order details'));
  if (!user) return <Navigate to="/" replace />;

  const back = <BackLink to={accountPath(user.username, 'my-orders')}>{t('My Orders')}</BackLink>;
  if (order.error && !order.data) {
    return (
      <div className="page page--narrow">
        {back}
        <EmptyState icon={<ReceiptText size={32} />} title={t('This order could not be loaded')} text={order.error.message}
          action={<Link to={accountPath(user.username, 'my-orders')} className={buttonClass('secondary')}>{t('Back to my orders')}</Link>} />
      </div>
    );
  }
  const data = order.data;
  if (!data) {
    return (
      <div className="page">
        {back}
        <div className="skeleton orders-skeleton" aria-busy="true" aria-label={t('Loading the order')} />
      </div>
    );
  }

  // an admin reading a customer's order here sees it; canceling is the customer's own, or the dashboard's
  const mayCancel = data.status === 'accepted' && data.user === user.id;
  return (
    <div className="page">
      {back}
      <header className="order-head">
        <h1 className="page-title">{placed ? t('Thank you for your order') : t('Order {number}', { number: number! })}</h1>
        {placed ? <p className="order-head__number">{t('Order {number}', { number: number! })}</p> : null}
        <p className="muted">
          {t(isPlaced(data.status) ? 'Placed on {date}' : 'Started on {date}', { date: formatDate(data.createdAt, getLang()) })} · <OrderStatus status={data.status} />
        </p>
      </header>
      <section className="order__card order-status-card" aria-labelledby="order-status-title">
        <h2 id="order-status-title" className="order__heading">{t('Status')}</h2>
        <OrderTimeline order={data} headingId="order-status-title" />
        <OrderShipment order={data} />
        {mayCancel ? (
          <div className="order-status-card__cancel">
            <button ref={cancelButton} type="button" className={buttonClass('danger')} onClick={() => setAsking(true)}>
              {t('Cancel order')}
            </button>
            <p className="muted">{t('You can cancel until the order ships.')}</p>
          </div>
        ) : null}
        {data.status === 'shipped' ? <p className="muted order-status-card__note">{t('Your order is on its way.')}</p> : null}
        {/* her own order's payment is hers to finish; an admin reading it here only sees it */}
        <OrderPayment order={data} pay={data.user === user.id ? <FinishPayment order={data} guestToken={null} /> : null} />
      </section>
      <OrderDetails order={data} />
      <ConfirmDialog
        open={asking}
        title={t('Cancel this order?')}
        confirmLabel={t('Cancel order')}
        cancelLabel={t('Keep order')}
        danger
        busy={canceling}
        onConfirm={() => void cancel()}
        onClose={closeDialog}
        returnFocus={cancelButton}
      >
        <p>
          {t('Your order {number} from {date}, {total}, will be canceled.', { number: number!, date: formatDate(data.createdAt, getLang()), total: formatEgp(data.totalPrice, getLang()) })}
          {data.payment && data.payment.method !== 'card'
            ? ` ${t('The payment goes back the way you paid it.')}`
            : data.wayForPayment === 'credit'
              ? ` ${t('The card payment goes back to your card.')}`
              : ''}{' '}
          {t('This cannot be undone.')}
        </p>
      </ConfirmDialog>
    </div>
  );
}
