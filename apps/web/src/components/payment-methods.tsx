import { t } from '../lib/i18n.ts';
// a file of its own (not inlined): the marks are artwork, not script, and stay out of the first load's JavaScript
import paymentMethods from './payment-methods.svg?no-inline';

/** The ways a shopper can pay, drawn as simple marks (no brand artwork copied). */
export function PaymentMethods() {
  return <img src={paymentMethods} width={208} height={32} alt={t('We accept Visa, Mastercard and cash on delivery')} loading="lazy" decoding="async" />;
}
