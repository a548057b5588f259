import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import type { Governorate, PaymentWay } from '@shop/core/constants';
import { announce } from '../lib/announce.ts';
import { applyCode, removeCode } from '../lib/cart-price.ts';
import { sentence, t } from '../lib/i18n.ts';
import { errorMessage, notify } from '../lib/toasts.ts';
import { useAction } from '../lib/use-action.ts';
import { Button } from './button.tsx';

interface CouponFieldProps {
  /** the code the cart's price carries now */
  applied: string | null;
  /** why the browser's code no longer applies (a visitor's cart) */
  refused?: string;
  governorate: Governorate;
  way: PaymentWay;
}

/**
 * The discount code of the cart and the checkout: apply, remove, and the reason a code is refused, shown at the field
 * and said to screen readers. Not a form of its own (the checkout's form holds it): Enter in the field applies.
 */
export function CouponField({ applied, refused, governorate, way }: CouponFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? refused ?? null;

  const [apply, applying] = useAction(async () => {
    const typed = code.trim();
    if (!typed) {
      setError('Code is required');
      announce(sentence('Code is required'), 'assertive');
      input.current?.focus();
      return;
    }
    try {
      const message = await applyCode(typed, governorate, way);
      setError(null);
      setCode('');
      notify.success(message);
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      announce(sentence(message), 'assertive');
      input.current?.focus();
    }
  });
  const [remove, removing] = useAction(async () => {
    try {
      notify.success(await removeCode(governorate, way));
      setError(null);
      // the field takes the place of the Remove button: the focus goes there
      requestAnimationFrame(() => input.current?.focus());
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // not the checkout's submit
    event.preventDefault();
    void apply();
  };

  return (
    <div className="coupon">
      {applied ? (
        <p className="coupon__applied">
          <span>{t('Code {code} applied', { code: applied })}</span>
          <Button variant="quiet" small onClick={() => void remove()} busy={removing} aria-label={t('Remove code {code}', { code: applied })}>
            {t('Remove')}
          </Button>
        </p>
      ) : (
        <>
          <label htmlFor={id}>{t('Discount code')}</label>
          <div className="coupon__row">
            <input
              ref={input}
              id={id}
              className="input"
              name="couponCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${id}-error` : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
            />
            <Button variant="secondary" onClick={() => void apply()} busy={applying}>{t('Apply')}</Button>
          </div>
        </>
      )}
      {shown ? (
        <p id={`${id}-error`} className="field__error">
          <CircleAlert size={16} aria-hidden="true" />
          <span>{sentence(shown)}</span>
        </p>
      ) : null}
    </div>
  );
}
