import { CreditCard, Smartphone, Store } from 'lucide-react';
import type { PaymobMethod } from '@shop/core/constants';
import { Button } from '../../../components/button.tsx';
import { METHOD_HINTS, METHOD_NAMES, paymentFlow } from '../../../lib/payment.ts';
import { t } from '../../../lib/i18n.ts';

const ICONS = { card: CreditCard, wallet: Smartphone, kiosk: Store } as const satisfies Record<PaymobMethod, unknown>;

interface PaymobWayProps {
  method: PaymobMethod;
  chosen: boolean;
  /** the order is being written or the shopper is on their way to Paymob: the choice and the button wait */
  busy: boolean;
  onChoose: (method: PaymobMethod) => void;
  /** nothing to pay for yet (the cart is loading) */
  disabled: boolean;
}

/** One of Paymob's ways in the checkout's payment choice (PRODUCT section 4), with its line and, once chosen, its button. */
export function PaymobWay({ method, chosen, busy, onChoose, disabled }: PaymobWayProps) {
  const Icon = ICONS[method];
  const hintId = `payment-way-${method}-hint`;
  return (
    <div className={`payment-way${chosen ? ' payment-way--open' : ''}`}>
      <label className="payment-way__option payment-way__option--hinted">
        <input
          type="radio"
          name="wayForPayment"
          value={method}
          checked={chosen}
          aria-describedby={hintId}
          aria-disabled={busy}
          onChange={() => !busy && onChoose(method)}
        />
        <Icon size={20} aria-hidden="true" />
        <span className="payment-way__name">
          <span>{t(METHOD_NAMES[method])}</span>
          <span id={hintId} className="payment-way__hint">{t(METHOD_HINTS[method])}</span>
        </span>
      </label>
      {chosen ? (
        <div className="payment-way__panel">
          <p>
            {paymentFlow(method) === 'pixel'
              ? t('We keep your pieces for you while you pay by card on this page. Your order is placed once the payment goes through.')
              : t('We keep your pieces for you while you pay on the secure payment page, then bring you back here.')}
          </p>
          <Button type="submit" variant="primary" block busy={busy} disabled={disabled}>
            {busy ? t('Placing your order…') : t('Place order and pay')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
