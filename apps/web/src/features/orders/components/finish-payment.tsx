import { useState } from 'react';
import type { PaymobMethod } from '@shop/core/constants';
import type { Order } from '@shop/core/contract/orders';
import { Button } from '../../../components/button.tsx';
import { METHOD_NAMES } from '../../../lib/payment.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { t } from '../../../lib/i18n.ts';
import { payOrder, useOfferedWays } from '../api/pay-order.ts';

/**
 * How to finish paying an order awaiting its Paymob payment (issue 42): "Pay now" reopens Paymob's page for the payment
 * she started (a kiosk's: to get its reference), and another way opens a new one on Paymob's page. Paymob's answer,
 * not this page, then moves the order (the page reads it again by itself).
 */
export function FinishPayment({ order, guestToken }: { order: Pick<Order, '_id' | 'payment'>; guestToken: string | null }) {
  const ways = useOfferedWays();
  // the way being opened: the page is left for Paymob's, so the button stays busy until it goes
  const [opening, setOpening] = useState<PaymobMethod | 'again' | null>(null);
  const payment = order.payment;
  if (!payment) return null;

  const open = async (method: PaymobMethod | undefined) => {
    if (opening) return;
    setOpening(method ?? 'again');
    try {
      const answer = await payOrder(order._id, method, guestToken);
      window.location.assign(answer.checkoutUrl);
    } catch (error) {
      notify.error(errorMessage(error));
      setOpening(null);
    }
  };
  // a kiosk reference is paid at a kiosk: nothing to open again once it is here
  const again = payment.method === 'kiosk' && payment.reference ? null : payment.method === 'kiosk' ? t('Get your kiosk reference') : t('Pay now');
  const others = ways.filter((way) => way !== payment.method);
  return (
    <div className="finish-payment">
      {again ? (
        <Button busy={opening === 'again'} onClick={() => void open(undefined)}>
          {again}
        </Button>
      ) : null}
      {others.length > 0 ? (
        <div className="finish-payment__ways" role="group" aria-labelledby={`other-ways-${order._id}`}>
          <p id={`other-ways-${order._id}`} className="finish-payment__label">{t('Pay another way')}</p>
          <div className="finish-payment__buttons">
            {others.map((way) => (
              <Button key={way} variant="secondary" small busy={opening === way} onClick={() => void open(way)}>
                {t(METHOD_NAMES[way])}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
