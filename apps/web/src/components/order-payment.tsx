import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import type { Order } from '@shop/core/contract/orders';
import { buttonClass } from './button.tsx';
import { notify } from '../lib/toasts.ts';
import { PAID_WITH, formatHoldTime, groupReference, paymentState, timeLeft, type TimePart } from '../lib/payment.ts';
import './order-payment.css';
import { getLang, plural, sentence, t } from '../lib/i18n.ts';

/** Re-renders every half minute, so "held for N minutes" counts down while the page is open. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The time left as people say it: "1 day 23 hours" ("يوم واحد و٢٣ ساعة"), "2 hours 5 minutes", "4 minutes". */
function saidTimeLeft(parts: readonly TimePart[]): string {
  const said = parts.map((part) => plural(`{count} ${part.unit}`, part.count));
  return said.length === 2 ? t('{larger} {smaller}', { larger: said[0]!, smaller: said[1]! }) : (said[0] ?? '');
}

/**
 * A Paymob order's payment on the shopper's pages (PRODUCT section 4): waiting for it (until when, how long is left,
 * a kiosk's reference, and `pay`: how to finish paying), paid and how, or not paid and so not placed. Nothing for an
 * order paid another way.
 */
export function OrderPayment({ order, pay }: { order: Pick<Order, 'status' | 'payment'>; pay?: ReactNode }) {
  const state = paymentState(order);
  const now = useNow(state.kind === 'awaiting');
  // the page saw the order waiting and now Paymob has answered: say so (a toast is also heard by a screen reader)
  const seen = useRef(order.status);
  useEffect(() => {
    if (seen.current === 'awaiting-payment' && order.status === 'accepted') notify.success(MESSAGES.orderPaid);
    if (seen.current === 'awaiting-payment' && order.status === 'payment-failed') notify.error(MESSAGES.paymentFailed);
    seen.current = order.status;
  }, [order.status]);

  if (state.kind === 'none') return null;
  if (state.kind === 'paid') {
    return (
      <p className="order-payment order-payment--paid">
        <CircleCheck size={20} aria-hidden="true" /> {t(PAID_WITH[state.method])}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="order-payment order-payment--failed">
        <p className="order-payment__title">
          <CircleX size={20} aria-hidden="true" /> {sentence(MESSAGES.paymentFailed)}
        </p>
        <p className="muted">{t('Nothing was charged for it. The pieces are back in the shop for you to order again.')}</p>
        <Link to="/shop" className={buttonClass('secondary')}>{t('Back to the shop')}</Link>
      </div>
    );
  }

  const time = formatHoldTime(state.holdUntil, getLang(), now);
  const left = timeLeft(state.holdUntil, now);
  return (
    <div className="order-payment order-payment--awaiting">
      <p className="order-payment__title">
        <Clock size={20} aria-hidden="true" /> {t('Waiting for your payment')}
      </p>
      {state.method === 'kiosk' && state.reference ? (
        <>
          <p className="order-payment__reference-label">{t('Your kiosk reference')}</p>
          <p className="order-payment__reference tabular" dir="ltr" translate="no">{groupReference(state.reference)}</p>
          <p>{t('Pay at any Fawry or Aman kiosk with this reference before {time}.', { time })}</p>
        </>
      ) : state.method === 'kiosk' ? (
        <p>{t('Your kiosk reference will show here as soon as it is ready.')}</p>
      ) : null}
      <p className="muted">
        {left.length > 0
          ? `${t('Your order is held until {time} (Cairo time).', { time })} ${t('{time} left.', { time: saidTimeLeft(left) })}`
          : t('The time to pay is over; we are checking for your payment.')}
      </p>
      {left.length > 0 ? pay : null}
      <p className="muted order-payment__note">{t('This page updates by itself once your payment is received.')}</p>
    </div>
  );
}
