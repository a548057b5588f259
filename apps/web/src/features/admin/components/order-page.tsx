import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { isPlaced, nextStatuses, type OrderStatus as OrderStatusName, type PlacedStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/contract/orders';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderStatus } from '../../../components/order-status.tsx';
import { OrderTimeline } from '../../../components/order-timeline.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, sentence } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { METHOD_NAMES, PAID_WITH, formatHoldTime, paymentState } from '../../../lib/payment.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { AdminOrderDetails } from './admin-order-details.tsx';
import { MOVE_WORDING, MoveOrderDialog, type OrderMove } from './move-order-dialog.tsx';
import { ShipmentCard } from './shipment-card.tsx';
import { t, type AdminText } from '../i18n.ts';
import { useAdminUser } from './use-admin-user.ts';

/** Why an order offers no move: its last step, or Paymob's answer is what moves it (PRODUCT section 4). */
const FINAL_NOTES = {
  delivered: 'Delivered: nothing more to do.',
  canceled: 'Canceled: nothing more to do.',
  'awaiting-payment': 'Waiting for the customer’s payment: the payment’s answer places the order or releases its pieces.',
  'payment-failed': 'Not paid: the order was not placed and its pieces went back to stock.',
} as const satisfies Partial<Record<OrderStatusName, AdminText>>;

/** How a Paymob order is paid and where its payment stands; nothing for cash or SPEC's card. */
function PaymobPayment({ order }: { order: Order }) {
  const state = paymentState(order);
  if (state.kind === 'none' || !order.payment) return null;
  const way = t(METHOD_NAMES[order.payment.method]);
  const now = Date.now();
  const words =
    state.kind === 'paid'
      ? t(PAID_WITH[state.method])
      : state.kind === 'failed'
        ? t('{way}: the payment failed', { way })
        : t('{way}: waiting for the payment until {time} (Cairo time)', { way, time: formatHoldTime(state.holdUntil, getLang(), now) });
  return (
    <p className="admin-order__payment">
      <span>{words}</span>
      {state.kind === 'awaiting' && state.reference ? (
        <span className="muted"> · {t('Kiosk reference')} <bdi className="tabular" translate="no">{state.reference}</bdi></span>
      ) : null}
    </p>
  );
}

/** One order of any customer, as the admin sees it: its status and history, the moves it allows, lines, totals, billing. */
export function OrderPage() {
  const admin = useAdminUser();
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  const number = order.data ? formatOrderNumber(order.data.number, getLang()) : null;
  useDocumentTitle(number ? t('Order {number}', { number }) : t('Order details'));
  const [move, setMove] = useState<OrderMove | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const closeDialog = useCallback(() => setMove(null), []);
  const back = <BackLink to={dashboardPath(admin.username, 'orders')}>{t('All orders')}</BackLink>;

  if (order.error && !order.data) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        {back}
        <EmptyState
          icon={<ReceiptText size={32} />}
          title={missing ? t('Order not found') : t('This order could not be loaded')}
          text={missing ? t('It may have been removed.') : sentence(order.error.message)}
          action={<Link to={dashboardPath(admin.username, 'orders')} className={buttonClass('secondary')}>{t('Back to orders')}</Link>}
        />
      </>
    );
  }
  const data = order.data;
  if (!data) {
    return (
      <>
        {back}
        <div className="skeleton admin-order__skeleton" aria-busy="true" aria-label={t('Loading the order')} />
      </>
    );
  }

  // an order waiting for its payment or not paid (Paymob) is moved by no one: nextStatuses answers none
  const moves = nextStatuses(data.status).filter((to): to is Exclude<PlacedStatus, 'accepted'> => isPlaced(to) && to !== 'accepted');
  return (
    <>
      {back}
      <header className="admin-head">
        <div>
          <h1 className="page-title admin-head__title">{t('Order {number}', { number: number! })}</h1>
          <p className="muted admin-head__text">
            <bdi className="admin-strong">{data.firstName} {data.secondName}</bdi>{' · '}
            {/* bdi: the handle reads left to right in an Arabic line too ("@name", not "name@") */}
            {data.user === null ? <><span>{t('Guest')}</span>{' · '}</> : data.username ? <><bdi>@{data.username}</bdi>{' · '}</> : null}
            {t(isPlaced(data.status) ? 'Placed on {date}' : 'Started on {date}', { date: formatDate(data.createdAt, getLang()) })} · <OrderStatus status={data.status} />
          </p>
        </div>
      </header>
      <section className="order__card admin-order__status" aria-labelledby="order-status-title">
        <h2 id="order-status-title" className="order__heading">{t('Status')}</h2>
        <OrderTimeline order={data} headingId="order-status-title" showWho />
        <PaymobPayment order={data} />
        {moves.length > 0 ? (
          <div className="admin-order__moves">
            {moves.map((to) => (
              <button
                key={to}
                type="button"
                className={buttonClass(to === 'canceled' ? 'danger' : 'primary')}
                onClick={(event) => {
                  trigger.current = event.currentTarget;
                  setMove({ order: data, to });
                }}
              >
                {t(MOVE_WORDING[to].confirm)}
              </button>
            ))}
          </div>
        ) : (
          <p className="muted admin-order__final">{t(FINAL_NOTES[data.status as keyof typeof FINAL_NOTES] ?? FINAL_NOTES.canceled)}</p>
        )}
      </section>
      <ShipmentCard order={data} />
      <AdminOrderDetails order={data} />
      <MoveOrderDialog move={move} onClose={closeDialog} returnFocus={trigger} />
    </>
  );
}
