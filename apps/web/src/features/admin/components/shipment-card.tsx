import { useState } from 'react';
import { formatEgp } from '@shop/core/money';
import type { Order } from '@shop/core/contract/orders';
import { buttonClass } from '../../../components/button.tsx';
import { OrderShipment, courierName } from '../../../components/order-shipment.tsx';
import { getLang, sentence } from '../../../lib/i18n.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { downloadWaybill, sendToCourier, useCourier } from '../api/shipments.ts';
import { formatNumber, t } from '../i18n.ts';

/**
 * The order's parcel with the courier on the dashboard (PRODUCT section 9): where it is and the cash it carries, its
 * waybill to print, and "Send to Bosta" for a confirmed order not yet sent (once: a second click answers the same).
 */
export function ShipmentCard({ order }: { order: Order }) {
  const courier = useCourier();
  const [busy, setBusy] = useState<'send' | 'waybill' | null>(null);
  const shipment = order.shipment;
  const sendable = order.status === 'accepted' && (!shipment || shipment.state === 'ended');
  // without a courier set up, staff ship by hand as before: the card appears only with one, or once an order has a parcel
  if (!shipment && (!sendable || !courier)) return null;
  const money = (amount: number) => formatEgp(amount, getLang());

  const send = async () => {
    setBusy('send');
    try {
      notify.success(sentence(await sendToCourier(order._id)));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const print = async () => {
    setBusy('waybill');
    try {
      await downloadWaybill(order._id, `waybill-${order.number}.pdf`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="order__card admin-order__shipment" aria-labelledby="shipment-title">
      <h2 id="shipment-title" className="order__heading">{t('Delivery by courier')}</h2>
      {shipment ? (
        <>
          <OrderShipment order={order} />
          <dl className="order__totals">
            <div><dt>{t('Cash to collect')}</dt><dd>{money(shipment.cod)}</dd></div>
            {shipment.codCollected !== null ? <div><dt>{t('Cash collected')}</dt><dd>{money(shipment.codCollected)}</dd></div> : null}
            {shipment.attempts > 0 ? <div><dt>{t('Delivery attempts')}</dt><dd className="tabular">{formatNumber(shipment.attempts)}</dd></div> : null}
            {shipment.exception ? <div><dt>{t('Courier’s note')}</dt><dd><bdi>{shipment.exception}</bdi></dd></div> : null}
          </dl>
        </>
      ) : (
        <p className="muted">{t('Not sent to a courier yet.')}</p>
      )}
      <div className="admin-order__moves">
        {sendable && courier ? (
          order.confirmation?.status === 'pending' ? (
            <p className="muted">{t('Confirm the order before sending it to the courier.')}</p>
          ) : (
            <button type="button" className={buttonClass('primary')} disabled={busy !== null} aria-busy={busy === 'send'} onClick={() => void send()}>
              {busy === 'send' ? t('Sending…') : t('Send to {courier}', { courier: courierName(courier) })}
            </button>
          )
        ) : null}
        {shipment?.trackingNumber && shipment.state !== 'ended' ? (
          <button type="button" className={buttonClass('secondary')} disabled={busy !== null} aria-busy={busy === 'waybill'} onClick={() => void print()}>
            {t('Print waybill')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
