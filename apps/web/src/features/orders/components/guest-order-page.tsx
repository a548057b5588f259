import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CircleCheck, ReceiptText } from 'lucide-react';
import { isPlaced } from '@shop/core/order-status';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderDetails } from '../../../components/order-details.tsx';
import { OrderPayment } from '../../../components/order-payment.tsx';
import { OrderShipment } from '../../../components/order-shipment.tsx';
import { OrderStatus } from '../../../components/order-status.tsx';
import { OrderTimeline } from '../../../components/order-timeline.tsx';
import { NewPasswordField } from '../../../components/text-field.tsx';
import { openAuthModal } from '../../../lib/auth-modal-store.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { usePollWhile } from '../../../lib/use-poll.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { claimGuestOrder, useGuestOrder } from '../api/guest-order.ts';
import { FinishPayment } from './finish-payment.tsx';
import './orders.css';
import { getLang, t } from '../../../lib/i18n.ts';

const loadChecks = () => import('@shop/core/forms');

/**
 * A guest's order (PRODUCT section 8, "Guest checkout"), at `/orders/{id}?token=…`: the confirmation right after the
 * order, and the page its mail links to, without an account. A guest may make an account here with one password;
 * the account then owns the order.
 */
export function GuestOrderPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const user = useSession();
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const order = useGuestOrder(orderId, token);
  // Paymob's answer moves a waiting order (PRODUCT section 4): read it again until it has
  usePollWhile(order.data?.status === 'awaiting-payment', order.refetch);
  const number = order.data ? formatOrderNumber(order.data.number, getLang()) : null;
  useDocumentTitle(placed ? t('Thank you for your order') : number ? t('Order {number}', { number }) : t('Order details'));

  // a link without its token: a customer's own order is in My Orders
  if (!token) {
    if (user && !user.isAdmin) return <Navigate to={accountPath(user.username, `my-orders/${encodeURIComponent(orderId)}`)} replace />;
    return (
      <div className="page page--narrow">
        <EmptyState icon={<ReceiptText size={32} />} title={t('This order could not be loaded')} text={t('Open the link in your order’s email to see it.')}
          action={<Link to="/shop" className={buttonClass('secondary')}>{t('Continue Shopping')}</Link>} />
      </div>
    );
  }
  if (order.error && !order.data) {
    return (
      <div className="page page--narrow">
        <EmptyState icon={<ReceiptText size={32} />} title={t('This order could not be loaded')} text={order.error.message}
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

  return (
    <div className="page">
      <header className="order-head">
        <h1 className="page-title">{placed ? t('Thank you for your order') : t('Order {number}', { number: number! })}</h1>
        {/* the confirmation: her order's number first, the one to quote (the Returns page asks for it) */}
        {placed ? <p className="order-head__number">{t('Order {number}', { number: number! })}</p> : null}
        {placed ? (
          <p className="guest-order__placed">
            <CircleCheck size={20} aria-hidden="true" /> {t('We have emailed the order and this page’s link to {email}.', { email: data.email })}
          </p>
        ) : null}
        <p className="muted">
          {t(isPlaced(data.status) ? 'Placed on {date}' : 'Started on {date}', { date: formatDate(data.createdAt, getLang()) })} · <OrderStatus status={data.status} />
        </p>
      </header>
      {data.user !== null && !user ? (
        <p className="guest-order__owned">
          {t('This order is in an account now: log in to see it in My Orders.')}{' '}
          <Button variant="secondary" small onClick={() => openAuthModal('login')}>{t('Login')}</Button>
        </p>
      ) : null}
      <section className="order__card order-status-card" aria-labelledby="order-status-title">
        <h2 id="order-status-title" className="order__heading">{t('Status')}</h2>
        <OrderTimeline order={data} headingId="order-status-title" />
        <OrderShipment order={data} />
        <OrderPayment order={data} pay={<FinishPayment order={data} guestToken={token} />} />
      </section>
      <OrderDetails order={data} />
      {/* below the order she came to see: an account is an offer, not a step; an order still waiting for its payment, or
          not paid (Paymob), is not one to follow yet */}
      {data.user === null && !user && isPlaced(data.status) ? <CreateAccount orderId={data._id} token={token} email={data.email} /> : null}
    </div>
  );
}

/** One password: the account gets the order's email and name, owns this order, and is signed in. */
function CreateAccount({ orderId, token, email }: { orderId: string; token: string; email: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const fieldErrors = useFieldErrors<'password'>('guest-account');
  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = fieldErrors.accept((await loadChecks()).checkGuestAccount({ password }));
    if (!check) return;
    try {
      const answer = await claimGuestOrder(orderId, token, check.password);
      notify.success(answer.message);
      navigate(accountPath(answer.username, `my-orders/${encodeURIComponent(orderId)}`), { replace: true });
    } catch (error) {
      const message = errorMessage(error);
      notify.error(message);
      fieldErrors.show({ password: message }, 'password');
    }
  });
  return (
    <section className="order__card guest-account" aria-labelledby="guest-account-title">
      <h2 id="guest-account-title" className="order__heading">{t('Create an account')}</h2>
      <p className="muted">{t('Choose a password to follow this order and check out faster next time, as {email}.', { email })}</p>
      <form className="guest-account__form" noValidate onSubmit={(event) => void submit(event)}>
        <NewPasswordField label={t('Password')} field={fieldErrors.field('password')} name="password" value={password} onValue={setPassword} />
        <Button type="submit" busy={pending}>{t('Create an account')}</Button>
      </form>
    </section>
  );
}
