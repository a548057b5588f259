import { Link, useParams, useSearchParams } from 'react-router';
import { CircleCheck, ReceiptText } from 'lucide-react';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderDetails } from '../../../components/order-details.tsx';
import { OrderStatus } from '../../../components/order-status.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, sentence, t } from '../../../lib/i18n.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { answerOrder, useOrderToConfirm } from '../api/confirm-order.ts';
import './orders.css';

/**
 * A cash order's confirmation (PRODUCT section 9), at `/orders/{id}/confirm?token=…`, the link of its placed mail: the
 * order as it is, and Confirm or Cancel while it waits for its answer. Guests and customers alike, without signing in.
 */
export function ConfirmOrderPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const order = useOrderToConfirm(orderId, token);
  const number = order.data ? formatOrderNumber(order.data.number, getLang()) : null;
  useDocumentTitle(t('Confirm your order'));
  const [answer, busy] = useAction(async (choice: 'confirm' | 'cancel') => {
    try {
      notify.success(sentence((await answerOrder(orderId, token ?? '', choice)).message));
    } catch (error) {
      notify.error(errorMessage(error));
      await order.refetch();
    }
  });

  if (!token || (order.error && !order.data)) {
    return (
      <div className="page page--narrow">
        <EmptyState icon={<ReceiptText size={32} />} title={t('This order could not be loaded')} text={order.error?.message ?? t('Open the link in your order’s email to see it.')}
          action={<Link to="/shop" className={buttonClass('secondary')}>{t('Continue Shopping')}</Link>} />
      </div>
    );
  }
  const data = order.data;
  if (!data) {
    return (
      <div className="page">
        <div className="skeleton orders-skeleton" aria-busy="true" aria-label={t('Loading the order')} />
      </div>
    );
  }
  const waiting = data.confirmation?.status === 'pending' && data.status === 'accepted';

  return (
    <div className="page">
      <header className="order-head">
        <h1 className="page-title">{t('Confirm your order')}</h1>
        <p className="muted">
          <strong className="order-head__number">{t('Order {number}', { number: number! })}</strong> · {t('Placed on {date}', { date: formatDate(data.createdAt, getLang()) })} · <OrderStatus status={data.status} />
        </p>
      </header>
      <section className="order__card confirm-order" aria-labelledby="confirm-order-title" aria-live="polite">
        <h2 id="confirm-order-title" className="order__heading">{t('Status')}</h2>
        {waiting ? (
          <>
            <p>{t('You pay in cash when it arrives. Please confirm it, or cancel it, so we can send it out.')}</p>
            <div className="confirm-order__actions">
              <Button variant="primary" busy={busy} onClick={() => answer('confirm')}>{t('Confirm order')}</Button>
              <Button variant="danger" disabled={busy} onClick={() => answer('cancel')}>{t('Cancel order')}</Button>
            </div>
          </>
        ) : (
          <p className="confirm-order__done">
            {data.status === 'canceled' ? t('This order is canceled.') : data.confirmation?.status === 'confirmed' ? <><CircleCheck size={20} aria-hidden="true" /> {t('Your order is confirmed. We will send it out soon.')}</> : t('This order needs no confirmation.')}
          </p>
        )}
      </section>
      <OrderDetails order={data} />
    </div>
  );
}
