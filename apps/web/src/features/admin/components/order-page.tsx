import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { nextStatuses } from '@shop/core/order-status';
import { formatDate } from '@shop/core/text';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderStatus } from '../../../components/order-status.tsx';
import { OrderTimeline } from '../../../components/order-timeline.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, sentence } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { AdminOrderDetails } from './admin-order-details.tsx';
import { MOVE_WORDING, MoveOrderDialog, type OrderMove } from './move-order-dialog.tsx';
import { t } from '../i18n.ts';
import { useAdminUser } from './use-admin-user.ts';

/** One order of any customer, as the admin sees it: its status and history, the moves it allows, lines, totals, billing. */
export function OrderPage() {
  useDocumentTitle(t('Order details'));
  const admin = useAdminUser();
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
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

  const moves = nextStatuses(data.status).filter((to) => to !== 'accepted');
  return (
    <>
      {back}
      <header className="admin-head">
        <div>
          <h1 className="page-title admin-head__title">{t('Order of {name}', { name: `${data.firstName} ${data.secondName}` })}</h1>
          <p className="muted admin-head__text">
            {/* bdi: the handle reads left to right in an Arabic line too ("@name", not "name@") */}
            {data.user === null ? <><span>{t('Guest')}</span>{' · '}</> : data.username ? <><bdi>@{data.username}</bdi>{' · '}</> : null}
            {t('Placed on {date}', { date: formatDate(data.createdAt, getLang()) })} · <OrderStatus status={data.status} />
          </p>
        </div>
      </header>
      <section className="order__card admin-order__status" aria-labelledby="order-status-title">
        <h2 id="order-status-title" className="order__heading">{t('Status')}</h2>
        <OrderTimeline order={data} headingId="order-status-title" showWho />
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
          <p className="muted admin-order__final">{data.status === 'delivered' ? t('Delivered: nothing more to do.') : t('Canceled: nothing more to do.')}</p>
        )}
      </section>
      <AdminOrderDetails order={data} />
      <MoveOrderDialog move={move} onClose={closeDialog} returnFocus={trigger} />
    </>
  );
}
