import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@shop/core/contract/orders';
import { Link, useSearchParams } from 'react-router';
import { Package } from 'lucide-react';
import { formatEgp } from '@shop/core/money';
import { ORDER_STATUSES, type OrderStatus as Status } from '@shop/core/order-status';
import { MESSAGES } from '@shop/core/messages';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber, readOrderNumber } from '@shop/core/order-number';
import { buttonClass } from '../../../components/button.tsx';
import '../../../components/form-field.css';
import { OrderStatus, STATUS_WORDS } from '../../../components/order-status.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { paymentWayName } from '../../../lib/payment.ts';
import { getLang, sentence } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { useAdminUser } from './use-admin-user.ts';
import { adminOrdersKey, useAdminOrders, type StatusFilter } from '../api/get-orders.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { DateHeader } from './date-header.tsx';
import { MoveOrderDialog, type OrderMove } from './move-order-dialog.tsx';
import { useListParams } from './use-list-params.ts';
import { courierName } from '../../../components/order-shipment.tsx';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { bookPickup, sendManyToCourier, useCourier } from '../api/shipments.ts';
import { addDays, cairoDate } from '@shop/core/report-dates';
import { formatNumber } from '../i18n.ts';
import { t } from '../i18n.ts';

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
  const search = params.get('search') || null;
  const orders = useAdminOrders(page, order, status, search);
  const [move, setMove] = useState<OrderMove | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const closeDialog = useCallback(() => setMove(null), []);
  // with a courier set up (PRODUCT section 9): orders chosen on this page, sent together
  const courier = useCourier();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<{ number: number; message: string }[]>([]);
  const sendable = (item: Order) => item.status === 'accepted' && (!item.shipment || item.shipment.state === 'ended') && item.confirmation?.status !== 'pending';
  const sendChosen = async () => {
    const list = orders.data?.items.filter((item) => chosen.has(item._id)) ?? [];
    setSending(true);
    try {
      const results = await sendManyToCourier(list.map((item) => item._id));
      const numberOf = new Map(list.map((item) => [item._id, item.number]));
      const failed = results.filter((result) => !result.ok).map((result) => ({ number: numberOf.get(result.order) ?? 0, message: sentence(result.message) }));
      setRefused(failed);
      setChosen(new Set());
      notify.success(t('Sent to the courier: {sent}. Not sent: {failed}.', { sent: formatNumber(results.length - failed.length), failed: formatNumber(failed.length) }));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <AdminHeader title={t('Orders')} text={t('Every order in the shop, newest first unless you sort by date.')} />
      <OrderSearch
        search={search}
        onSearch={(number) => {
          const next = new URLSearchParams(params);
          next.delete('page');
          if (number === null) next.delete('search');
          else next.set('search', String(number));
          setParams(next);
        }}
      />
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
            <option key={each} value={each}>{t(STATUS_WORDS[each])}</option>
          ))}
        </select>
      </div>
      {courier ? (
        <div className="admin-filter admin-bulk">
          <button type="button" className={buttonClass('primary')} disabled={chosen.size === 0 || sending} aria-busy={sending} onClick={() => void sendChosen()}>
            {t('Send selected to {courier}', { courier: courierName(courier) })}
          </button>
          <PickupForm />
          {refused.length > 0 ? (
            <ul className="admin-bulk__refused" aria-label={t('Not sent')}>
              {refused.map((each) => (
                <li key={each.number}>{t('Order {number}', { number: formatOrderNumber(each.number, getLang()) })}: {each.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <AdminList
        label={t('Orders')}
        loading="Loading orders…"
        failed="Orders could not be loaded"
        result={orders}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        count="{count} orders"
        columns={courier ? 8 : 7}
        head={
          <tr>
            {courier ? <th scope="col"><span className="visually-hidden">{t('Select')}</span></th> : null}
            <th scope="col">#</th>
            <th scope="col">{t('CUSTOMER')}</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
            <th scope="col">{t('PAYMENT')}</th>
            <th scope="col">{t('TOTAL')}</th>
            <th scope="col">{t('STATUS')}</th>
            <th scope="col"><span className="visually-hidden">{t('Actions')}</span></th>
          </tr>
        }
        renderRow={(item) => {
          const number = formatOrderNumber(item.number, getLang());
          return (
          <tr key={item._id}>
            {courier ? (
              <td className="admin-select">
                {sendable(item) ? (
                  <input
                    type="checkbox"
                    className="admin-select__box"
                    aria-label={t('Select order {number}', { number })}
                    checked={chosen.has(item._id)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(item._id);
                      else next.delete(item._id);
                      setChosen(next);
                    }}
                  />
                ) : null}
              </td>
            ) : null}
            <td className="tabular admin-strong" data-label="#">{number}</td>
            <td className="table__card-title">
              <span>
                <bdi className="admin-strong">{item.firstName} {item.secondName}</bdi>
                {item.user === null ? <span className="admin-sub">{t('Guest')}</span> : item.username ? <span className="admin-sub"><bdi>@{item.username}</bdi></span> : null}
              </span>
            </td>
            <td data-label={t('DATE')}>{formatDate(item.createdAt, getLang())}</td>
            <td data-label={t('PAYMENT')}>{t(paymentWayName(item))}</td>
            <td className="tabular" data-label={t('TOTAL')}>{formatEgp(item.totalPrice, getLang())}</td>
            <td data-label={t('STATUS')}><OrderStatus status={item.status} /></td>
            <td className="table__card-actions">
              <div className="admin-actions">
                <Link
                  to={dashboardPath(admin.username, `orders/${encodeURIComponent(item._id)}`)}
                  className={buttonClass('secondary', { small: true })}
                  aria-label={t('View order {number}', { number })}
                >
                  {t('View')}
                </Link>
                {item.status === 'accepted' || item.status === 'shipped' ? (
                  <button
                    type="button"
                    className={buttonClass('danger', { small: true })}
                    aria-label={t('Cancel order {number}', { number })}
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
          );
        }}
        empty={
          search
            ? {
                icon: <Package size={32} />,
                title: t('No order has the number {number}', { number: formatOrderNumber(Number(search), getLang()) }),
                text: t('Check the number the customer gave, or show every order.'),
              }
            : status
            ? { icon: <Package size={32} />, title: t(NONE_WITH_STATUS[status]), text: t('Choose another status to see more orders.') }
            : { icon: <Package size={32} />, title: t('No orders yet'), text: t('Orders placed by customers will be listed here.') }
        }
      />
      <MoveOrderDialog move={move} onClose={closeDialog} listKey={adminOrdersKey(order, page, status, search)} returnFocus={trigger} />
    </>
  );
}

/**
 * Finds an order by the number a customer quotes ("1001", "#1001", "١٠٠١"), as GET /api/orders?search= does; anything
 * that is not a number is said at the field, before any call.
 */
function OrderSearch({ search, onSearch }: { search: string | null; onSearch: (number: number | null) => void }) {
  const [text, setText] = useState(search ? formatOrderNumber(Number(search), getLang()) : '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(null);
      onSearch(null);
      return;
    }
    const number = readOrderNumber(text);
    setError(number === null ? sentence(MESSAGES.orderSearchNotNumber) : null);
    if (number !== null) onSearch(number);
  };
  return (
    <form className="admin-filter admin-search" role="search" noValidate onSubmit={submit}>
      <label htmlFor="order-search">{t('Order number')}</label>
      <input
        id="order-search"
        className="input admin-search__input"
        type="search"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        aria-describedby="order-search-hint"
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={buttonClass('secondary')}>{t('Find')}</button>
      {search ? (
        <button
          type="button"
          className={buttonClass('quiet')}
          onClick={() => {
            setText('');
            setError(null);
            onSearch(null);
          }}
        >
          {t('Show every order')}
        </button>
      ) : null}
      <p id="order-search-hint" className={error ? 'field__error admin-search__hint' : 'field__hint admin-search__hint'} role={error ? 'alert' : undefined}>
        {error ?? t('As the customer quotes it, like {example}', { example: formatOrderNumber(1001, getLang()) })}
      </p>
    </form>
  );
}

/** Books the courier's pickup for a day and a number of parcels; the courier's refusal is said as its sentence. */
function PickupForm() {
  const [date, setDate] = useState(() => addDays(cairoDate(), 1));
  const [parcels, setParcels] = useState('1');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      notify.success(sentence(await bookPickup(date, Number(parcels))));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="sales-range__custom admin-pickup" aria-label={t('Book a pickup')} onSubmit={(event) => void submit(event)}>
      <label>
        <span>{t('Pickup day')}</span>
        <input type="date" className="input" value={date} min={cairoDate()} required onChange={(event) => setDate(event.target.value)} />
      </label>
      <label>
        <span>{t('Parcels')}</span>
        <input type="number" className="input admin-pickup__count" inputMode="numeric" min={1} max={1000} value={parcels} required onChange={(event) => setParcels(event.target.value)} />
      </label>
      <button type="submit" className={buttonClass('secondary', { small: true })} disabled={busy} aria-busy={busy}>{t('Book a pickup')}</button>
    </form>
  );
}
