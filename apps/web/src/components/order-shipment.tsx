import { Truck } from 'lucide-react';
import type { Order } from '@shop/core/contract/orders';
import type { ShipmentState } from '@shop/core/contract/shipping';
import './order-shipment.css';
import { t, type UiText } from '../lib/i18n.ts';

/** Where the parcel is, in the shopper's words (PRODUCT section 9). */
export const SHIPMENT_STATE_LABELS: Record<ShipmentState, UiText> = {
  pending: 'Being handed to the courier',
  created: 'Waiting for the courier to pick it up',
  'picked-up': 'Picked up by the courier',
  'in-transit': 'On its way',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  exception: 'The courier could not deliver it yet and will try again',
  returned: 'Returned to the shop',
  ended: 'The courier stopped this delivery',
};

/** A courier's name as people know it: a brand's, written as it writes itself in both languages. */
export const courierName = (courier: string): string => (courier === 'bosta' ? 'Bosta' : courier);

/**
 * The order's parcel with the courier, on the shopper's pages and the dashboard: where it is, its tracking number and
 * the courier's page to follow it. Nothing before the shop sends it.
 */
export function OrderShipment({ order }: { order: Pick<Order, 'shipment'> }) {
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <div className="order-shipment">
      <Truck size={18} aria-hidden="true" className="order-shipment__icon" />
      <div>
        <p className="order-shipment__state">
          {/* the brand's name reads left to right in an Arabic line too */}
          <span>{t('With {courier}', { courier: '\u2068' + courierName(shipment.courier) + '\u2069' })}</span>
          {': '}
          <strong>{t(SHIPMENT_STATE_LABELS[shipment.state])}</strong>
        </p>
        {shipment.trackingNumber ? (
          <p className="muted order-shipment__number">
            {t('Tracking number')} <bdi className="tabular" translate="no">{shipment.trackingNumber}</bdi>
          </p>
        ) : null}
        {shipment.trackingUrl ? (
          <a className="order-shipment__link" href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            {t('Follow your parcel')}
          </a>
        ) : null}
      </div>
    </div>
  );
}
