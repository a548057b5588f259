import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { formatEgp } from '@shop/core/money';
import { Button } from '../../../components/button.tsx';
import { focusField } from '../../../lib/focus.ts';
import { minutesLeft } from '../../../lib/payment.ts';
import type { CheckoutAnswer } from '../api/start-checkout.ts';
import { PIXEL_ELEMENT_ID, loadPixel } from '../pixel.ts';
import './pixel-payment.css';
import { getLang, plural, t } from '../../../lib/i18n.ts';

interface PixelPaymentProps {
  answer: CheckoutAnswer;
  /** the address of Paymob's embedded checkout script (the public config's `pixelScript`) */
  script: string;
  /** the order's own page, where the shopper goes once the card form is done (or to see it at any time) */
  orderPath: string;
  onComplete: () => void;
  onCancel: () => void;
}

/**
 * The card way after the order is written (PRODUCT section 4): Paymob's embedded card form for its payment, in this
 * page. Whether it was paid is Paymob's callback's to say; the order's page shows it as soon as it knows.
 */
export function PixelPayment({ answer, script, orderPath, onComplete, onCancel }: PixelPaymentProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const drawn = useRef<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // the latest callbacks, so the form drawn once keeps calling the page's current ones
  const callbacks = useRef({ onComplete, onCancel });
  useEffect(() => {
    callbacks.current = { onComplete, onCancel };
  }, [onComplete, onCancel]);

  useEffect(() => {
    focusField(heading.current);
  }, []);

  useEffect(() => {
    // one form per payment (StrictMode runs effects twice in development)
    if (drawn.current === answer.clientSecret) return;
    let stale = false;
    setState('loading');
    loadPixel(script)
      .then((Pixel) => {
        if (stale || drawn.current === answer.clientSecret) return;
        drawn.current = answer.clientSecret;
        new Pixel({
          publicKey: answer.publicKey,
          clientSecret: answer.clientSecret,
          paymentMethods: ['card'],
          elementId: PIXEL_ELEMENT_ID,
          disablePay: false,
          afterPaymentComplete: async () => {
            callbacks.current.onComplete();
          },
          onPaymentCancel: () => {
            callbacks.current.onCancel();
          },
        });
        setState('ready');
      })
      .catch(() => {
        if (!stale) setState('failed');
      });
    return () => {
      stale = true;
    };
  }, [answer.clientSecret, answer.publicKey, script, attempt]);

  const minutes = answer.order.payment ? minutesLeft(answer.order.payment.holdUntil, Date.now()) : 0;
  return (
    <section className="checkout__section pixel-payment" aria-labelledby="pixel-payment-title">
      <h2 id="pixel-payment-title" ref={heading} tabIndex={-1} className="checkout__heading">{t('Pay by card')}</h2>
      <p className="pixel-payment__total">
        <span>{t('Total')}</span> <strong className="tabular">{formatEgp(answer.order.totalPrice, getLang())}</strong>
      </p>
      {minutes > 0 ? <p className="muted">{plural('We hold your order for {count} minutes while you pay.', minutes)}</p> : null}
      <div id={PIXEL_ELEMENT_ID} className="pixel-payment__element" aria-busy={state === 'loading'} />
      {state === 'loading' ? <div className="skeleton pixel-payment__skeleton" role="status" aria-label={t('Loading the card form')} /> : null}
      {state === 'failed' ? (
        <div className="card-payment__unavailable" role="alert">
          <p>{t('The card form could not be loaded.')}</p>
          <Button variant="secondary" small onClick={() => setAttempt((count) => count + 1)}>{t('Try again')}</Button>
        </div>
      ) : null}
      <p className="card-payment__secure">
        <Lock size={14} aria-hidden="true" />
        {t('Your order is placed only after your card payment goes through.')}
      </p>
      <Link to={orderPath} className="pixel-payment__order">{t('See your order')}</Link>
    </section>
  );
}
